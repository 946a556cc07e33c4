#!/usr/bin/env node
/**
 * The JavaScript the first load of `/` needs, gzipped: the entry with everything it imports
 * statically (index.html), plus the home route's chunk and its static imports and the English
 * texts the route loads with it (`apps/web/src/routes/route-texts.gen.ts`), all fetched before
 * the page draws its content. Read from Vite's manifest (apps/web/dist/.vite/manifest.json);
 * chunks loaded later (menus, dialogs, the video player's hls.js, other routes) are not counted.
 *
 * `node scripts/web-payload.mjs [--max-kb 150]` prints the figure and the largest files, and
 * exits 1 when it is over the budget (CI runs it after the build). `npm run bench` records it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = path.join(repo, 'apps/web/dist');

/** @returns {{ jsKb: number, shellJsKb: number, cssKb: number, files: Array<{ file: string, kb: number }> } | null} */
export function firstLoadPayload(dist = WEB_DIST) {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const files = new Set();
  const walk = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const c of chunk.css ?? []) files.add(c);
    for (const i of chunk.imports ?? []) walk(i);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (entry) walk(entry);
  const shell = [...files];
  // The route's chunk, keyed by its source, or by its name when Rollup merged it with a module
  // another chunk shares (then the key is `_home-<hash>.js`).
  const home =
    Object.keys(manifest).find((k) => /routes\/home\.tsx$/.test(k)) ??
    Object.keys(manifest).find((k) => manifest[k].name === 'home' && manifest[k].isDynamicEntry);
  if (home) walk(home);
  for (const ns of homeTexts()) walk(`src/lib/i18n/locales/${ns}/en.ts`);
  const kb = (f) => zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length / 1024;
  const sum = (list, ext) => list.filter((f) => f.endsWith(ext)).reduce((a, f) => a + kb(f), 0);
  return {
    jsKb: sum([...files], '.js'),
    shellJsKb: sum(shell, '.js'),
    cssKb: sum([...files], '.css'),
    files: [...files].map((file) => ({ file, kb: kb(file) })).sort((a, b) => b.kb - a.kb),
  };
}

/** The English namespaces route `/` loads before it draws (docs/i18n.md). */
function homeTexts() {
  const gen = path.join(repo, 'apps/web/src/routes/route-texts.gen.ts');
  if (!fs.existsSync(gen)) return [];
  const row = fs.readFileSync(gen, 'utf8').match(/^\s*'\/': \[([^\]]*)\]/m);
  return row ? [...row[1].matchAll(/'(\w+)'/g)].map((m) => m[1]) : [];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--max-kb');
  const max = i > 0 ? Number(process.argv[i + 1]) : null;
  const p = firstLoadPayload();
  if (!p) {
    console.error('apps/web/dist/.vite/manifest.json is missing: run `npm run build` first');
    process.exit(1);
  }
  console.log(
    `first load of /: ${p.jsKb.toFixed(1)} KB gzipped JavaScript (shell ${p.shellJsKb.toFixed(1)} KB), CSS ${p.cssKb.toFixed(1)} KB`,
  );
  for (const f of p.files.slice(0, 5)) console.log(`  ${f.kb.toFixed(1).padStart(6)} KB  ${f.file}`);
  if (max !== null && p.jsKb > max) {
    console.error(`over the budget of ${max} KB: something heavy is imported statically by the first page`);
    process.exit(1);
  }
}
