import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { App } from '../../app';
import { AppError, notFound } from '../../lib/errors';
import { hlsDir, verifyHls } from './streaming.hls';
import { assertMayJoin } from './streaming.policy';
import { findStream } from './streaming.repo';

const params = z.object({
  id: z.string().uuid(),
  token: z.string().min(1).max(300),
  file: z.string().regex(/^(index\.m3u8|seg_\d{1,9}\.(ts|m4s)|init\.mp4)$/, 'file must be a playlist or a segment'),
});

/**
 * The built-in provider's HLS output, only through the signed URL of
 * GET /streaming/join/{id}: every playlist and segment request checks the
 * signature and expiry; the playlist also re-checks that the viewer may still
 * join (stream live, not removed or blocked). Never cached by shared caches.
 */
export function registerHlsRoutes(app: App) {
  const ctx = app.ctx;
  app.get(
    '/streaming/hls/:id/:token/:file',
    {
      schema: {
        tags: ['streaming'],
        summary: 'HLS playlist or segment of a live stream (signed URL)',
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
      if (file === 'index.m3u8') {
        const stream = await findStream(ctx.db, id);
        await assertMayJoin(ctx, stream, check.viewerId ? { id: check.viewerId, role: 'user' } : null, undefined).catch(
          (err) => {
            // the creator previewing their own stream
            if (stream && check.viewerId === stream.performerId) return;
            throw err;
          },
        );
      }
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
