import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { guardRoute } from './auth';

/**
 * One sign-in idiom (issue 24 item 3; docs/development.md, "Rules, once"): a route says who may call
 * it with `config: { access }`, and the OpenAPI security requirement is written from that. A route
 * declaring `schema.security` by hand does not start.
 */
const t = useTestApp();

it('refuses a route that declares schema.security by hand', async () => {
  const app = Fastify();
  app.addHook('onRoute', guardRoute);
  expect(() => app.get('/by-hand', { schema: { security: [{ bearer: [] }] } }, async () => 'ok')).toThrow(
    /GET \/by-hand: declare who may call the route with config: \{ access \}/,
  );
});

it('puts the declared access in front of validation: 401 signed out, 403 wrong role, then the body is checked', async () => {
  const app = Fastify();
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    const role = req.headers['x-role'];
    req.user = typeof role === 'string' ? ({ id: 'u1', role } as never) : null;
  });
  app.setErrorHandler((e: { statusCode?: number }, _req, reply) => reply.code(e.statusCode ?? 500).send());
  app.addHook('onRoute', guardRoute);
  const body = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };
  app.post('/creators', { config: { access: 'performer' }, schema: { body } }, async () => 'ok');
  const call = (role?: string, payload: object = {}) =>
    app.inject({ method: 'POST', url: '/creators', payload, headers: role ? { 'x-role': role } : {} });
  expect((await call()).statusCode).toBe(401);
  expect((await call('user')).statusCode).toBe(403);
  expect((await call('performer')).statusCode).toBe(400);
  expect((await call('performer', { name: 'x' })).statusCode).toBe(200);
  expect((await call('admin', { name: 'x' })).statusCode).toBe(200);
});

it('the OpenAPI document marks exactly the routes that declare access as needing a bearer token', async () => {
  const doc = (await t().app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const op = (path: string, method: string) => doc.paths[path][method];
  expect(doc.security).toBeUndefined();
  expect(op('/api/users/me/locale', 'put').security).toEqual([{ bearer: [] }]); // access 'user'
  expect(op('/api/performer/earning/stats', 'get').security).toEqual([{ bearer: [] }]); // access 'performer'
  expect(op('/api/admin/payments/gateways', 'get').security).toEqual([{ bearer: [] }]); // access 'admin'
  expect(op('/api/settings/public', 'get').security).toBeUndefined(); // public
});
