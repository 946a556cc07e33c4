import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** Lookups change only with a package upgrade: clients and proxies may keep them a day, then revalidate by ETag. */
export const LOOKUP_CACHE_CONTROL = 'public, max-age=86400';

export interface CachedBody {
  body: string | Buffer;
  etag: string;
  contentType: string;
}

const etagOf = (body: string | Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** Checks the value against its response schema once, then keeps the serialized JSON and its ETag. */
export function jsonBody<S extends z.ZodTypeAny>(schema: S, value: z.input<S>): CachedBody {
  const body = JSON.stringify(schema.parse(value));
  return { body, etag: etagOf(body), contentType: 'application/json; charset=utf-8' };
}

export function svgBody(svg: Buffer): CachedBody {
  return { body: svg, etag: etagOf(svg), contentType: 'image/svg+xml' };
}

/** Computed on first use, then kept for the life of the process. */
export function lazy<T>(compute: () => T): () => T {
  let value: { v: T } | null = null;
  return () => {
    value ??= { v: compute() };
    return value.v;
  };
}

/** A per-key lazy cache with a size bound (oldest entry leaves first), for states, cities and flags. */
export function keyedLazy<T>(max: number, compute: (key: string) => T): (key: string) => T {
  const entries = new Map<string, T>();
  return (key) => {
    const hit = entries.get(key);
    if (hit !== undefined) return hit;
    const value = compute(key);
    entries.set(key, value);
    if (entries.size > max) entries.delete(entries.keys().next().value as string);
    return value;
  };
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/** Sends a cached body with caching headers, or 304 when the client already holds it. */
export function sendCached(req: FastifyRequest, reply: FastifyReply, entry: CachedBody): void {
  reply.header('cache-control', LOOKUP_CACHE_CONTROL).header('etag', entry.etag);
  if (matches(req.headers['if-none-match'], entry.etag)) reply.code(304).send();
  else reply.type(entry.contentType).send(entry.body);
}
