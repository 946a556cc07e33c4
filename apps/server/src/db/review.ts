import { type Column, eq, type SQL } from 'drizzle-orm';

/**
 * Rows a reviewer approved (or that never needed review): add to every public list/detail
 * query of a publishable table, beside `notTakenDown` (modules/review, docs/compliance.md).
 */
export function isPublished(table: { reviewState: Column }): SQL {
  return eq(table.reviewState, 'approved');
}

/** Whether a loaded row may reach another user. */
export const isApproved = (row: { reviewState: string }) => row.reviewState === 'approved';
