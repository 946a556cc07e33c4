import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, count, desc, eq, inArray, isNotNull, lte, ne, or } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { isUuid, newId } from '../../db/ids';
import { contentItems, feedFiles, feeds, type LeakCaseRow, leakCases, type MediaRow, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { ffmpegPaths } from '../../lib/media/ffmpeg';
import { identifyViewer } from '../../lib/media/viewer-mark';
import { readMarks } from '../../lib/media/viewer-mark-read';
import { publicOrigin } from '../../lib/public-origin';
import { storageFor } from '../../lib/storage';
import { StorageNotFound } from '../../lib/storage/storage';
import { type AdminActor, inAdminTx, setUserStatus } from '../admin';
import { contentOfLink } from '../complaints';
import { getMedia, getMediaMany } from '../media';

/** At most this many 2-s segments are read: 128 s of video, 64 bits of the viewer's code. */
const MAX_SEGMENTS = 64;

const isMarked = (m: MediaRow) => m.kind === 'video' && !!m.variants['mark-a'] && !!m.variants['mark-b'];

/** The marked videos of the item a link of this site names (a post's videos, a video's file). */
export async function markedVideosOf(ctx: Ctx, link: string) {
  const ref = contentOfLink(link);
  if (!ref) throw badRequest(msg('error.leaks.unknownLink'), 'VALIDATION_ERROR');
  let ids: string[] = [];
  if (ref.type === 'feed') {
    if (!isUuid(ref.key)) return [];
    const rows = await ctx.db.select({ id: feedFiles.mediaId }).from(feedFiles).where(eq(feedFiles.feedId, ref.key));
    ids = rows.map((r) => r.id);
  } else if (ref.type !== 'photo' && ref.type !== 'story' && ref.type !== 'comment') {
    const byKey = isUuid(ref.key) ? eq(contentItems.id, ref.key) : eq(contentItems.slug, ref.key);
    const rows = await ctx.db
      .select({ videoId: contentItems.videoId, fileId: contentItems.fileId })
      .from(contentItems)
      .where(and(eq(contentItems.type, ref.type), byKey));
    ids = rows.flatMap((r) => [r.videoId, r.fileId].filter((x): x is string => !!x));
  }
  const media = (await getMediaMany(ctx, ids)).filter(isMarked);
  return media.map((m) => ({ mediaId: m.id, name: m.originalName ?? '', duration: m.duration ?? null }));
}

async function toFile(stream: Readable, file: string) {
  await pipeline(stream, createWriteStream(file));
}

/** The first segments of a marked rendition, joined into one MPEG-TS file. */
async function renditionFile(ctx: Ctx, m: MediaRow, name: 'mark-a' | 'mark-b', file: string) {
  const storage = storageFor(ctx.config);
  const out = createWriteStream(file);
  try {
    for (let i = 0; i < MAX_SEGMENTS; i++) {
      let seg: Readable;
      try {
        seg = await storage.read(`${m.variants[name]!.key}seg_${String(i).padStart(4, '0')}.ts`);
      } catch (err) {
        if (err instanceof StorageNotFound) break;
        throw err;
      }
      for await (const chunk of seg) out.write(chunk);
    }
  } finally {
    await new Promise<void>((resolve) => out.end(resolve));
  }
}

/**
 * Traces a leaked copy (uploaded by the admin as a video) to the account the original was
 * served to: the copy's A/B sequence (lib/media/viewer-mark-read.ts) against every fan's and
 * creator's code (lib/media/viewer-mark.ts). 64 segments make a chance match among millions of
 * accounts negligible; a short copy reads fewer and may name nobody.
 */
export async function traceLeak(ctx: Ctx, originalId: string, leakedId: string) {
  const [original, leaked] = await Promise.all([getMedia(ctx, originalId), getMedia(ctx, leakedId)]);
  if (!original || !isMarked(original)) throw badRequest(msg('error.leaks.notMarked'), 'NOT_MARKED');
  if (leaked?.kind !== 'video') throw notFound('Leaked copy');
  if (leaked.status !== 'ready' || !leaked.variants.mp4)
    throw conflict(msg('error.leaks.processing'), 'MEDIA_PROCESSING');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'leak-'));
  try {
    const files = {
      leaked: path.join(dir, 'leaked.mp4'),
      renditionA: path.join(dir, 'a.ts'),
      renditionB: path.join(dir, 'b.ts'),
    };
    await toFile(await storageFor(ctx.config).read(leaked.variants.mp4.key), files.leaked);
    await renditionFile(ctx, original, 'mark-a', files.renditionA);
    await renditionFile(ctx, original, 'mark-b', files.renditionB);
    const observed = await readMarks(ffmpegPaths(ctx.config.FFMPEG_PATH).ffmpeg, files, MAX_SEGMENTS);
    const candidates = await ctx.db.select({ id: users.id }).from(users).where(ne(users.role, 'admin'));
    const match = identifyViewer(
      ctx.config.secretKey,
      observed,
      candidates.map((c) => c.id).filter((id) => id !== original.ownerId),
    );
    const viewer = match
      ? (await ctx.db.select().from(users).where(eq(users.id, match.viewerId)).limit(1))[0]
      : undefined;
    return {
      original,
      segmentsRead: observed.filter((o) => o !== null).length,
      sequence: observed.map((o) => o ?? '?').join(''),
      match:
        match && viewer
          ? {
              viewerId: viewer.id,
              username: viewer.username,
              name: viewer.name,
              status: viewer.status,
              mismatches: match.mismatches,
            }
          : null,
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Opens a case from a trace (run again here: the account named is never taken from the client),
 * suspends the account when asked, and keeps what the DMCA notice needs. Audited.
 */
export async function openLeakCase(
  ctx: Ctx,
  actor: AdminActor,
  input: { originalMediaId: string; leakedMediaId: string; foundAtUrl: string; originalUrl: string; suspend: boolean },
) {
  const trace = await traceLeak(ctx, input.originalMediaId, input.leakedMediaId);
  const id = newId();
  await inAdminTx(ctx, actor, async (_c, tx, record) => {
    await tx.insert(leakCases).values({
      id,
      mediaId: trace.original.id,
      creatorId: trace.original.ownerId,
      foundAtUrl: input.foundAtUrl,
      originalUrl: input.originalUrl,
      viewerId: trace.match?.viewerId ?? null,
      segmentsRead: trace.segmentsRead,
      mismatches: trace.match?.mismatches ?? null,
      createdById: actor.user.id,
      createdAt: ctx.now(),
    });
    await record({
      action: 'leak.case',
      targetType: 'user',
      targetId: trace.match?.viewerId ?? null,
      after: { foundAtUrl: input.foundAtUrl, mediaId: trace.original.id, segmentsRead: trace.segmentsRead },
      reason: `Copy of ${input.originalUrl} found at ${input.foundAtUrl}`,
    });
  });
  if (input.suspend && trace.match && trace.match.status === 'active') {
    await setUserStatus(ctx, actor, trace.match.viewerId, 'suspended', `Leaked paid content (${input.foundAtUrl})`, {
      ground: 'leaked_content',
    });
    await ctx.db.update(leakCases).set({ viewerSuspendedAt: ctx.now() }).where(eq(leakCases.id, id));
  }
  return leakCase(ctx, id);
}

export async function leakCase(ctx: Ctx, id: string) {
  const [row] = await ctx.db.select().from(leakCases).where(eq(leakCases.id, id)).limit(1);
  if (!row) throw notFound('Leak case');
  return (await presentCases(ctx, [row]))[0]!;
}

export async function leakCaseList(ctx: Ctx, q: { page: number; pageSize: number }) {
  const rows = await ctx.db
    .select()
    .from(leakCases)
    .orderBy(desc(leakCases.createdAt))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [{ total }] = await ctx.db.select({ total: count() }).from(leakCases);
  return { data: await presentCases(ctx, rows), total: Number(total) };
}

async function presentCases(ctx: Ctx, rows: LeakCaseRow[]) {
  const ids = [...new Set(rows.flatMap((r) => [r.viewerId, r.creatorId]).filter((x): x is string => !!x))];
  const people = ids.length
    ? await ctx.db
        .select({ id: users.id, username: users.username, name: users.name, status: users.status })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  const person = (id: string | null) => {
    const p = id ? byId.get(id) : undefined;
    return p ? { _id: p.id, username: p.username, name: p.name, status: p.status } : null;
  };
  return rows.map((r) => ({
    _id: r.id,
    mediaId: r.mediaId,
    foundAtUrl: r.foundAtUrl,
    originalUrl: r.originalUrl,
    creator: person(r.creatorId),
    viewer: person(r.viewerId),
    segmentsRead: r.segmentsRead,
    mismatches: r.mismatches,
    viewerSuspended: r.viewerSuspendedAt !== null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * A DMCA takedown notice (17 U.S.C. §512(c)(3)) for the host where the copy was found, filled
 * from the case: the work and where it is published here, the infringing address, the
 * statements the law requires. English, as the notices are sent; the operator signs and sends it.
 */
export async function dmcaNotice(ctx: Ctx, id: string): Promise<string> {
  const c = await leakCase(ctx, id);
  const site = await ctx.settings.get('siteName');
  const origin = publicOrigin(ctx.config);
  const host = safeHost(c.foundAtUrl);
  const original = c.originalUrl.startsWith('http') ? c.originalUrl : `${origin}${c.originalUrl}`;
  const owner = c.creator ? `${c.creator.name || c.creator.username} (${origin}/${c.creator.username ?? ''})` : site;
  const date = ctx.now().toISOString().slice(0, 10);
  const [published, registered, file] = await Promise.all([
    firstPublished(ctx, c.mediaId),
    c.creator ? registrationOf(ctx, c.creator._id) : null,
    getMedia(ctx, c.mediaId),
  ]);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return [
    `DMCA Takedown Notice — ${date}`,
    '',
    `To: the designated copyright agent of ${host}`,
    `From: ${site} (${origin}), on behalf of the copyright owner`,
    '',
    `1. Copyrighted work: a video by ${owner}, published and sold on ${site} at:`,
    `   ${original}`,
    published
      ? `   First published there on ${day(published)} (${published.toISOString()}).`
      : file
        ? `   Uploaded to ${site} on ${day(file.createdAt)} (${file.createdAt.toISOString()}).`
        : '   Publication date: ______________________________',
    ...(registered
      ? [
          `   The copyright owner has been registered on ${site} since ${day(registered.createdAt)}: account created`,
          `   ${registered.createdAt.toISOString()}, username @${registered.username ?? '—'}, account id ${registered.id}.`,
        ]
      : []),
    '',
    '2. Infringing material, copied without authorisation, at:',
    `   ${c.foundAtUrl}`,
    '   Please remove or disable access to it, and to any other copies of the same work on your service.',
    '',
    `3. Our copy was traced by its per-viewer mark to an account on ${site} (case ${c._id}); that account has been`,
    `   ${c.viewerSuspended ? 'suspended' : 'identified'}.`,
    '',
    `4. Contact: ${site}, ${origin}/complaints`,
    '',
    '5. I have a good faith belief that use of the material in the manner complained of is not authorized by the',
    '   copyright owner, its agent, or the law.',
    '',
    '6. The information in this notification is accurate, and under penalty of perjury, I am authorized to act on',
    '   behalf of the owner of an exclusive right that is allegedly infringed.',
    '',
    'Signature: ______________________________',
    `Name and title: ______________________________, for ${site}`,
    '',
  ].join('\n');
}

/** When the original first went out on the site: the earliest publication of a post or item carrying it. */
async function firstPublished(ctx: Ctx, mediaId: string): Promise<Date | null> {
  const at = ctx.now();
  const [item] = await ctx.db
    .select({ at: contentItems.publishedAt })
    .from(contentItems)
    .where(
      and(
        or(eq(contentItems.videoId, mediaId), eq(contentItems.fileId, mediaId)),
        isNotNull(contentItems.publishedAt),
        lte(contentItems.publishedAt, at),
      ),
    )
    .orderBy(asc(contentItems.publishedAt))
    .limit(1);
  const [post] = await ctx.db
    .select({ at: feeds.publishedAt })
    .from(feeds)
    .innerJoin(feedFiles, eq(feedFiles.feedId, feeds.id))
    .where(
      and(
        eq(feedFiles.mediaId, mediaId),
        eq(feeds.status, 'published'),
        isNotNull(feeds.publishedAt),
        lte(feeds.publishedAt, at),
      ),
    )
    .orderBy(asc(feeds.publishedAt))
    .limit(1);
  const dates = [item?.at, post?.at].filter((d): d is Date => !!d);
  return dates.length ? new Date(Math.min(...dates.map((d) => d.getTime()))) : null;
}

/** The copyright owner's registration on the site (account creation), for the notice. */
async function registrationOf(ctx: Ctx, userId: string) {
  const [u] = await ctx.db
    .select({ id: users.id, username: users.username, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return u ?? null;
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the hosting service';
  }
}
