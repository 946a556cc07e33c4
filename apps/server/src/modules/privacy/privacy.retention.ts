import { sql } from 'drizzle-orm';
import type { Ctx } from '../../context';

export const RETENTION_JOB = 'privacy.retention';

/**
 * Sensitive data (GDPR Art. 9: what a fan views and buys can reveal their sex life; docs/privacy.md
 * "Sensitive data"). Daily: viewing history older than `viewingHistoryRetentionDays` is deleted
 * (stories seen; streams joined, except an open connection or a creator's mute/removal, which
 * still act); a tip's note older than `purchaseNoteRetentionDays` is cleared. A purchase keeps
 * only what accounting needs (amounts, date, creator, what was bought).
 */
export async function pruneSensitiveData(ctx: Pick<Ctx, 'db' | 'now' | 'settings'>) {
  const [viewDays, noteDays] = await Promise.all([
    ctx.settings.get('viewingHistoryRetentionDays'),
    ctx.settings.get('purchaseNoteRetentionDays'),
  ]);
  const viewCutoff = new Date(ctx.now().getTime() - viewDays * 86_400_000).toISOString();
  const noteCutoff = new Date(ctx.now().getTime() - noteDays * 86_400_000).toISOString();
  const count = (r: unknown) =>
    (r as { affectedRows?: number; rowCount?: number }).affectedRows ?? (r as { rowCount?: number }).rowCount ?? 0;
  const stories = await ctx.db.execute(sql`delete from story_views where seen_at < ${viewCutoff}::timestamptz`);
  const streams = await ctx.db.execute(
    sql`delete from stream_viewers where updated_at < ${viewCutoff}::timestamptz
         and connections = 0 and not muted and not removed`,
  );
  const notes = await ctx.db.execute(
    sql`update wallet_charges set message = null where created_at < ${noteCutoff}::timestamptz and message is not null`,
  );
  return { storyViews: count(stories), streamViews: count(streams), purchaseNotes: count(notes) };
}

export function registerRetentionJob(ctx: Ctx) {
  ctx.jobs.work(RETENTION_JOB, async () => {
    const n = await pruneSensitiveData(ctx);
    ctx.log.info(n, 'sensitive data pruned');
  });
  ctx.jobs.schedule(RETENTION_JOB, '41 3 * * *');
}
