import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** Host names always accepted from a request when PUBLIC_URL is not configured (a local install). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function hostName(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1).toLowerCase();
  return (host.split(':')[0] ?? '').toLowerCase();
}

/** The host names of ALLOWED_HOSTS (comma separated), lower case. */
export function allowedHosts(config: Pick<Config, 'ALLOWED_HOSTS'>): Set<string> {
  return new Set(
    (config.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * The site's public origin, for every link that leaves the request (mails,
 * OAuth callbacks, watermarks, recovery links). It is PUBLIC_URL when
 * configured. Without it, the request's Host is used only when it names a
 * local host or one listed in ALLOWED_HOSTS; any other (forged) Host falls back
 * to `http://localhost:PORT`, so a `Host: evil.example` header can never put an
 * attacker's site into a password-reset mail.
 */
export function publicOrigin(
  config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_HOSTS' | 'PORT'>,
  req?: Pick<FastifyRequest, 'protocol' | 'host'>,
): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const host = req?.host ?? '';
  const name = hostName(host);
  if (host && /^[A-Za-z0-9.:[\]-]+$/.test(host) && (LOCAL_HOSTS.has(name) || allowedHosts(config).has(name))) {
    return `${req?.protocol === 'https' ? 'https' : 'http'}://${host}`;
  }
  return `http://localhost:${config.PORT}`;
}
