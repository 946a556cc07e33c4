import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { type GeoLocation, locate, type RequestGeo } from '../../lib/geo';
import { msg } from '../../lib/i18n';
import { isAdmin } from '../../plugins/auth';
import { findUserById } from '../users';
import {
  anyCountryBlocks,
  type BlockFacts,
  blockFacts,
  creatorsBlocking,
  deleteUserBlock,
  insertUserBlock,
  listCountryBlocks,
  listUserBlocks,
  replaceCountryBlocks,
} from './blocks.repo';

/** Where a request comes from: `req.ip`, or better `requestGeo(ctx.config, req)` (honours the trusted proxy header). */
export type ViewerLocation = string | RequestGeo;
export type BlockReason = 'user' | 'country';

export const BLOCKED_MESSAGE = 'You cannot view this creator: they have blocked your account';
export const COUNTRY_BLOCKED_MESSAGE = "This creator's profile is not available in your country";

/**
 * Why a viewer may not see a creator's profile or content, or null when they may.
 * The creator themselves and admins are never blocked. The country rule needs
 * the request's location (`ip`); the IP database is only loaded when the creator
 * has blocked at least one country.
 */
export async function blockReason(
  ctx: Pick<Ctx, 'db'>,
  creatorId: string,
  viewerId?: string | null,
  ip?: ViewerLocation,
): Promise<BlockReason | null> {
  if (viewerId && viewerId === creatorId) return null;
  return blockReasonOf(await blockFacts(ctx.db, creatorId, viewerId ?? null), creatorId, viewerId, ip);
}

/** blockReason from facts already read (blockFactsColumns in another query about the creator). */
export async function blockReasonOf(
  facts: BlockFacts,
  creatorId: string,
  viewerId?: string | null,
  ip?: ViewerLocation,
): Promise<BlockReason | null> {
  if (viewerId && viewerId === creatorId) return null;
  if (facts.viewerIsAdmin) return null;
  if (facts.userBlocked) return 'user';
  if (ip && facts.countries.length > 0) {
    const { country } = await locate(ip);
    if (country && facts.countries.includes(country)) return 'country';
  }
  return null;
}

/** True when the creator blocked this viewer (account or country). Every module that shows a creator's things asks this. */
export async function isBlocked(
  ctx: Pick<Ctx, 'db'>,
  creatorId: string,
  viewerId?: string | null,
  ip?: ViewerLocation,
): Promise<boolean> {
  return (await blockReason(ctx, creatorId, viewerId, ip)) !== null;
}

/**
 * Throws 403 when the creator blocked this viewer: code BLOCKED for a blocked
 * account, COUNTRY_BLOCKED for a blocked country. Call it first in every use case
 * that shows, follows, subscribes to, messages or joins a creator.
 */
export async function assertNotBlocked(
  ctx: Pick<Ctx, 'db'>,
  creatorId: string,
  viewerId?: string | null,
  ip?: ViewerLocation,
): Promise<void> {
  throwIfBlocked(await blockReason(ctx, creatorId, viewerId, ip));
}

/** assertNotBlocked from facts already read (the profile reads them in its one query). */
export async function assertNotBlockedBy(
  facts: BlockFacts,
  creatorId: string,
  viewerId?: string | null,
  ip?: ViewerLocation,
): Promise<void> {
  throwIfBlocked(await blockReasonOf(facts, creatorId, viewerId, ip));
}

function throwIfBlocked(reason: BlockReason | null) {
  if (reason === 'user') throw new AppError(403, BLOCKED_MESSAGE, 'BLOCKED');
  if (reason === 'country') throw new AppError(403, COUNTRY_BLOCKED_MESSAGE, 'COUNTRY_BLOCKED');
}

/** For lists: the creators among these who blocked the viewer's account (one query). */
export function creatorsBlockingViewer(
  ctx: Pick<Ctx, 'db'>,
  viewerId: string | null | undefined,
  creatorIds: string[],
) {
  return viewerId ? creatorsBlocking(ctx.db, viewerId, creatorIds) : Promise.resolve(new Set<string>());
}

let anyCountryBlocksCache: { at: number; value: boolean } | null = null;

/** Forget cached facts (tests; after admin changes). */
export function resetBlockCaches() {
  anyCountryBlocksCache = null;
}

