import type { ApiErrorBody, ERROR_TEXTS } from '@marquee/shared/errors';
import { getApiBase } from './config';
import { clearToken, getToken } from './cookies';
import i18n, { currentLocale } from './i18n';
import { rememberReturnTo } from './return-to';

export type ApiError = ApiErrorBody;

/** The spec's error texts (§8) in the interface language; English is exactly `ERROR_TEXTS`. */
const errorText = (key: keyof typeof ERROR_TEXTS) => i18n.t(`errors.${key}`);

export const LOGIN_PATH = '/auth/login';

type QueryValue = string | number | boolean | null | undefined | Array<string | number | boolean>;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * When false, a 401 is thrown as the response body instead of redirecting to the login page.
   * Only the login call itself needs this: a wrong password is not "session expired".
   */
  authRedirect?: boolean;
}

export interface UploadOptions {
  /** Called with the percentage sent (0-100) while the request body uploads. */
  onProgress?: (percent: number, event: { loaded: number; total: number }) => void;
  signal?: AbortSignal;
  method?: 'POST' | 'PUT';
  query?: Query;
}

export function buildUrl(path: string, query?: Query): string {
  const base = /^https?:\/\//.test(path) ? path : `${getApiBase()}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${qs}`;
}

function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Spec §8: any 401 sends the browser to /auth/login and fails with 'Forbidden in the action!'. */
function unauthorized(): Error {
  // The stored token is no longer valid; dropping it stops the next page load from repeating the 401.
  clearToken();
  const { pathname, search } = globalThis.location;
  if (pathname !== LOGIN_PATH) {
    rememberReturnTo(`${pathname}${search}`);
    globalThis.location.assign(LOGIN_PATH);
  }
  return new Error(errorText('unauthorized'));
}

/** The server ended this session (a socket's `auth/revoked`): the same as a 401, to the login page. */
export function sessionEnded(): void {
  unauthorized();
}

function parseText(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The response body as the error, in the one shape `{ statusCode, error, message }`. */
function toApiError(status: number, statusText: string, body: unknown): ApiError {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const obj = body as Partial<ApiError>;
    return {
      ...obj,
      statusCode: obj.statusCode ?? status,
      error: obj.error ?? statusText,
      message: obj.message ?? errorText('default'),
    } as ApiError;
  }
  return {
    statusCode: status,
    error: statusText || 'Error',
    message: typeof body === 'string' && body.length < 300 && body ? body : errorText('default'),
  };
}

function isBodyInit(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

export async function request<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  // The interface's language, so that server texts (errors) answer in it even when signed out.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
    ...authHeaders(),
    ...options.headers,
  };
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (isBodyInit(body)) payload = body;
    else {
      payload = JSON.stringify(body);
      headers['Content-Type'] = 'application/json';
    }
  }

  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: payload,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw { statusCode: 0, error: 'NetworkError', message: errorText('tryAgain') } satisfies ApiError;
  }

  if (res.status === 401 && options.authRedirect !== false) throw unauthorized();
  const parsed = res.status === 204 ? undefined : parseText(await res.text());
  // Read-only fetches and writes alike: only 200-299 is success; anything else throws the body.
  if (res.status < 200 || res.status >= 300) throw toApiError(res.status, res.statusText, parsed);
  return parsed as T;
}

/** Multipart upload through XMLHttpRequest, because fetch cannot report upload progress. */
export function upload<T = unknown>(path: string, formData: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal, method = 'POST', query } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(path, query));
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [key, value] of Object.entries(authHeaders())) xhr.setRequestHeader(key, value);

    const onAbortSignal = () => xhr.abort();
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    const cleanup = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.upload.onprogress = (event) => {
      if (!onProgress || !event.lengthComputable) return;
      onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)), {
        loaded: event.loaded,
        total: event.total,
      });
    };
    xhr.onload = () => {
      cleanup();
      if (xhr.status === 401) {
        reject(unauthorized());
        return;
      }
      const parsed = parseText(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100, { loaded: 1, total: 1 });
        resolve(parsed as T);
      } else reject(toApiError(xhr.status, xhr.statusText, parsed));
    };
    xhr.onerror = () => {
      cleanup();
      reject({ statusCode: 0, error: 'NetworkError', message: errorText('tryAgain') } satisfies ApiError);
    };
    xhr.onabort = () => {
      cleanup();
      reject(new DOMException('Upload cancelled', 'AbortError'));
    };
    xhr.send(formData);
  });
}

export const api = {
  get: <T = unknown>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, body, options),
  upload,
};

export function isApiError(err: unknown): err is ApiError {
  return !!err && typeof err === 'object' && 'statusCode' in err && typeof (err as ApiError).statusCode === 'number';
}

export function isAbortError(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

/** Spec §8 default: the message field of the error, or its nested message, or the default text. */
export function getErrorMessage(err: unknown, fallback: string = errorText('default')): string {
  if (!err) return fallback;
  if (typeof err === 'string') return err;
  if (err instanceof Error) return err.message || fallback;
  if (typeof err === 'object') {
    const message = (err as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
    if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
    if (message && typeof message === 'object') return getErrorMessage(message, fallback);
  }
  return fallback;
}
