import type { BankingSettingsBody, PayoutSettings } from '@marquee/shared';
import type { Ctx } from '../../context';
import { forbidden } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { audit } from '../audit';
import type { AuthUser } from '../auth';
import { gatewayAccount } from '../payments';
import { type BankDetails, seal, settingsView, viewOf } from './payouts.details';
import { canReadPayoutSettings } from './payouts.policy';
import { findSettings, upsertSettings } from './payouts.repo';

/** The creator or an admin reads payout settings, always masked (unmasked details exist only in the admin's request detail). */
export async function readSettings(ctx: Ctx, user: AuthUser, performerId: string): Promise<PayoutSettings> {
  if (!canReadPayoutSettings(user, performerId)) throw forbidden(msg('error.payouts.ownSettingsOnly'));
  return settingsView(ctx, ctx.db, performerId);
}

/** Masked bank and PayPal details for the creator profile's `bankingSettings` / `paymentGatewaySettings`. */
export async function maskedProfileSettings(ctx: Ctx, performerId: string) {
  const v = await settingsView(ctx, ctx.db, performerId);
  return { bankingSettings: v.bank, paymentGatewaySettings: v.paypal ? { paypalEmail: v.paypal.email } : null };
}

/**
 * Saves bank transfer details or the PayPal email sealed at rest (the caller
 * checked who may), with an audit row holding masked before/after values.
 */
async function saveSealed(
  ctx: Ctx,
  actor: AuthUser,
  performerId: string,
  set: { bankSealed?: string | null; paypalSealed?: string | null },
  action: string,
) {
  await ctx.db.transaction(async (tx) => {
    const [before, connect] = await Promise.all([
      findSettings(tx, performerId),
      gatewayAccount(tx, performerId, 'stripe', 'connect'),
    ]);
    const row = await upsertSettings(tx, performerId, set, ctx.now());
    const b = viewOf(ctx, before, connect);
    const a = viewOf(ctx, row, connect);
    await audit(ctx, tx, {
      actorId: actor.id,
      action,
      targetType: 'performer',
      targetId: performerId,
      before: { bank: b.bank, paypal: b.paypal },
      after: { bank: a.bank, paypal: a.paypal },
    });
  });
}

export function saveBankDetails(ctx: Ctx, actor: AuthUser, performerId: string, body: BankingSettingsBody) {
  const clean = Object.fromEntries(
    Object.entries(body).filter(([, v]) => typeof v === 'string' && v !== ''),
  ) as BankDetails;
  return saveSealed(ctx, actor, performerId, { bankSealed: seal(ctx, clean) }, 'payout.banking_settings.update');
}

export function savePaypalEmail(ctx: Ctx, actor: AuthUser, performerId: string, email: string) {
  return saveSealed(
    ctx,
    actor,
    performerId,
    { paypalSealed: seal(ctx, { email: email.toLowerCase() }) },
    'payout.paypal_settings.update',
  );
}
