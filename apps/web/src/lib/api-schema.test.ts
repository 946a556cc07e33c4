import fs from 'node:fs';
import { expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without types
import { renderApiTypes, typesFile } from '../../scripts/api-types.mjs';

it('api-schema.gen.ts is generated from the committed openapi.json', { timeout: 30_000 }, async () => {
  const expected: string = await renderApiTypes();
  const committed = fs.readFileSync(typesFile as string, 'utf8');
  expect(committed === expected, 'api-schema.gen.ts is stale: run `npm run openapi` and commit it').toBe(true);
});
