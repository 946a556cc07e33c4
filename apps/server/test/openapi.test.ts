import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { useTestApp } from './harness';

/**
 * The contract between server and web (docs/development.md, "The contract"): the OpenAPI document
 * the routes' zod schemas make is committed at packages/shared/openapi.json, and the web's types are
 * generated from it. This test fails when the committed document differs from what the app serves;
 * `npm run openapi` (OPENAPI_WRITE=1) writes it anew.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const OPENAPI_FILE = path.resolve(here, '../../../packages/shared/openapi.json');

const t = useTestApp();

it('the committed openapi.json is the document the routes make', async () => {
  const served = (await t().app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const text = `${JSON.stringify(served, null, 2)}\n`;
  if (process.env.OPENAPI_WRITE === '1') fs.writeFileSync(OPENAPI_FILE, text);
  const committed = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
  expect(committed === text, 'packages/shared/openapi.json is stale: run `npm run openapi` and commit it').toBe(true);
});
