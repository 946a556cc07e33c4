import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * Every web call goes through the typed client (docs/development.md, "The contract"): outside the
 * transport itself, no file imports the untyped `api`, `request` or `upload` of lib/api.ts, and none
 * names an answer type by hand with `useSWR<T>(url)`.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TRANSPORT = new Set(['lib/api.ts', 'lib/api-client.ts', 'lib/use-api.ts', 'app.tsx']);
const UNTYPED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'[./]*lib\/api'/g;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

it('no web file calls the API around the typed client', () => {
  const offenders: string[] = [];
  for (const file of sources(root)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (TRANSPORT.has(rel)) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(UNTYPED_IMPORT)) {
      const names = m[1]!.split(',').map((n) => n.trim().replace(/^type\s+/, ''));
      const untyped = names.filter((n) => ['api', 'request', 'upload'].includes(n));
      if (untyped.length) offenders.push(`${rel}: imports ${untyped.join(', ')} from lib/api`);
    }
    if (/useSWR<[^>]+>\(\s*[`'"]/.test(text)) offenders.push(`${rel}: useSWR<T>('/url') names an answer type by hand`);
  }
  expect(offenders).toEqual([]);
});
