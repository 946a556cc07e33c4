import { text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The moderation flag every public item shares (posts, catalogue items, photos,
 * stories, comments): set when an admin takes the item down, cleared on restore.
 * Distinct from the creator's own status: only an admin sets or clears it, and
 * while it is set the item is hidden from everyone but admins.
 */
export const takedownColumns = () => ({
  takenDownAt: timestamp('taken_down_at', { withTimezone: true }),
  takedownReason: text('takedown_reason'),
});
