import type { Story, StoryGroup } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { StoryRow } from '../../db/schema';
import { accessMap, type Viewer } from '../entitlements';
import { avatarUrl, performerSummaries } from '../feeds';
import { getMediaMany, presentMedia } from '../media';
import { seenSet } from './stories.repo';
import { isActive } from './stories.service';

/** Stories as the viewer may see them: subscriber-only stories without a subscription carry no media. */
export async function presentStories(ctx: Ctx, viewer: Viewer | null, rows: StoryRow[]): Promise<Story[]> {
  if (rows.length === 0) return [];
  const at = ctx.now();
  const mediaIds = rows.map((r) => r.mediaId).filter((x): x is string => Boolean(x));
  const [access, seen, media] = await Promise.all([
    accessMap(
      ctx.db,
      viewer,
      rows.map((r) => ({ objectType: 'story', objectId: r.id, creatorId: r.performerId, visibility: r.visibility })),
      at,
    ),
    viewer
      ? seenSet(
          ctx.db,
          viewer.id,
          rows.map((r) => r.id),
        )
      : Promise.resolve(new Set<string>()),
    mediaIds.length ? getMediaMany(ctx, mediaIds) : Promise.resolve([]),
  ]);
  const mediaById = new Map(media.map((m) => [m.id, m]));
  return rows.map((r) => {
    const unlocked = access.get(r.id)!.canView;
    const m = r.mediaId ? mediaById.get(r.mediaId) : undefined;
    const isOwner = viewer?.id === r.performerId;
    return {
      _id: r.id,
      performerId: r.performerId,
      text: unlocked ? r.text : '',
      backgroundColor: r.backgroundColor,
      visibility: r.visibility,
      media: m ? presentMedia(ctx, m, { unlocked, viewerId: unlocked ? (viewer?.id ?? null) : null }) : null,
      locked: !unlocked,
      isHighlight: r.isHighlight,
      highlightTitle: r.highlightTitle,
      isSeen: isOwner || seen.has(r.id),
      isExpired: !isActive(r, at),
      totalView: r.viewCount,
      expiresAt: r.expiresAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/** The stories bar: grouped per creator, creators with unseen stories first. */
export async function presentStoryGroups(ctx: Ctx, viewer: Viewer, rows: StoryRow[]): Promise<StoryGroup[]> {
  const [presented, performers] = await Promise.all([
    presentStories(ctx, viewer, rows),
    performerSummaries(
      ctx.db,
      rows.map((r) => r.performerId),
    ),
  ]);
  const groups = new Map<string, StoryGroup>();
  for (const s of presented) {
    const p = performers.get(s.performerId);
    if (!p) continue;
    const g = groups.get(s.performerId) ?? {
      performer: { _id: p.id, username: p.username, name: p.name, avatar: avatarUrl(p) },
      stories: [],
      hasUnseen: false,
    };
    g.stories.push(s);
    g.hasUnseen ||= !s.isSeen;
    groups.set(s.performerId, g);
  }
  const latest = (g: StoryGroup) => g.stories[g.stories.length - 1]?.createdAt ?? '';
  return [...groups.values()].sort(
    (a, b) => Number(b.hasUnseen) - Number(a.hasUnseen) || latest(b).localeCompare(latest(a)),
  );
}