/**
 * The viewer's country when some creator blocks countries (discovery lists hide
 * those creators), else null without loading the IP database.
 */
export async function viewerCountryForDiscovery(ctx: Pick<Ctx, 'db'>, ip?: ViewerLocation): Promise<string | null> {
  if (!ip) return null;
  if (!anyCountryBlocksCache || Date.now() - anyCountryBlocksCache.at > 30_000) {
    anyCountryBlocksCache = { at: Date.now(), value: await anyCountryBlocks(ctx.db) };
  }
  if (!anyCountryBlocksCache.value && !(typeof ip === 'object' && ip.country)) return null;
  return (await locate(ip)).country;
}

// Creator settings: blocked fans

export async function blockUser(
  ctx: Pick<Ctx, 'db'>,
  creatorId: string,
  targetId: string,
  reason: string | null,
  onBlocked?: (tx: Executor) => Promise<void>,
) {
  if (targetId === creatorId) throw badRequest(msg('error.blocks.cannotBlockSelf'), 'CANNOT_BLOCK_SELF');
  const target = await findUserById(ctx.db, targetId);
  if (!target) throw notFound('User');
  if (isAdmin(target)) throw forbidden(msg('error.blocks.cannotBlockAdmin'));
  return ctx.db.transaction(async (tx) => {
    const row = await insertUserBlock(tx, creatorId, targetId, reason);
    await onBlocked?.(tx);
    return { row, target };
  });
}

export async function unblockUser(ctx: Pick<Ctx, 'db'>, creatorId: string, targetId: string) {
  const removed = await deleteUserBlock(ctx.db, creatorId, targetId);
  if (!removed) throw notFound('Block');
}

export function blockedUsers(
  ctx: Pick<Ctx, 'db'>,
  creatorId: string,
  opts: { q?: string; page: number; pageSize: number },
) {
  return listUserBlocks(ctx.db, creatorId, {
    q: opts.q,
    limit: opts.pageSize,
    offset: (opts.page - 1) * opts.pageSize,
  });
}

// Creator settings: blocked countries

export function blockedCountries(ctx: Pick<Ctx, 'db'>, creatorId: string) {
  return listCountryBlocks(ctx.db, creatorId);
}

export async function setBlockedCountries(ctx: Pick<Ctx, 'db'>, creatorId: string, codes: string[]) {
  const unique = [...new Set(codes.map((c) => c.toUpperCase()))].sort();
  await ctx.db.transaction((tx) => replaceCountryBlocks(tx, creatorId, unique));
  anyCountryBlocksCache = null;
  return unique;
}

// Checks the web client makes (geo-block and region-block layouts)

/** Whether the requester's country is blocked: by a creator when `performerId` is given, else by the site. */
export async function checkCountry(
  ctx: Pick<Ctx, 'db' | 'settings'>,
  ip: ViewerLocation,
  creatorId?: string | null,
): Promise<{ blocked: boolean; countryCode: string | null }> {
  const siteBlocked = await ctx.settings.get('blockedCountries');
  const creatorBlocked = creatorId ? await listCountryBlocks(ctx.db, creatorId) : [];
  if (siteBlocked.length === 0 && creatorBlocked.length === 0) {
    const loc = typeof ip === 'object' && ip.country ? ip.country : null;
    return { blocked: false, countryCode: loc };
  }
  const { country } = await locate(ip);
  const blocked = Boolean(country && (siteBlocked.includes(country) || creatorBlocked.includes(country)));
  return { blocked, countryCode: country };
}

/** Site-level US state blocking (age-verification laws): admin-configured states. */
export async function checkUsState(
  ctx: Pick<Ctx, 'settings'>,
  ip: ViewerLocation,
): Promise<{ blocked: boolean; countryCode: string | null; stateCode: string | null }> {
  const states = await ctx.settings.get('blockedUsStates');
  if (states.length === 0) return { blocked: false, countryCode: null, stateCode: null };
  const loc: GeoLocation = await locate(ip);
  const stateCode = loc.country === 'US' ? loc.region : null;
  return { blocked: Boolean(stateCode && states.includes(stateCode)), countryCode: loc.country, stateCode };
}
