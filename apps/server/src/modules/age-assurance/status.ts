import type { Ctx } from '../../context';
import type { JurisdictionRuleRow } from '../../db/schema';
import { latestCheck } from './assurance.repo';
import { assuranceOf, evaluate, holderOf, offeredProviders, type Requester } from './assurance.service';

export const presentRule = (r: JurisdictionRuleRow) => ({
  _id: r.id,
  country: r.country,
  region: r.region,
  action: r.action,
  effectiveFrom: r.effectiveFrom,
  law: r.law,
  source: r.source,
  uncertain: r.uncertain,
  updatedAt: r.updatedAt.toISOString(),
});

/** What the web's challenge and block pages show: the rule by name, and the way through. */
export async function statusOf(ctx: Ctx, r: Requester) {
  const e = await evaluate(ctx, r);
  const rule = e.place.rule;
  const assurance = e.assurance ?? (await assuranceOf(ctx, r));
  const pending = e.admitted ? null : await latestCheck(ctx.db, holderOf(r), 'pending');
  return {
    action: e.place.action,
    admitted: e.admitted,
    country: e.place.country,
    region: e.place.region,
    rule: rule
      ? {
          country: rule.country,
          region: rule.region,
          action: rule.action,
          law: rule.law,
          effectiveFrom: rule.effectiveFrom,
        }
      : null,
    assurance: assurance
      ? {
          provider: assurance.provider,
          method: assurance.method,
          assuredAt: (assurance.decidedAt ?? assurance.createdAt).toISOString(),
        }
      : null,
    pending: pending?.provider === 'builtin' ? { _id: pending.id, provider: pending.provider } : null,
    providers: await offeredProviders(ctx),
    vpnNotice: await ctx.settings.get('ageAssuranceVpnNotice'),
  };
}
