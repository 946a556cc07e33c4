import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPerformer } from '../../../test/factories';
import { buildContent, multipartAs } from '../../../test/factories.catalogue';
import { buildMedia, makeJpeg } from '../../../test/factories.media';
import { useTestApp } from '../../../test/harness';
import type { App } from '../../app-type';
import { media, performers } from '../../db/schema';
import { setClockOffset } from '../../lib/clock';
import { storageFor } from '../../lib/storage';
import { MEDIA_METADATA, MEDIA_REFERENCES, MEDIA_SWEEP_JOB, sweepOrphanMedia } from './media.orphans';
import { getMedia } from './media.service';

const t = useTestApp({ jobs: true });
const HOUR = 3_600_000;
afterEach(() => setClockOffset(0));

/** True when the row exists and every stored variant of it is still in storage. */
async function kept(app: App, id: string) {
  const row = await getMedia(app.ctx, id);
  if (!row) return false;
  const storage = storageFor(app.ctx.config);
  for (const v of Object.values(row.variants)) if (!(await storage.stat(v.key))) return false;
  return true;
}

async function uploadPostPhotos(app: App, creator: Awaited<ReturnType<typeof buildPerformer>>, n: number) {
  const jpeg = await makeJpeg(200, 150);
  const res = await app.inject({
    method: 'POST',
    url: '/api/performer/feeds/photo/upload',
    ...multipartAs(
      creator,
      Array.from({ length: n }, (_, i) => ({ filename: `p${i}.jpg`, content: jpeg })),
    ),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((m: { _id: string }) => m._id) as string[];
}

describe('orphaned uploads', () => {
  it('files never attached are deleted after orphanMediaHours, with their bytes; attached and recent ones stay', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const [attached, abandoned] = await uploadPostPhotos(app, creator, 2);
    const post = await app.inject({
      method: 'POST',
      url: '/api/performer/feeds',
      headers: creator.auth,
      payload: { text: 'One photo', fileIds: [attached] },
    });
    expect(post.statusCode, post.body).toBe(200);
    const video = await buildContent(app, creator, 'video');
    const welcome = await buildMedia(app, creator.user.id, { kind: 'video' });
    await app.ctx.db
      .update(performers)
      .set({ welcomeVideoPath: `media:${welcome.id}` })
      .where(eq(performers.userId, creator.user.id));
    const abandonedRow = (await getMedia(app.ctx, abandoned))!;
    expect(Object.keys(abandonedRow.variants).length).toBeGreaterThan(2);

    // Within the grace period nothing goes.
    setClockOffset(23 * HOUR);
    expect(await sweepOrphanMedia(app.ctx)).toBe(0);

    // 25 hours later: a new upload from "now" stays, the abandoned one goes.
    setClockOffset(25 * HOUR);
    const fresh = await buildMedia(app, creator.user.id, { kind: 'photo' });
    await app.ctx.db
      .update(media)
      .set({ createdAt: new Date(app.ctx.now().getTime() - HOUR) })
      .where(eq(media.id, fresh.id));
    expect(await sweepOrphanMedia(app.ctx)).toBe(1);
    expect(await getMedia(app.ctx, abandoned)).toBeNull();
    const storage = storageFor(app.ctx.config);
    for (const v of Object.values(abandonedRow.variants)) expect(await storage.stat(v.key), v.key).toBeNull();

    for (const id of [attached, welcome.id, fresh.id]) expect(await kept(app, id), id).toBe(true);
    const item = (await app.ctx.db.execute(
      sql`select video_id, teaser_id, thumbnail_id from content_items where id = ${video._id}`,
    )) as unknown as { rows: Array<Record<string, string>> };
    for (const id of Object.values(item.rows[0])) expect(await kept(app, id), id).toBe(true);
  });

  it('the hourly job runs the sweep through the queue', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const [abandoned] = await uploadPostPhotos(app, creator, 1);
    setClockOffset(48 * HOUR);
    await app.ctx.jobs.send(MEDIA_SWEEP_JOB, {});
    for (let i = 0; i < 100 && (await getMedia(app.ctx, abandoned)); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await getMedia(app.ctx, abandoned)).toBeNull();
  });

  it('the setting moves the grace period', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const [abandoned] = await uploadPostPhotos(app, creator, 1);
    await app.ctx.settings.update({ orphanMediaHours: 2 }, null);
    setClockOffset(3 * HOUR);
    expect(await sweepOrphanMedia(app.ctx)).toBe(1);
    expect(await getMedia(app.ctx, abandoned)).toBeNull();
  });

  it('every foreign key to media is a listed reference (a new one would otherwise be swept)', async () => {
    const { app } = t();
    const fks = (await app.ctx.db.execute(sql`
      select tc.table_name || '.' || kcu.column_name as col
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
      where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'media'`)) as unknown as {
      rows: Array<{ col: string }>;
    };
    expect(fks.rows.length).toBeGreaterThan(0);
    const listed = [...MEDIA_REFERENCES.map((r) => r.name), ...MEDIA_METADATA];
    for (const { col } of fks.rows) expect(listed, col).toContain(col);
  });
});
