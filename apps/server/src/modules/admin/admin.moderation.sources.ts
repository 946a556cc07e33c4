import type { ModeratedType } from '@marquee/shared';
import { type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { comments, contentItems, contentPhotos, feeds, stories } from '../../db/schema';

const excerpt = (s: string, n = 140) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** What the moderation screens and the creator's notice say about one item. */
export interface ModerationTarget {
  id: string;
  title: string;
  text: string;
  creatorId: string | null;
  takenDown: boolean;
  takedownReason: string | null;
  link: string | null;
  visibility: string | null;
  status: string;
  createdAt: Date;
}

type Row = Record<string, unknown> & { id: string; takenDownAt: Date | null; takedownReason: string | null };
type Moderated = PgTable & { id: Column; takenDownAt: Column; takedownReason: Column; createdAt: Column };

/**
 * One moderated content type: its table (every one carries `takedownColumns()`),
 * the columns that name its creator and its searchable text, an extra condition
 * when several types share a table, and how a row reads in the console.
 */
export interface ModerationSource {
  table: Moderated;
  creatorCol: Column;
  textCol: Column;
  where?: SQL;
  target(row: Row): Omit<ModerationTarget, 'id' | 'takenDown' | 'takedownReason' | 'createdAt'>;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

const item = (type: 'video' | 'gallery' | 'product' | 'reel' | 'scene' | 'scenario'): ModerationSource => ({
  table: contentItems,
  creatorCol: contentItems.creatorId,
  textCol: contentItems.title,
  where: eq(contentItems.type, type),
  target: (r) => ({
    title: str(r.title),
    text: excerpt(str(r.description), 400),
    creatorId: str(r.creatorId),
    link: `/${type}/${str(r.slug)}`,
    visibility: str(r.visibility),
    status: str(r.status),
  }),
});

export const MODERATION_SOURCES: Record<ModeratedType, ModerationSource> = {
  feed: {
    table: feeds,
    creatorCol: feeds.performerId,
    textCol: feeds.text,
    target: (r) => ({
      title: excerpt(str(r.text) || `${str(r.type)} post`, 80),
      text: str(r.text),
      creatorId: str(r.performerId),
      link: `/post/${r.id}`,
      visibility: str(r.visibility),
      status: str(r.status),
    }),
  },
  video: item('video'),
  gallery: item('gallery'),
  product: item('product'),
  reel: item('reel'),
  scene: item('scene'),
  scenario: item('scenario'),
  photo: {
    table: contentPhotos,
    creatorCol: contentPhotos.creatorId,
    textCol: contentPhotos.title,
    target: (r) => ({
      title: str(r.title) || 'Gallery photo',
      text: str(r.description),
      creatorId: str(r.creatorId),
      link: null,
      visibility: null,
      status: str(r.status),
    }),
  },
  story: {
    table: stories,
    creatorCol: stories.performerId,
    textCol: stories.text,
    target: (r) => ({
      title: excerpt(str(r.text) || 'Story', 80),
      text: str(r.text),
      creatorId: str(r.performerId),
      link: null,
      visibility: str(r.visibility),
      status: r.expiredAt ? 'expired' : 'active',
    }),
  },
  comment: {
    table: comments,
    creatorCol: comments.userId,
    textCol: comments.text,
    target: (r) => ({
      title: excerpt(str(r.text), 80),
      text: str(r.text),
      // the comment's author is the one told
      creatorId: str(r.userId),
      link: r.objectType === 'feed' ? `/post/${r.objectId}` : null,
      visibility: null,
      status: 'active',
    }),
  },
};

export function toTarget(src: ModerationSource, r: Row): ModerationTarget {
  return {
    ...src.target(r),
    id: r.id,
    takenDown: r.takenDownAt !== null,
    takedownReason: r.takedownReason,
    createdAt: r.createdAt as Date,
  };
}

/** `ilike` pattern for a user's search text (wildcards escaped). */
export const likePattern = (q: string) => `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
export const ilikeOf = (col: Column, q: string) => sql`${col} ilike ${likePattern(q)}`;
