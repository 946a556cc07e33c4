import type { Feed, FeedFile, MediaFile, Poll } from '@marquee/shared';
import { fromCents } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { FeedPollOptionRow, FeedPollRow, FeedRow, MediaRow } from '../../db/schema';
import { type Access, accessMap, type Viewer } from '../entitlements';
import { presentMedia } from '../media';
import { profileMediaUrl } from '../users';
import { loadMedia, viewerReactions } from './feeds.deps';
import { canSeeTakedownReason } from './feeds.policy';
import { filesOf, type PerformerSummary, performerSummaries, pollsWithOptions, votesOf } from './feeds.repo';
import { protectable } from './feeds.service';

const FILE_TYPE = { photo: 'feed-photo', video: 'feed-video', audio: 'feed-audio', document: 'feed-photo' } as const;

function asFeedFile(m: MediaFile): FeedFile {
  return { ...m, kind: m.type, type: FILE_TYPE[m.type] };
}

export function avatarUrl(p: { avatarPath: string | null }): string | null {
  // The route that serves profile uploads (users.routes); /api/media/public/… does not exist.
  return profileMediaUrl(p.avatarPath);
}

export function presentPoll(
  poll: FeedPollRow,
  options: FeedPollOptionRow[],
  votedOptionId: string | null,
  isOwner: boolean,
  at: Date,
): Poll {
  const isEnded = Boolean(poll.endAt && poll.endAt <= at);
  const showResults = isOwner || isEnded || Boolean(votedOptionId);
  return {
    _id: poll.id,
    question: poll.question,
    endDate: poll.endAt?.toISOString() ?? null,
    isEnded,
    options: options.map((o) => ({
      _id: o.id,
      description: o.description,
      ...(showResults && { totalVote: o.votes }),
    })),
    ...(showResults && { totalVote: poll.totalVotes }),
    votedOptionId,
    showResults,
  };
}

/**
 * Posts as the viewer may see them, with every lookup batched for the page
 * (access, media, polls, votes, creators, reactions: one query each).
 * Without access: teaser, thumbnail, blurred previews and counts only; never a media URL.
 */
export async function presentFeeds(ctx: Ctx, viewer: Viewer | null, rows: FeedRow[]): Promise<Feed[]> {
  if (rows.length === 0) return [];
  const at = ctx.now();
  const ids = rows.map((r) => r.id);
  const pollIds = rows.map((r) => r.pollId).filter((x): x is string => Boolean(x));
  const [access, files, polls, votes, performers, reactions] = await Promise.all([
    accessMap(ctx.db, viewer, rows.map(protectable), at),
    filesOf(ctx.db, ids),
    pollsWithOptions(ctx.db, pollIds),
    viewer ? votesOf(ctx.db, viewer.id, pollIds) : Promise.resolve(new Map<string, string>()),
    performerSummaries(ctx.db, [...rows.map((r) => r.performerId), ...rows.flatMap((r) => r.mentions)]),
    viewerReactions(ctx, viewer?.id ?? null, 'feed', ids),
  ]);
  const mediaIds = [
    ...[...files.values()].flat(),
    ...rows.flatMap((r) => [r.teaserId, r.thumbnailId].filter((x): x is string => Boolean(x))),
  ];
  const media = new Map((await loadMedia(ctx, mediaIds)).map((m) => [m.id, m]));
  const pollById = new Map(polls.polls.map((p) => [p.id, p]));
  return rows.map((row) =>
    presentOne(ctx, row, viewer, {
      access: access.get(row.id)!,
      fileIds: files.get(row.id) ?? [],
      media,
      poll: row.pollId ? (pollById.get(row.pollId) ?? null) : null,
      options: polls.options.filter((o) => o.pollId === row.pollId),
      vote: row.pollId ? (votes.get(row.pollId) ?? null) : null,
      performer: performers.get(row.performerId),
      mentions: row.mentions.map((id) => performers.get(id)).filter((x): x is PerformerSummary => Boolean(x)),
      liked: reactions.liked.has(row.id),
      bookmarked: reactions.bookmarked.has(row.id),
      at,
    }),
  );
}

interface Parts {
  access: Access;
  fileIds: string[];
  media: Map<string, MediaRow>;
  poll: FeedPollRow | null;
  options: FeedPollOptionRow[];
  vote: string | null;
  performer: PerformerSummary | undefined;
  mentions: PerformerSummary[];
  liked: boolean;
  bookmarked: boolean;
  at: Date;
}

function presentOne(ctx: Ctx, row: FeedRow, viewer: Viewer | null, p: Parts): Feed {
  const unlocked = p.access.canView;
  const viewerId = viewer?.id ?? null;
  const file = (id: string | null, open: boolean) => {
    const m = id ? p.media.get(id) : undefined;
    // The owner check inside presentMedia must not open a locked post for anyone else.
    return m ? asFeedFile(presentMedia(ctx, m, { unlocked: open, viewerId: open ? viewerId : null })) : null;
  };
  const files = p.fileIds.map((id) => file(id, unlocked)).filter((f): f is FeedFile => f !== null);
  return {
    _id: row.id,
    type: row.type,
    performerId: row.performerId,
    ...(p.performer && {
      performer: {
        _id: p.performer.id,
        username: p.performer.username,
        name: p.performer.name,
        avatar: avatarUrl(p.performer),
        isVerified: p.performer.isVerified,
      },
    }),
    text: row.text,
    visibility: row.visibility,
    price: fromCents(row.priceCents),
    isSale: row.visibility === 'sale',
    status: row.status,
    isPinned: row.isPinned,
    tags: row.tags,
    mentions: p.mentions.map((m) => ({ _id: m.id, username: m.username })),
    files,
    fileCount: p.fileIds.length,
    // Teaser and thumbnail are the creator's chosen public face of a locked post.
    teaser: file(row.teaserId, true),
    thumbnail: file(row.thumbnailId, true),
    poll: p.poll ? presentPoll(p.poll, p.options, p.vote, p.access.isOwner, p.at) : null,
    totalLike: row.likeCount,
    totalComment: row.commentCount,
    isLiked: p.liked,
    isBookMarked: p.bookmarked,
    isSubscribed: p.access.isSubscribed,
    isBought: p.access.isBought,
    locked: !unlocked,
    takenDown: row.takenDownAt !== null,
    takedownReason: canSeeTakedownReason(viewer, p.access.isOwner) ? (row.takedownReason ?? null) : null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function presentFeed(ctx: Ctx, viewer: Viewer | null, row: FeedRow): Promise<Feed> {
  return (await presentFeeds(ctx, viewer, [row]))[0];
}
