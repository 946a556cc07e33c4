import { ERROR_TEXTS } from '@marquee/shared/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, buildUrl, getErrorMessage } from './api';
import { removeCookie, setCookie } from './cookies';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let assign: ReturnType<typeof vi.fn>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  removeCookie('token');
  sessionStorage.clear();
  assign = vi.fn();
  // jsdom cannot navigate; a stand-in location records where the client sends the browser.
  vi.stubGlobal('location', { pathname: '/messages', search: '?page=2', protocol: 'http:', assign });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  delete window.__MARQUEE_CONFIG__;
});

describe('api client', () => {
  it('resolves the parsed JSON of a 2xx response', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: [{ _id: 'a' }], total: 1 }));
    await expect(api.get('/performers/top')).resolves.toEqual({ data: [{ _id: 'a' }], total: 1 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/performers/top');
    expect(init.method).toBe('GET');
  });

  it('treats 201 and 204 as success', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { _id: 'x' }));
    await expect(api.post('/reports', { reason: 'spam' })).resolves.toEqual({ _id: 'x' });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(api.delete('/follows/1')).resolves.toBeUndefined();
  });

  it('sends the token cookie as a Bearer Authorization header', async () => {
    setCookie('token', 'abc.def', 1);
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await api.get('/users/me');
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBe('Bearer abc.def');
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await api.get('/settings/public');
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBeUndefined();
  });

  it('sends JSON bodies with a JSON content type, and FormData untouched', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    await api.post('/auth/login', { username: 'ann', password: 'pw', remember: true });
    let init = fetchMock.mock.calls[0][1];
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body)).toEqual({ username: 'ann', password: 'pw', remember: true });

    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    await api.post('/performers/documents/upload', form);
    init = fetchMock.mock.calls[1][1];
    expect(init.body).toBe(form);
    expect(init.headers['Content-Type']).toBeUndefined();
  });

  it('on 401 sends the browser to /auth/login and fails with the catalogue text', async () => {
    setCookie('token', 'expired', 1);
    fetchMock.mockResolvedValue(
      jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'Session expired' }),
    );
    const err = (await api.get('/users/me').catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toBe('Forbidden in the action!');
    expect(err.message).toBe(ERROR_TEXTS.unauthorized);
    expect(assign).toHaveBeenCalledWith('/auth/login');
    expect(document.cookie).not.toContain('token=expired');
    expect(sessionStorage.getItem('marquee.returnTo')).toBe('/messages?page=2');
  });

  it('on 401 for writes too', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, {}));
    await expect(api.post('/follows/1')).rejects.toThrow('Forbidden in the action!');
    expect(assign).toHaveBeenCalledWith('/auth/login');
  });

  it('does not redirect again when already on the login page', async () => {
    vi.stubGlobal('location', { pathname: '/auth/login', search: '', protocol: 'http:', assign });
    fetchMock.mockResolvedValue(jsonResponse(401, {}));
    await expect(api.get('/users/me')).rejects.toThrow(ERROR_TEXTS.unauthorized);
    expect(assign).not.toHaveBeenCalled();
  });

  it('lets the login call see its own 401 body instead of redirecting', async () => {
    const body = { statusCode: 401, error: 'Unauthorized', message: 'Incorrect credentials!' };
    fetchMock.mockResolvedValue(jsonResponse(401, body));
    await expect(api.post('/auth/login', {}, { authRedirect: false })).rejects.toEqual(body);
    expect(assign).not.toHaveBeenCalled();
  });

  it('throws the parsed response body on any other failure', async () => {
    const body = { statusCode: 404, error: 'Not Found', message: 'Performer not found' };
    fetchMock.mockResolvedValueOnce(jsonResponse(404, body));
    await expect(api.get('/performers/nobody')).rejects.toEqual(body);

    const conflict = {
      statusCode: 409,
      error: 'Conflict',
      message: 'Username taken',
      details: [{ field: 'username', message: 'taken' }],
    };
    fetchMock.mockResolvedValue(jsonResponse(409, conflict));
    await expect(api.post('/auth/users/register', {})).rejects.toEqual(conflict);
    expect(assign).not.toHaveBeenCalled();
  });

  it('only counts 200-299 as success for reads (a 304 or 3xx is thrown)', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 302, statusText: 'Found' }));
    await expect(api.get('/trending')).rejects.toMatchObject({ statusCode: 302 });
  });

  it('gives a body that is not JSON the one error shape', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/trending')).rejects.toMatchObject({ statusCode: 502, error: 'Bad Gateway' });
  });

  it('uses the runtime apiBase and encodes query parameters', async () => {
    window.__MARQUEE_CONFIG__ = { apiBase: 'https://api.example.com/api/' };
    expect(buildUrl('/performers/search', { q: 'a b', page: 2, empty: '', none: undefined, tags: ['x', 'y'] })).toBe(
      'https://api.example.com/api/performers/search?q=a+b&page=2&tags=x&tags=y',
    );
  });
});

describe('getErrorMessage', () => {
  it('prefers the message, then a nested message, then the default text', () => {
    expect(getErrorMessage({ statusCode: 400, message: 'Bad username' })).toBe('Bad username');
    expect(getErrorMessage({ message: { message: 'Nested' } })).toBe('Nested');
    expect(getErrorMessage(undefined)).toBe('Something went wrong, please try again later');
    expect(getErrorMessage({}, ERROR_TEXTS.incorrectCredentials)).toBe('Incorrect credentials!');
  });
});

class FakeXhr {
  static last: FakeXhr;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  headers: Record<string, string> = {};
  method = '';
  url = '';
  status = 0;
  statusText = '';
  responseText = '';
  body: unknown;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
}

describe('api.upload', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));

  it('posts the form with the token and reports progress', async () => {
    setCookie('token', 't0k', 1);
    const onProgress = vi.fn();
    const form = new FormData();
    const promise = api.upload('/performer/feeds/photo/upload', form, { onProgress });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/performer/feeds/photo/upload');
    expect(xhr.headers.Authorization).toBe('Bearer t0k');
    expect(xhr.body).toBe(form);
    xhr.progress(50, 200);
    expect(onProgress).toHaveBeenLastCalledWith(25, { loaded: 50, total: 200 });
    xhr.respond(200, { _id: 'file1' });
    await expect(promise).resolves.toEqual({ _id: 'file1' });
  });

  it('cancels through an AbortSignal', async () => {
    const ctrl = new AbortController();
    const promise = api.upload('/x', new FormData(), { signal: ctrl.signal });
    ctrl.abort();
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('throws the body on failure and redirects on 401', async () => {
    let promise = api.upload('/x', new FormData());
    FakeXhr.last.respond(413, { statusCode: 413, error: 'Payload Too Large', message: 'File too large' });
    await expect(promise).rejects.toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'File too large' });

    promise = api.upload('/x', new FormData());
    FakeXhr.last.respond(401, {});
    await expect(promise).rejects.toThrow(ERROR_TEXTS.unauthorized);
    expect(assign).toHaveBeenCalledWith('/auth/login');
  });
});
