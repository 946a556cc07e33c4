import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * The two directions that are never taken (ARCHITECTURE.md; docs/development.md): server
 * infrastructure (`src/lib`, `src/db`) imports no domain module, and the web kit (`src/lib`,
 * `src/components`) imports no feature. Test files are exempt: they may build what they check.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

function importsInto(dirs: string[], forbidden: string): string[] {
  const hits: string[] = [];
  for (const dir of dirs) {
    for (const file of sources(path.join(repo, dir))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^(?:import|export)[^'"]*from\s*'([^']+)'/gm)) {
        const spec = m[1]!;
        if (!spec.startsWith('.')) continue;
        const target = path.relative(repo, path.resolve(path.dirname(file), spec));
        if (target.startsWith(forbidden)) hits.push(`${path.relative(repo, file)} imports ${spec}`);
      }
    }
  }
  return hits;
}

it('server infrastructure imports no domain module', () => {
  expect(importsInto(['apps/server/src/lib', 'apps/server/src/db'], 'apps/server/src/modules')).toEqual([]);
});

it('the web kit imports no feature', () => {
  expect(importsInto(['apps/web/src/lib', 'apps/web/src/components'], 'apps/web/src/features')).toEqual([]);
});
