import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { App } from '../app-type';

/**
 * Security headers on every response (issue 17, item 9; docs/security.md).
 *
 * - Everywhere (web pages, API, media): `X-Content-Type-Options: nosniff`,
 *   `Referrer-Policy: strict-origin-when-cross-origin`, `X-Frame-Options: DENY`
 *   and, when the request came over TLS (directly, or through a proxy with
 *   TRUST_PROXY=1 and `X-Forwarded-Proto: https`), `Strict-Transport-Security`.
 * - HTML pages: a Content-Security-Policy. Scripts only from our origin, the
 *   inline theme script of index.html by its hash, and Google's gtag.js for the
 *   optional analytics code; no plugins; no framing (`frame-ancestors 'none'`);
 *   forms post only to us. Stripe Checkout and Stripe's hosted pages are full
 *   page navigations (not governed by CSP); the sandbox checkout is our own
 *   route. Agora's Web SDK talks to *.agora.io / *.sd-rtn.com over https and
 *   wss, so those are in connect-src. Images and media may come from https
 *   origins (S3/CDN delivery, avatars from sign-in providers), data: and blob:.
 * - JSON API answers: `default-src 'none'; frame-ancestors 'none'` unless the
 *   route set its own policy.
 */
const ANALYTICS = ['https://www.googletagmanager.com'];
const ANALYTICS_CONNECT = [
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://www.googletagmanager.com',
];
const AGORA_CONNECT = ['https://*.agora.io', 'wss://*.agora.io', 'https://*.sd-rtn.com', 'wss://*.sd-rtn.com'];

/** sha256 sources for every inline `<script>` (one without src) in the page. */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    out.push(
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
    );
  }
  return out;
}

export function contentSecurityPolicy(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes, ...ANALYTICS].join(' ')}`,
    // React and the UI kit set style attributes; styles cannot run script.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${[...ANALYTICS_CONNECT, ...AGORA_CONNECT].join(' ')}`,
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The page CSP for the built index.html, re-hashed when the build changes. */
function pagePolicy(distDir: string) {
  const file = path.join(distDir, 'index.html');
  let cached: { mtimeMs: number; csp: string } | null = null;
  return () => {
    let stat: fs.Stats | null = null;
    try {
      stat = fs.statSync(file);
    } catch {
      return contentSecurityPolicy([]);
    }
    if (!cached || cached.mtimeMs !== stat.mtimeMs)
      cached = { mtimeMs: stat.mtimeMs, csp: contentSecurityPolicy(inlineScriptHashes(fs.readFileSync(file, 'utf8'))) };
    return cached.csp;
  };
}

export function registerSecurityHeaders(app: App, distDir: string) {
  const policy = pagePolicy(distDir);
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (!reply.hasHeader('content-security-policy')) {
      const type = String(reply.getHeader('content-type') ?? '');
      if (type.startsWith('text/html')) reply.header('content-security-policy', policy());
      else if (type.startsWith('application/json')) reply.header('content-security-policy', API_CSP);
    }
    return payload;
  });
}
