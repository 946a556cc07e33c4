import type { PayoutMethod, PayoutSettings } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import type { PayoutSettingsRow } from '../../db/schema';
import { unprocessable } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { gatewayAccount } from '../payments';
import { openSecret, sealSecret } from '../settings';
import { findSettings } from './payouts.repo';

/**
 * Banking details at rest: sealed with AES-256-GCM under a key derived from the
 * site's secret (the same sealing as the admin's service secrets, with its own
 * purpose string so the two keys differ). Opened only to mask them or for an admin.
 */
/** The fields of PUT /performers/{id}/banking-settings (empty ones dropped). */
export type BankDetails = Record<string, string> & { firstName: string; lastName: string; bankName: string };
export interface PaypalDetails {
  email: string;
}
export type MethodDetails =
  | ({ method: 'bank' } & BankDetails)
  | ({ method: 'paypal' } & PaypalDetails)
  | { method: 'stripe'; accountId: string };

const purpose = (ctx: Pick<Ctx, 'config'>) => `payouts:${ctx.config.secretKey}`;
export const seal = (ctx: Pick<Ctx, 'config'>, value: unknown) => sealSecret(purpose(ctx), JSON.stringify(value));
export function open<T>(ctx: Pick<Ctx, 'config'>, sealed: string | null | undefined): T | null {
  if (!sealed) return null;
  const text = openSecret(purpose(ctx), sealed);
  return text ? (JSON.parse(text) as T) : null;
}

const last4 = (v: string | undefined) => (v ? `•••• ${v.replace(/[\s-]/g, '').slice(-4)}` : '');
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain ?? ''}`;
}

/** Names, bank, country and SWIFT shown; account, IBAN and routing numbers as their last four; the address hidden. */
export function maskBank(b: BankDetails): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(b)) {
    if (!v) continue;
    if (k === 'accountNumber' || k === 'iban' || k === 'routingNumber') out[k] = last4(v);
    else if (k === 'address') out[k] = '••••••';
    else out[k] = v;
  }
  return out;
}

/** A request's method details as the API shows them: masked, or whole for an admin. */
export function presentDetails(d: MethodDetails | null, reveal: boolean): Record<string, string> {
  if (!d) return {};
  const { method: _m, ...rest } = d;
  if (reveal) return rest as Record<string, string>;
  if (d.method === 'stripe') return { accountId: `${d.accountId.slice(0, 5)}••••${d.accountId.slice(-4)}` };
  if (d.method === 'paypal') return { email: maskEmail(d.email) };
  return maskBank(rest as BankDetails);
}

export async function settingsView(ctx: Ctx, db: Executor, userId: string): Promise<PayoutSettings> {
  const [row, connect] = await Promise.all([findSettings(db, userId), gatewayAccount(db, userId, 'stripe', 'connect')]);
  return viewOf(ctx, row, connect);
}

export function viewOf(
  ctx: Ctx,
  row: PayoutSettingsRow | null,
  connect: { externalId: string; payoutsEnabled: boolean; detailsSubmitted: boolean } | null,
): PayoutSettings {
  const bank = open<BankDetails>(ctx, row?.bankSealed);
  const paypal = open<PaypalDetails>(ctx, row?.paypalSealed);
  const methods: PayoutMethod[] = [];
  if (bank) methods.push('bank');
  if (paypal) methods.push('paypal');
  if (connect?.payoutsEnabled) methods.push('stripe');
  return {
    bank: bank ? maskBank(bank) : null,
    paypal: paypal ? { email: maskEmail(paypal.email) } : null,
    stripe: connect
      ? {
          accountId: connect.externalId,
          payoutsEnabled: connect.payoutsEnabled,
          detailsSubmitted: connect.detailsSubmitted,
        }
      : null,
    methods,
    stripeAvailable: Boolean(ctx.config.STRIPE_SECRET_KEY),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The details a request with this method pays to; 422 naming the method when it is not set up. */
export async function detailsFor(ctx: Ctx, db: Executor, userId: string, method: PayoutMethod): Promise<MethodDetails> {
  if (method === 'stripe') {
    const a = await gatewayAccount(db, userId, 'stripe', 'connect');
    if (!a?.payoutsEnabled)
      throw unprocessable(
        'Finish Stripe Connect onboarding before requesting a Stripe payout',
        'PAYOUT_METHOD_NOT_SET',
      );
    return { method, accountId: a.externalId };
  }
  const row = await findSettings(db, userId);
  if (method === 'bank') {
    const b = open<BankDetails>(ctx, row?.bankSealed);
    if (!b) throw unprocessable(msg('error.payouts.bankNotSet'), 'PAYOUT_METHOD_NOT_SET');
    return { method, ...b };
  }
  const p = open<PaypalDetails>(ctx, row?.paypalSealed);
  if (!p) throw unprocessable(msg('error.payouts.paypalNotSet'), 'PAYOUT_METHOD_NOT_SET');
  return { method, ...p };
}
