import type { App } from '../src/app';
import { insertUserBlock, replaceCountryBlocks } from '../src/modules/blocks/blocks.repo';
import { resetBlockCaches } from '../src/modules/blocks/blocks.service';
import { addFollow } from '../src/modules/follows/follows.repo';
import { resetDiscoveryCaches } from '../src/modules/profiles/profiles.service';

/** A fan follows a creator (counter kept in step, as the API does). */
export function buildFollow(app: App, followerId: string, creatorId: string) {
  return app.ctx.db.transaction((tx) => addFollow(tx, followerId, creatorId));
}

/** A creator blocks a fan. */
export function buildUserBlock(app: App, creatorId: string, userId: string, reason: string | null = null) {
  return insertUserBlock(app.ctx.db, creatorId, userId, reason);
}

/** A creator blocks countries (ISO codes). */
export async function buildCountryBlocks(app: App, creatorId: string, codes: string[]) {
  await app.ctx.db.transaction((tx) => replaceCountryBlocks(tx, creatorId, codes));
  resetBlockCaches();
}

/** Discovery lists are cached per process; tests start from a clean slate. */
export function clearDiscoveryCaches() {
  resetDiscoveryCaches();
  resetBlockCaches();
}
