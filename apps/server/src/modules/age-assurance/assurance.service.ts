import crypto from 'node:crypto';
import type { AgeAssuranceProviderName } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { AgeAssuranceRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { RequestGeo } from '../../lib/geo';
import { isAdmin } from '../../plugins/auth';
import { audit } from '../audit';
import { latestCheck } from './assurance.repo';
import { decidePlace, type PlaceDecision } from './jurisdiction.service';
import { yotiProvider } from './providers/yoti';

/** The visitor's browser-session token (httpOnly cookie; the database keeps its SHA-256). */
export const VISITOR_COOKIE = 'mq_age';
/** A visitor's (session-bound) assurance lasts at most this long, even if the browser keeps the cookie. */
export const VISITOR_ASSURANCE_HOURS = 24;
const ADMITTED_TTL_MS = 60_000;

export interface Requester {
  user: { id: string; role: string } | null;
  visitorToken: string | null;
  geo: RequestGeo;
}
export interface Evaluation {
  place: PlaceDecision;
  admitted: boolean;
  assurance: AgeAssuranceRow | null;
}

export const hashVisitorToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
export const newVisitorToken = () => crypto.randomBytes(32).toString('base64url');

export const holderOf = (r: Requester) => ({
  userId: r.user?.id ?? null,
  visitorHash: r.visitorToken ? hashVisitorToken(r.visitorToken) : null,
});

/** Recently admitted holders (assurance found), so a fan's every request does not ask the database. */
const admittedCache = new Map<string, number>();
export function resetAssuranceCache() {
  admittedCache.clear();
}

/**
 * The assurance in force for this account or browser session: an account's holds until the
 * re-check period (setting ageAssuranceRecheckDays; 0 = for good), a visitor's for the browser
 * session (at most VISITOR_ASSURANCE_HOURS).
 */
export async function assuranceOf(ctx: Pick<Ctx, 'db' | 'settings' | 'now'>, r: Requester) {
  const holder = holderOf(r);
  const days = await ctx.settings.get('ageAssuranceRecheckDays');
  const now = ctx.now().getTime();
  const since = r.user
    ? days > 0
      ? new Date(now - days * 86_400_000)
      : null
    : new Date(now - VISITOR_ASSURANCE_HOURS * 3_600_000);
  return latestCheck(ctx.db, holder, 'assured', since);
}

/** Whether this requester may see adult content under their place's rule, and why. */
export async function evaluate(ctx: Pick<Ctx, 'db' | 'settings' | 'now'>, r: Requester): Promise<Evaluation> {
  const place = await decidePlace(ctx, r.geo, r.user?.id);
  if (isAdmin(r.user)) return { place, admitted: true, assurance: null };
  if (place.action === 'block') return { place, admitted: false, assurance: null };
  // Creators prove their age and identity before they can sell (identity module).
  if (place.action === 'allow' || r.user?.role === 'performer') return { place, admitted: true, assurance: null };
  const key = `${r.user?.id ?? ''}|${holderOf(r).visitorHash ?? ''}`;
  if ((admittedCache.get(key) ?? 0) > Date.now()) return { place, admitted: true, assurance: null };
  const assurance = await assuranceOf(ctx, r);
  if (assurance) admittedCache.set(key, Date.now() + ADMITTED_TTL_MS);
  return { place, admitted: assurance !== null, assurance };
}

/** The providers this site offers now (setting ageAssuranceProviders; Yoti only when configured). */
export async function offeredProviders(ctx: Pick<Ctx, 'config' | 'settings'>): Promise<AgeAssuranceProviderName[]> {
  const wanted = await ctx.settings.get('ageAssuranceProviders');
  return wanted.filter((p) => p !== 'yoti' || yotiProvider.configured(ctx));
}

export async function assertOffered(ctx: Pick<Ctx, 'config' | 'settings'>, name: AgeAssuranceProviderName) {
  if (!(await offeredProviders(ctx)).includes(name))
    throw badRequest(`Age assurance by ${name} is not offered on this site`, 'VALIDATION_ERROR');
}

/** A check of this requester (account or browser session), else 404. */
export function assertOwnCheck(row: AgeAssuranceRow | null, r: Requester): AgeAssuranceRow {
  const h = holderOf(r);
  const own = row && ((h.userId && row.userId === h.userId) || (h.visitorHash && row.visitorHash === h.visitorHash));
  if (!own) throw notFound('Age check');
  return row;
}

export function auditDecision(
  ctx: Pick<Ctx, 'now'>,
  tx: Parameters<typeof audit>[1],
  row: AgeAssuranceRow,
  actorId: string | null,
) {
  return audit(ctx, tx, {
    actorId,
    action: 'age_assurance.decide',
    targetType: 'age_assurance',
    targetId: row.id,
    after: { provider: row.provider, method: row.method, status: row.status, userId: row.userId },
  });
}
