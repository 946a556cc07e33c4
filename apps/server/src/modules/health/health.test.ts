import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { expectErrorShape } from '../../../test/route-checks';

const t = useTestApp();

describe('operations endpoints', () => {
  it('GET /api/health answers ok with the database kind once migrations ran (tests open the server by URL)', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'postgres',
    });
  });

  it('GET /api/health/live is 200 without touching anything; /api/health/ready checks the database and storage', async () => {
    const { app } = t();
    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ok',
      checks: { database: { ok: true }, storage: { ok: true } },
    });
    expect(ready.json().checks.redis).toBeUndefined();
  });

  it('every response carries a request id, and an incoming x-request-id is kept', async () => {
    const { app } = t();
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-abc-123' } });
    expect(res.headers['x-request-id']).toBe('trace-abc-123');
    const generated = await app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('GET /api/metrics is Prometheus text with request durations per route', async () => {
    const { app } = t();
    await app.inject({ method: 'GET', url: '/api/health' });
    const res = await app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+/,
    );
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('GET /api/docs/json is an OpenAPI 3 document listing the routes with their schemas', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Marquee API');
    for (const path of [
      '/api/health',
      '/api/settings/public',
      '/api/settings/keys',
      '/api/contact',
      '/api/re-captcha/verify',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const contact = doc.paths['/api/contact'].post;
    expect(contact.requestBody.content['application/json'].schema.required).toEqual(['name', 'email', 'message']);
    expect(doc.paths['/api/settings/public'].get.responses['200']).toBeDefined();
    expect(doc.paths).not.toHaveProperty(['/api/metrics']);
  });

  it('GET /api/docs serves the browsable HTML UI', async () => {
    const { app } = t();
    let res = await app.inject({ method: 'GET', url: '/api/docs' });
    if (res.statusCode >= 300 && res.statusCode < 400) {
      res = await app.inject({
        method: 'GET',
        url: new URL(res.headers.location as string, 'http://x/api/docs/').pathname,
      });
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/swagger/i);
  });
});

describe('error model (ARCHITECTURE.md: one JSON shape, validation names the field, never a 500 for bad input)', () => {
  it('a validation error names the field', async () => {
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ann', email: 'not-an-email', message: 'hello' },
    });
    const body = expectErrorShape(res, 400);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toBe('body.email: email must be a valid address');
    expect(body.details).toEqual([{ field: 'body.email', message: 'email must be a valid address' }]);
  });

  it('an unknown /api route is a 404 in the same JSON shape', async () => {
    const { app } = t();
    for (const [method, url] of [
      ['GET', '/api/no-such-thing'],
      ['POST', '/api/no/such/thing?x=1'],
      ['GET', '/api'],
    ] as const) {
      const body = expectErrorShape(await app.inject({ method, url }), 404, `${method} ${url}`);
      expect(body.message).toBe(`Route ${method} ${url.split('?')[0]} not found`);
    }
  });

  it('malformed JSON is a 400 that says so', async () => {
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ann", "email":',
    });
    const body = expectErrorShape(res, 400);
    expect(body.message).toMatch(/JSON/i);
  });

  it('the error carries the request id of the response', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': 'req-42' } });
    expect(res.json().requestId).toBe('req-42');
  });

  it('no kind of bad input produces a 500', async () => {
    const { app } = t();
    const huge = JSON.stringify({ name: 'a', email: 'a@b.co', message: 'x'.repeat(2 * 1024 * 1024) });
    const cases: Array<{ name: string; opts: InjectOptions; status?: number }> = [
      { name: 'array body', opts: { method: 'POST', url: '/api/contact', payload: [1, 2] as unknown as object } },
      {
        name: 'null body',
        opts: { method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: 'null' },
      },
      {
        name: 'wrong types',
        opts: { method: 'POST', url: '/api/contact', payload: { name: 5, email: [], message: {} } },
      },
      {
        name: 'empty body',
        opts: { method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '' },
      },
      {
        name: 'text/plain body',
        opts: { method: 'POST', url: '/api/contact', headers: { 'content-type': 'text/plain' }, payload: 'hi' },
        status: 400,
      },
      {
        name: 'unknown content type',
        opts: { method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/x-nope' }, payload: 'x' },
        status: 415,
      },
      {
        name: 'body over the limit',
        opts: { method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: huge },
        status: 413,
      },
      { name: 'bad settings keys', opts: { method: 'POST', url: '/api/settings/keys', payload: { keys: 'siteName' } } },
      {
        name: 'garbage bearer token',
        opts: { method: 'GET', url: '/api/settings/public', headers: { authorization: 'Bearer \u0000\u00ff' } },
        status: 200,
      },
    ];
    for (const c of cases) {
      const res = await app.inject(c.opts);
      expect(res.statusCode, `${c.name}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      if (c.status) expect(res.statusCode, c.name).toBe(c.status);
      if (res.statusCode >= 400) expectErrorShape(res, res.statusCode, c.name);
    }
  });

  it('a malformed url (bad percent-encoding, over-long parameter) is a 4xx JSON error, never a 500', async () => {
    const { app } = t();
    const bad = await app.inject({ method: 'GET', url: '/api/states/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'FST_ERR_BAD_URL' });
    const long = await app.inject({ method: 'GET', url: `/api/cities/US/${'x'.repeat(400)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ statusCode: 414, message: expect.any(String) });
  });

  // Fastify answers bad urls before routing, outside the error handler: the body lacks requestId.
  // Fix: a `frameworkErrors` option in buildApp (app.ts) that sends the one shape; then move the case above.
  it.todo('a malformed url answers in the one error shape, with a requestId');
});
