import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { countryBlocks, userBlocks, users } from '../../db/schema';

// SQL fragments other modules' queries use to hide blocked creators or read the block facts
// in the same query (exported through index.ts).

/**
 * The same facts as columns of another query about the creator (the profile's one query):
 * `userBlocked`, `viewerIsAdmin`, `countries`, for blockReasonOf.
 */
export function blockFactsColumns(creatorId: AnyPgColumn | SQL, viewerId: SQL | Placeholder | string) {
  return {
    userBlocked: sql<boolean>`exists(select 1 from ${userBlocks} where ${userBlocks.creatorId} = ${creatorId} and ${userBlocks.userId} = ${viewerId})`,
    viewerIsAdmin: sql<boolean>`exists(select 1 from ${users} where ${users.id} = ${viewerId} and ${users.role} = 'admin')`,
    countries: sql<
      string[]
    >`coalesce((select array_agg(${countryBlocks.countryCode}) from ${countryBlocks} where ${countryBlocks.creatorId} = ${creatorId}), '{}')`,
  };
}

/** SQL condition "the creator in `creatorColumn` has not blocked this viewer", for list queries. */
export function notBlockedBy(creatorColumn: AnyPgColumn | SQL, viewerId: string | null | undefined): SQL {
  if (!viewerId) return sql`true`;
  return sql`not exists (select 1 from ${userBlocks} where ${userBlocks.creatorId} = ${creatorColumn} and ${userBlocks.userId} = ${viewerId})`;
}

/** Creators that block this country, for excluding them from discovery lists. */
export function notCountryBlocked(creatorColumn: AnyPgColumn | SQL, country: string | null | undefined): SQL {
  if (!country) return sql`true`;
  return sql`not exists (select 1 from ${countryBlocks} where ${countryBlocks.creatorId} = ${creatorColumn} and ${countryBlocks.countryCode} = ${country})`;
}
