import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are credentials: signatures, tokens, OAuth codes. */
const SECRET_PARAMS = /^(sig|token|code|state|access_token|id_token)$/i;
/** Path segments that are credentials: the live-playback token of /streaming/hls/<id>/<token>/<file>. */
const SECRET_PATHS: RegExp[] = [/(\/streaming\/hls\/[^/?#]+\/)[^/?#]+/];

/**
 * A URL as it may be written to the log: signed-link signatures and path tokens replaced by
 * `[redacted]` (issue 23 item 16), so whoever reads the logs cannot replay a viewer's link.
 */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  let pathPart = q === -1 ? url : url.slice(0, q);
  for (const re of SECRET_PATHS) pathPart = pathPart.replace(re, '$1[redacted]');
  if (q === -1) return pathPart;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_PARAMS.test(decodeURIComponent(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${pathPart}?${query}`;
}

/** Pino serializers of the app logger: a request is logged with its URL redacted. */
export const logSerializers = {
  req(req: FastifyRequest) {
    return {
      method: req.method,
      url: loggableUrl(req.url),
      hostname: req.hostname,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
};
