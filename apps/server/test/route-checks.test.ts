import { describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from './factories';
import { useTestApp } from './harness';
import {
  expectForbiddenFor,
  expectRequiresAuth,
  isAdminRoute,
  listOperations,
  type Operation,
  requiresAuth,
  SAMPLE_ID,
  sampleFromSchema,
} from './route-checks';

const t = useTestApp();

/** Runs the check on every operation and lists every failure, so one run shows them all. */
async function collect(ops: Operation[], check: (op: Operation) => Promise<unknown>): Promise<string[]> {
  const failures: string[] = [];
  for (const op of ops) {
    try {
      await check(op);
    } catch (err) {
      failures.push(`${op.method} ${op.path}: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  return failures;
}

describe('common route checks over the OpenAPI document', () => {
  it('documents the routes, each with a tag and a summary', async () => {
    const ops = await listOperations(t().app);
    expect(ops.length).toBeGreaterThan(5);
    const doc = (await t().app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const op of ops) {
      const entry = doc.paths[op.path][op.method.toLowerCase()];
      expect(entry.tags?.length, `${op.method} ${op.path} has a tag`).toBeGreaterThan(0);
      expect(entry.summary, `${op.method} ${op.path} has a summary`).toBeTruthy();
    }
  });

  it('every /api/admin route refuses anonymous callers, fans and creators', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const adminOps = (await listOperations(app)).filter(isAdminRoute);
    const failures = await collect(adminOps, async (op) => {
      await expectRequiresAuth(app, op.method, op.url, op.body);
      await expectForbiddenFor(app, fan, op.method, op.url, op.body, [403]);
      await expectForbiddenFor(app, creator, op.method, op.url, op.body, [403]);
    });
    expect(failures, 'routes that let a non-admin through (check authorization before anything else)').toEqual([]);
  });

  it('every route that declares a security requirement refuses anonymous calls', async () => {
    const { app } = t();
    const secured = (await listOperations(app)).filter(requiresAuth);
    const failures = await collect(secured, (op) => expectRequiresAuth(app, op.method, op.url, op.body));
    expect(failures, 'secured routes that do not answer 401 first (call userOf before anything else)').toEqual([]);
  });
});

describe('the helpers themselves', () => {
  it('fail on a route that lets anyone in', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    await expect(expectRequiresAuth(app, 'GET', '/api/settings/public')).rejects.toThrow(/expected 401, got 200/);
    await expect(expectForbiddenFor(app, fan, 'GET', '/api/settings/public')).rejects.toThrow(/answered 200/);
  });

  it('build request bodies that pass a route’s validation', async () => {
    const { app } = t();
    const contact = (await listOperations(app)).find((op) => op.method === 'POST' && op.path === '/api/contact')!;
    const res = await app.inject({ method: 'POST', url: contact.url, payload: contact.body as object });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('build values from defaults, enums, formats, bounds and patterns', () => {
    expect(
      sampleFromSchema({
        type: 'object',
        required: ['id', 'kind', 'count', 'tags', 'when', 'code', 'page'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          kind: { type: 'string', enum: ['photo', 'video'] },
          count: { type: 'integer', minimum: 3 },
          tags: { type: 'array', minItems: 1, items: { type: 'string', minLength: 2, maxLength: 2 } },
          when: { type: 'string', format: 'date-time' },
          code: { type: 'string', pattern: '^[A-Za-z]{2}$' },
          page: { type: 'integer', default: 1 },
          optional: { type: 'string' },
        },
      }),
    ).toEqual({
      id: SAMPLE_ID,
      kind: 'photo',
      count: 3,
      tags: ['us'],
      when: '2030-01-01T00:00:00.000Z',
      code: 'us',
      page: 1,
    });
  });
});
