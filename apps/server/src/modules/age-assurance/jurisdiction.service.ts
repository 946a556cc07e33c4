import type { JurisdictionAction, JurisdictionRuleBody } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { JurisdictionRuleRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { locate, type RequestGeo } from '../../lib/geo';
import { audit } from '../audit';
import { DEFAULT_RULES } from './jurisdiction.defaults';
import {
  deleteRule,
  findDeclaredLocation,
  insertMissingRules,
  listRules,
  type RuleInput,
  saveDeclaredLocation,
  upsertRule,
} from './jurisdiction.repo';

export interface PlaceDecision {
  action: JurisdictionAction;
  rule: JurisdictionRuleRow | null;
  country: string | null;
  region: string | null;
}

const RULES_TTL_MS = 30_000;
const DECLARED_TTL_MS = 60_000;
let rulesCache: { at: number; rows: JurisdictionRuleRow[] } | null = null;
const declaredCache = new Map<string, { at: number; loc: { country: string; region: string } | null }>();

/** Forget cached rules and declared locations (after an admin change; tests). */
export function resetJurisdictionCaches() {
  rulesCache = null;
  declaredCache.clear();
}

async function cachedRules(ctx: Pick<Ctx, 'db'>) {
  if (!rulesCache || Date.now() - rulesCache.at > RULES_TTL_MS) {
    rulesCache = { at: Date.now(), rows: await listRules(ctx.db) };
  }
  return rulesCache.rows;
}

async function declaredOf(ctx: Pick<Ctx, 'db'>, userId: string) {
  const hit = declaredCache.get(userId);
  if (hit && Date.now() - hit.at < DECLARED_TTL_MS) return hit.loc;
  const loc = await findDeclaredLocation(ctx.db, userId);
  declaredCache.set(userId, { at: Date.now(), loc });
  return loc;
}

const SEVERITY: Record<JurisdictionAction, number> = { allow: 0, assurance: 1, block: 2 };
const today = (ctx: Pick<Ctx, 'now'>) => ctx.now().toISOString().slice(0, 10);

/** The rule in force for a place: its region's rule over its country's; null when none. */
export function ruleFor(rules: JurisdictionRuleRow[], day: string, country: string | null, region: string | null) {
  if (!country) return null;
  const inForce = rules.filter((r) => r.country === country && r.effectiveFrom <= day);
  return (region && inForce.find((r) => r.region === region)) || inForce.find((r) => r.region === '') || null;
}

/**
 * What the law of the requester's place asks: from the request's geo-IP (the existing offline
 * database) and, for a signed-in account, its declared country — the stricter of the two, so
 * neither a VPN nor a declaration opens what the other closes.
 */
export async function decidePlace(
  ctx: Pick<Ctx, 'db' | 'now'>,
  geo: RequestGeo,
  userId?: string | null,
): Promise<PlaceDecision> {
  const rules = await cachedRules(ctx);
  if (rules.length === 0) return { action: 'allow', rule: null, country: geo.country ?? null, region: null };
  const day = today(ctx);
  const seen = await locate(geo);
  const candidates: PlaceDecision[] = [decision(ruleFor(rules, day, seen.country, seen.region), seen)];
  const declared = userId ? await declaredOf(ctx, userId) : null;
  if (declared) {
    const place = { country: declared.country, region: declared.region || null };
    candidates.push(decision(ruleFor(rules, day, place.country, place.region), place));
  }
  return candidates.reduce((a, b) => (SEVERITY[b.action] > SEVERITY[a.action] ? b : a));
}

function decision(rule: JurisdictionRuleRow | null, place: { country: string | null; region: string | null }) {
  return { action: rule?.action ?? 'allow', rule, country: place.country, region: place.region } as PlaceDecision;
}

// Admin console

export function jurisdictionRules(ctx: Pick<Ctx, 'db'>) {
  return listRules(ctx.db);
}

export async function saveRule(ctx: Ctx, adminId: string, body: JurisdictionRuleBody) {
  const input: RuleInput = { ...body, country: body.country.toUpperCase(), region: body.region.toUpperCase() };
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await upsertRule(tx, input, ctx.now());
    await audit(ctx, tx, {
      actorId: adminId,
      action: 'jurisdiction.save',
      targetType: 'jurisdiction_rule',
      targetId: saved.id,
      after: input,
    });
    return saved;
  });
  resetJurisdictionCaches();
  return row;
}

export async function removeRule(ctx: Ctx, adminId: string, id: string) {
  await ctx.db.transaction(async (tx) => {
    const removed = await deleteRule(tx, id);
    if (!removed) throw notFound('Rule');
    await audit(ctx, tx, {
      actorId: adminId,
      action: 'jurisdiction.delete',
      targetType: 'jurisdiction_rule',
      targetId: id,
      before: removed,
    });
  });
  resetJurisdictionCaches();
}

/** Adds the researched rules (jurisdiction.defaults.ts) for places that have none; the seed calls it too. */
export async function addDefaultRules(ctx: Pick<Ctx, 'db' | 'now'>, adminId?: string) {
  const added = await ctx.db.transaction(async (tx) => {
    const n = await insertMissingRules(tx, [...DEFAULT_RULES], ctx.now());
    if (adminId) await audit(ctx, tx, { actorId: adminId, action: 'jurisdiction.defaults', after: { added: n } });
    return n;
  });
  resetJurisdictionCaches();
  return added;
}

export async function declareLocation(ctx: Pick<Ctx, 'db' | 'now'>, userId: string, country: string, region: string) {
  await saveDeclaredLocation(ctx.db, userId, country.toUpperCase(), region.toUpperCase(), ctx.now());
  declaredCache.delete(userId);
}
