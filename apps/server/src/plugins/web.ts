import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from '../app-type';
import { notFound } from '../lib/errors';
import { registerProfilePages } from '../modules/profiles/profiles.web';

/**
 * Serves the built web app for every path outside /api and /socket.io, with
 * history fallback so deep links such as /some-creator load the app.
 */
export async function registerWeb(app: App, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each file (apps/web/vite.precompress.ts).
      preCompressed: true,
      // Ours, not send's `max-age=0`: hashed assets never change, everything else revalidates.
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // Profiles: /:profileId with server-rendered meta tags, sitemaps, robots.txt.
  await registerProfilePages(app, { distDir, hasWeb });
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api' || req.method !== 'GET' || !hasWeb) {
      throw notFound(`Route ${req.method} ${url}`);
    }
    if (path.extname(url) && !url.startsWith('/@')) {
      const file = path.join(distDir, path.normalize(url).replace(/^(\.\.[/\\])+/, ''));
      if (file.startsWith(distDir) && fs.existsSync(file)) return reply.sendFile(path.relative(distDir, file));
      throw notFound('File');
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
