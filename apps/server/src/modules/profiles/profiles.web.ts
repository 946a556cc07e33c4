import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-type';
import { notFound } from '../../lib/errors';
import { publicOrigin } from '../../lib/public-origin';
import { postSitemap } from '../cms';
import { avatarUrl } from '../users';
import { findSeoProfile, sitemapPage } from './profiles.repo';

const CREATORS_PER_SITEMAP = 10_000;
const USERNAME_RE = /^[A-Za-z0-9_.-]{2,64}$/;

export interface WebApp {
  distDir: string;
  hasWeb: boolean;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const escapeXml = escapeHtml;

function baseUrl(app: App, req: FastifyRequest): string {
  return publicOrigin(app.ctx.config, req);
}

function absolute(base: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The built index.html, re-read when the build changes. */
function indexReader(distDir: string) {
  const file = path.join(distDir, 'index.html');
  let cached: { mtimeMs: number; html: string } | null = null;
  return () => {
    const stat = fs.statSync(file);
    if (!cached || cached.mtimeMs !== stat.mtimeMs)
      cached = { mtimeMs: stat.mtimeMs, html: fs.readFileSync(file, 'utf8') };
    return cached.html;
  };
}

/** Puts the page's own title, description, Open Graph and Twitter tags into the app's index.html. */
export function withMetaTags(
  html: string,
  meta: { title: string; description: string; image: string; url: string; siteName: string },
): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    `<meta property="og:type" content="profile" />`,
    `<meta property="og:site_name" content="${escapeHtml(meta.siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:image" content="${escapeHtml(meta.image)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(meta.image)}" />`,
  ].join('\n    ');
  const stripped = html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+(name="description"|property="og:[^"]*"|name="twitter:[^"]*")[^>]*>\s*/gi, '')
    .replace(/<link\s+rel="canonical"[^>]*>\s*/gi, '');
  // A function replacer: user text ($&, $`, $' in a bio) is never read as a replacement pattern.
  return stripped.replace(/<\/head>/i, () => `    ${tags}\n  </head>`);
}

function summary(bio: string, name: string, siteName: string): string {
  const text = bio.replace(/\s+/g, ' ').trim();
  if (!text) return `${name} on ${siteName}: exclusive posts, photos and videos.`;
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

/**
 * Routes outside /api that belong to profiles: robots.txt, sitemaps, and
 * GET /:profileId, which serves the web app's index.html with the creator's
 * title, description and Open Graph tags when the path is a creator's username
 * (so shared links preview well without server-rendering the app), and the
 * plain web app for every other single-segment path.
 */
export async function registerProfilePages(app: App, web: WebApp) {
  const readIndex = web.hasWeb ? indexReader(web.distDir) : null;

  app.get('/robots.txt', { schema: { hide: true } }, async (req, reply) => {
    const base = baseUrl(app, req);
    reply.type('text/plain; charset=utf-8');
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /auth/',
      'Disallow: /user/',
      'Disallow: /creator/',
      'Disallow: /messages',
      'Disallow: /wallet',
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) => {
    const base = baseUrl(app, req);
    const { total } = await sitemapPage(app.ctx.db, 1, 0);
    const files = ['/sitemap-pages.xml'];
    for (let i = 1; i <= Math.max(1, Math.ceil(total / CREATORS_PER_SITEMAP)); i++)
      files.push(`/sitemap-creators-${i}.xml`);
    reply.type('application/xml; charset=utf-8');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
      .map((f) => `  <sitemap><loc>${escapeXml(base + f)}</loc></sitemap>`)
      .join('\n')}\n</sitemapindex>\n`;
  });

  const urlset = (base: string, entries: Array<{ path: string; updatedAt?: string }>) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
      .map(
        (e) =>
          `  <url><loc>${escapeXml(base + e.path)}</loc>${e.updatedAt ? `<lastmod>${e.updatedAt.slice(0, 10)}</lastmod>` : ''}</url>`,
      )
      .join('\n')}\n</urlset>\n`;

  app.get('/sitemap-pages.xml', { schema: { hide: true } }, async (req, reply) => {
    const pages = await postSitemap(app.ctx);
    reply.type('application/xml; charset=utf-8');
    return urlset(baseUrl(app, req), [{ path: '/' }, { path: '/explore' }, ...pages.data]);
  });

  app.get(
    '/sitemap-creators-:page(^\\d+).xml',
    { schema: { hide: true, params: z.object({ page: z.coerce.number().int().min(1).max(100_000) }) } },
    async (req, reply) => {
      const { rows } = await sitemapPage(
        app.ctx.db,
        CREATORS_PER_SITEMAP,
        (req.params.page - 1) * CREATORS_PER_SITEMAP,
      );
      reply.type('application/xml; charset=utf-8');
      return urlset(
        baseUrl(app, req),
        rows.map((r) => ({ path: `/${encodeURIComponent(r.username ?? '')}`, updatedAt: r.updatedAt.toISOString() })),
      );
    },
  );

  app.get(
    '/:profileId',
    { schema: { hide: true, params: z.object({ profileId: z.string() }) } },
    async (req: FastifyRequest<{ Params: { profileId: string } }>, reply: FastifyReply) => {
      const id = req.params.profileId;
      if (id === 'api' || !readIndex) throw notFound(`Route GET ${req.url.split('?')[0]}`);
      if (path.extname(id)) {
        const file = path.join(web.distDir, path.basename(id));
        if (fs.existsSync(file)) return reply.sendFile(path.basename(id));
        throw notFound('File');
      }
      reply.header('cache-control', 'no-cache');
      reply.type('text/html; charset=utf-8');
      const html = readIndex();
      const creator = USERNAME_RE.test(id) ? await findSeoProfile(app.ctx.db, id) : null;
      if (!creator) return html;
      const base = baseUrl(app, req);
      const siteName = await app.ctx.settings.get('siteName');
      const name = creator.displayName || creator.username || '';
      return withMetaTags(html, {
        title: `${name} (@${creator.username}) | ${siteName}`,
        description: summary(creator.bio, name, siteName),
        image: absolute(base, avatarUrl(creator)),
        url: `${base}/${creator.username}`,
        siteName,
      });
    },
  );
}
