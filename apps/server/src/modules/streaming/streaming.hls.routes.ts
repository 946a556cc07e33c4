import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { App } from '../../app-type';
import { AppError, notFound } from '../../lib/errors';
import { requestGeo } from '../../lib/geo';
import { en } from '../../lib/i18n/en';
import { assertLinkViewer } from '../media';
import { hlsDir, verifyHls } from './streaming.hls';
import { assertMayJoin } from './streaming.policy';
import { findStream } from './streaming.repo';

const params = z.object({
  id: z.string().uuid(),
  token: z.string().min(1).max(300),
  file: z.string().regex(/^(index\.m3u8|seg_\d{1,9}\.(ts|m4s)|init\.mp4)$/, 'file must be a playlist or a segment'),
});

/**
 * The built-in provider's HLS output, only through the signed URL of GET /streaming/join/{id}.
 * Every playlist and segment request (issue 23 item 16) checks, in order: the signature and
 * expiry (403); that a link naming a viewer is used in that viewer's session, as stored media are
 * (403 MEDIA_OTHER_VIEWER; hls.js sends the `token` cookie); that the stream is still live (410
 * STREAM_ENDED: live streams are not kept as recordings); and that the viewer may still watch it
 * (the join policy: paid, blocked, removed). Never cached by shared caches.
 */
export function registerHlsRoutes(app: App) {
  const ctx = app.ctx;
  app.get(
    '/streaming/hls/:id/:token/:file',
    {
      schema: {
        tags: ['streaming'],
        summary: 'HLS playlist or segment of a live stream (signed URL, bound to the viewer’s session)',
        params,
        hide: true,
      },
    },
    async (req, reply) => {
      const { id, token, file } = req.params;
      const check = verifyHls(ctx.config.secretKey, id, token, ctx.now().getTime());
      if (!check.ok)
        throw new AppError(
          403,
          check.reason === 'expired' ? 'This link has expired' : 'Invalid link',
          'INVALID_SIGNATURE',
        );
      const who = await assertLinkViewer(ctx, req, check.viewerId);
      const stream = await findStream(ctx.db, id);
      if (stream?.status === 'ended') throw new AppError(410, en['error.streamEnded'], 'STREAM_ENDED');
      // A link issued to nobody (a free stream watched signed out) is checked as nobody.
      await assertMayJoin(ctx, stream, check.viewerId ? who : null, requestGeo(ctx.config, req));
      const full = path.join(hlsDir(ctx, id), file);
      const stat = await fs.promises.stat(full).catch(() => null);
      if (!stat) throw notFound('Segment');
      reply.header('cache-control', file.endsWith('.m3u8') ? 'no-store' : 'private, max-age=60');
      reply.type(
        file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : file.endsWith('.ts') ? 'video/mp2t' : 'video/mp4',
      );
      reply.header('content-length', stat.size);
      return reply.send(fs.createReadStream(full));
    },
  );
}
