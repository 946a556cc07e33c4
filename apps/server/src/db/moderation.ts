import { type Column, isNull, type SQL } from 'drizzle-orm';

/** Rows an admin has not taken down: add to every public list/detail query of a moderated table. */
export function notTakenDown(table: { takenDownAt: Column }): SQL {
  return isNull(table.takenDownAt);
}

/** Whether a loaded row is taken down (hidden from everyone but admins). */
export const isTakenDown = (row: { takenDownAt: Date | null }) => row.takenDownAt !== null;
