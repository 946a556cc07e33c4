import type { Column, SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

// The shape in which a domain module describes its moderated rows to the admin console
// (admin.moderation.sources.ts assembles them; each module owns its own description).

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

export type ModerationRow = Record<string, unknown> & {
  id: string;
  takenDownAt: Date | null;
  takedownReason: string | null;
};
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
  target(row: ModerationRow): Omit<ModerationTarget, 'id' | 'takenDown' | 'takedownReason' | 'createdAt'>;
}

export const excerpt = (s: string, n = 140) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
export const str = (v: unknown) => (typeof v === 'string' ? v : '');
