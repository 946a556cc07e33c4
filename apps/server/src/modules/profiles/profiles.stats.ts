import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { contentItems, contentPhotos, feedFiles, feeds, reactions, stories } from '../../db/schema';

/** Catalogue types that count as one media file each on the profile (galleries count their photos). */
const VIDEO_TYPES = sql.raw(`'video', 'reel', 'scene', 'scenario'`);

/**
 * A creator's profile stats, computed on read as scalar subqueries of the
 * profile's one query (each an index range scan on the creator's own rows):
 * - posts: their posts fans can see (published, not expired, not taken down; catalogue items and photos likewise);
 * - media: files in those posts + photos of active galleries + active videos, reels, scenes, scenarios;
 * - likes: likes on those posts and active catalogue items, plus likes of the profile itself.
 * - contentKinds: the catalogue types with at least one visible item, and hasStories (active or highlights):
 *   the profile shows the tabs that have content (issue 31).
 * Nothing to keep in step: creating, scheduling, expiring, taking down or deleting content moves them at once.
 */
export function profileStatsColumns(
  creatorId: SQL | string | { getSQL(): SQL },
  at: Date | SQL.Aliased | SQL | Placeholder,
) {
  const now = at instanceof Date ? at.toISOString() : at;
  const visiblePost = sql`${feeds.performerId} = ${creatorId} and ${feeds.status} = 'published'
    and (${feeds.expiresAt} is null or ${feeds.expiresAt} > ${now}) and ${feeds.takenDownAt} is null and ${feeds.reviewState} = 'approved'`;
  const liveItem = sql`${contentItems.creatorId} = ${creatorId} and ${contentItems.status} = 'active'
    and (${contentItems.publishedAt} is null or ${contentItems.publishedAt} <= ${now}) and ${contentItems.takenDownAt} is null and ${contentItems.reviewState} = 'approved'`;
  return {
    posts: sql<number>`(select count(*)::int from ${feeds} where ${visiblePost})`,
    media: sql<number>`(
      (select count(*)::int from ${feedFiles} join ${feeds} on ${feeds.id} = ${feedFiles.feedId} where ${visiblePost})
      + (select count(*)::int from ${contentPhotos} join ${contentItems} on ${contentItems.id} = ${contentPhotos.galleryId}
           where ${contentPhotos.creatorId} = ${creatorId} and ${contentPhotos.status} = 'active'
             and ${contentPhotos.takenDownAt} is null and ${liveItem})
      + (select count(*)::int from ${contentItems} where ${liveItem} and ${contentItems.type} in (${VIDEO_TYPES})))`,
    contentKinds: sql<
      string[]
    >`(select coalesce(array_agg(distinct ${contentItems.type}), '{}') from ${contentItems} where ${liveItem})`,
    hasStories: sql<boolean>`exists(select 1 from ${stories} where ${stories.performerId} = ${creatorId}
      and (${stories.isHighlight} or (${stories.expiredAt} is null and ${stories.expiresAt} > ${now})))`,
    likes: sql<number>`(
      (select coalesce(sum(${feeds.likeCount}), 0)::int from ${feeds} where ${visiblePost})
      + (select coalesce(sum(${contentItems.likes}), 0)::int from ${contentItems} where ${liveItem})
      + (select count(*)::int from ${reactions} where ${reactions.objectType} = 'performer'
           and ${reactions.objectId} = ${creatorId} and ${reactions.action} = 'like'))`,
  };
}
