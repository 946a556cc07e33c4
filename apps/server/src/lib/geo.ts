import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * Where a request comes from, for geo rules (creator country blocks, site-level
 * country and US state blocks).
 *
 * - `ip` is Fastify's `req.ip`: the socket address, or with TRUST_PROXY=1 the
 *   client address from X-Forwarded-For.
 * - `GEO_IP_HEADER` names a header set by a trusted proxy or CDN. It is read only
 *   when TRUST_PROXY=1 (otherwise any visitor could spoof it). Its value is either
 *   an ISO country code (e.g. Cloudflare's `cf-ipcountry`) or the client's IP
 *   address (e.g. `cf-connecting-ip`, `x-real-ip`).
 */
export interface RequestGeo {
  ip: string;
  /** A country code given by a trusted proxy header. */
  country?: string | null;
}

export interface GeoLocation {
  country: string | null;
  /** ISO 3166-2 subdivision without the country prefix (US state code such as 'TX'), when known. */
  region: string | null;
}

export function requestGeo(config: Pick<Config, 'TRUST_PROXY' | 'GEO_IP_HEADER'>, req: FastifyRequest): RequestGeo {
  const geo: RequestGeo = { ip: req.ip };
  if (config.TRUST_PROXY && config.GEO_IP_HEADER) {
    const raw = req.headers[config.GEO_IP_HEADER.toLowerCase()];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.split(',')[0]?.trim();
    if (value && /^[A-Za-z]{2}$/.test(value)) geo.country = value.toUpperCase();
    else if (value && net.isIP(value)) geo.ip = value;
  }
  return geo;
}

type GeoLookup = (ip: string) => { country: string; region: string } | null;
let lookupPromise: Promise<GeoLookup> | null = null;

/**
 * geoip-lite holds ~190 MB once loaded, so it is imported on first use only,
 * i.e. when some geo rule actually needs a country.
 */
function loadLookup(): Promise<GeoLookup> {
  lookupPromise ??= import('geoip-lite').then((m) => {
    const geoip = (m as unknown as { default?: typeof m }).default ?? m;
    return (ip: string) => geoip.lookup(ip);
  });
  return lookupPromise;
}

/** Private, loopback and link-local addresses have no country. */
function isPublicIp(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (net.isIPv4(v4)) {
    const [a, b] = v4.split('.').map(Number);
    return !(
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (net.isIPv6(ip)) return !(ip === '::1' || ip.startsWith('fc') || ip.startsWith('fd') || ip.startsWith('fe80'));
  return false;
}

/** Country (and region) of a request; null fields when unknown (private network, unknown address). */
export async function locate(geo: RequestGeo | string): Promise<GeoLocation> {
  const g: RequestGeo = typeof geo === 'string' ? { ip: geo } : geo;
  const ip = g.ip.startsWith('::ffff:') ? g.ip.slice(7) : g.ip;
  if (g.country && !isPublicIp(ip)) return { country: g.country, region: null };
  if (!isPublicIp(ip)) return { country: g.country ?? null, region: null };
  const found = (await loadLookup())(ip);
  const country = g.country ?? (found?.country || null);
  const region = found && found.country === country && found.region ? found.region : null;
  return { country, region };
}
