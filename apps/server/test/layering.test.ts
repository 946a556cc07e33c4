import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * The two directions that are never taken (ARCHITECTURE.md; docs/development.md): server
 * infrastructure (`src/lib`, `src/db`) imports no domain module, and the web kit (`src/lib`,
 * `src/components`) imports no feature. And the module walls (docs/development.md, "Module walls"):
 * a server module uses another only through its `index.ts`, an `index.ts` re-exports no repo, and
 * route files read no tables. Test files are exempt: they may build what they check.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Every import and re-export of the non-test sources under `dirs`: the file, the specifier, and
 * the target (repo-relative, for relative specifiers). */
function imports(dirs: string[]) {
  const found: Array<{ file: string; spec: string; target: string | null }> = [];
  for (const dir of dirs) {
    for (const file of sources(path.join(repo, dir))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^(?:import|export)[^'"]*from\s*'([^']+)'/gm)) {
        const spec = m[1]!;
        const target = spec.startsWith('.') ? path.relative(repo, path.resolve(path.dirname(file), spec)) : null;
        found.push({ file: path.relative(repo, file), spec, target });
      }
    }
  }
  return found;
}

function importsInto(dirs: string[], forbidden: string): string[] {
  return imports(dirs)
    .filter((i) => i.target?.startsWith(forbidden))
    .map((i) => `${i.file} imports ${i.spec}`);
}

const MODULES = 'apps/server/src/modules/';
/** The module a repo-relative path belongs to, and the path inside it (null outside any module). */
function moduleOf(p: string): { name: string; rest: string } | null {
  if (!p.startsWith(MODULES)) return null;
  const [name, ...rest] = p.slice(MODULES.length).split('/');
  return rest.length ? { name: name!, rest: rest.join('/') } : null;
}

it('server infrastructure imports no domain module', () => {
  expect(importsInto(['apps/server/src/lib', 'apps/server/src/db'], 'apps/server/src/modules')).toEqual([]);
});

it('the web kit imports no feature', () => {
  expect(importsInto(['apps/web/src/lib', 'apps/web/src/components'], 'apps/web/src/features')).toEqual([]);
});

it("a server module imports another module only through that module's index.ts", () => {
  const hits = imports([MODULES]).filter((i) => {
    const from = moduleOf(i.file);
    const to = i.target ? (moduleOf(i.target) ?? moduleOf(`${i.target}/index`)) : null;
    return from && to && from.name !== to.name && to.rest !== 'index';
  });
  expect(hits.map((i) => `${i.file} imports ${i.spec}`)).toEqual([]);
});

it('an index.ts re-exports no repo (another module calls the service, which decides what is public)', () => {
  const hits = imports([MODULES]).filter((i) => i.file.endsWith('/index.ts') && /\.repo$/.test(i.spec));
  expect(hits.map((i) => `${i.file} re-exports ${i.spec}`)).toEqual([]);
});

it('route files read no tables: no db/schema, no drizzle query helpers (the repo of the module does)', () => {
  const hits = imports([MODULES]).filter(
    (i) =>
      /\.routes\.ts$/.test(i.file) &&
      (i.target?.startsWith('apps/server/src/db/schema') || /^drizzle-orm(\/|$)/.test(i.spec)),
  );
  expect(hits.map((i) => `${i.file} imports ${i.spec}`)).toEqual([]);
});

it("admin checks live in policies: no inline `role === 'admin'` outside *.policy.ts and plugins/auth.ts", () => {
  // A new "admin may" rule is a named function in the module's <m>.policy.ts built on isAdmin /
  // ownsOrAdmin (docs/development.md, "Rules, once"); everything else calls it.
  const hits = sources(path.join(repo, 'apps/server/src')).flatMap((file) => {
    const rel = path.relative(repo, file);
    if (/\.policy\.ts$/.test(rel) || rel === 'apps/server/src/plugins/auth.ts') return [];
    return fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (/role\s*[!=]==?\s*['"]admin['"]/.test(line) ? [`${rel}:${i + 1}: ${line.trim()}`] : []));
  });
  expect(hits).toEqual([]);
});

/** An owner field compared with the acting account's id: `x.performerId !== user.id`, `actor.id === r.creatorId`. */
const OWNER_FIELD = '(?:performerId|creatorId|userId|ownerId|senderId|authorId)';
const ACTOR_ID = '(?<![\\w.])(?:user|actor|viewer|me)\\.id\\b';
const INLINE_OWNER_CHECK = new RegExp(
  `\\.${OWNER_FIELD}\\s*[!=]==?\\s*${ACTOR_ID}|${ACTOR_ID}\\s*[!=]==?\\s*[\\w!?.]+\\.${OWNER_FIELD}\\b`,
);

it('the owner check pattern finds the inline forms', () => {
  for (const line of [
    "if (r.performerId !== user.id) throw notFound('Release');",
    'if (!o || o.userId !== viewer.id) throw',
    '.filter((i) => i.creatorId === actor.id)',
    'if (viewer.id === stream!.performerId) role = body.role;',
  ])
    expect(line).toMatch(INLINE_OWNER_CHECK);
  for (const line of ['if (!canSignRelease(user, r)) throw', 'rows.filter((r) => r.user.id !== stream.performerId)'])
    expect(line).not.toMatch(INLINE_OWNER_CHECK);
});

it('owner checks live in policies: no inline `x.performerId !== user.id` in a module outside *.policy.ts', () => {
  // "Its owner may" is a named function in the module's <m>.policy.ts (canSeePayment, isProducer,
  // canEditComment, isStreamCreator …; docs/development.md, "Rules, once"); services and routes call it.
  const hits = sources(path.join(repo, MODULES)).flatMap((file) => {
    const rel = path.relative(repo, file);
    if (/\.policy\.ts$/.test(rel)) return [];
    return fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (INLINE_OWNER_CHECK.test(line) ? [`${rel}:${i + 1}: ${line.trim()}`] : []));
  });
  expect(hits).toEqual([]);
});
