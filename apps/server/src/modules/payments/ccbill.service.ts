import crypto from 'node:crypto';
import type { Ctx } from '../../context';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { ipAllowList } from '../../lib/ip-allow-list';
import {
  centsOf,
  currencyOfCode,
  type GatewayEvent,
  gatewayFor,
  parsePostbackBody,
  WebhookSignatureError,
} from '../../lib/payments';
import { findPayment, findPaymentByRecurringId } from './payments.repo';
import { handleEvent } from './payments.service';
import { reversedPayment } from './postback-order';

/** A postback as the route received it. */
export interface CcbillDelivery {
  /** The caller's address as the app sees it (`req.ip`: the socket, or the trusted proxy's client). */
  ip: string;
  /** The last path segment after /webhook, or null on the plain path. */
  pathSecret: string | null;
  query: Record<string, string | undefined>;
  body: unknown;
  contentType?: string;
}

const sameSecret = (a: string, b: string) =>
  crypto.timingSafeEqual(
    crypto.createHash('sha256').update(a).digest(),
    crypto.createHash('sha256').update(b).digest(),
  );

/**
 * POST /payments/ccbill/webhook[/<secret>]. CCBill does not sign its webhooks, so a postback
 * counts only from CCBill's address ranges (`CCBILL_WEBHOOK_IPS`) and, when
 * `CCBILL_WEBHOOK_SECRET` is set, on the secret path; anything else is refused (4xx), logged,
 * and changes nothing. A Refund, Void or Chargeback of a sale not applied yet answers 409 unrecorded
 * (CCBill retries a webhook not answered 2xx). Then it is applied through the one event handler,
 * once per event id.
 */
export async function acceptCcbillPostback(ctx: Ctx, d: CcbillDelivery) {
  const config = await ctx.settings.effectiveConfig();
  const gateway = gatewayFor(config, 'ccbill');
  if (!ipAllowList(config.CCBILL_WEBHOOK_IPS).allows(d.ip)) {
    ctx.log.warn({ ip: d.ip, eventType: d.query.eventType }, 'ccbill postback refused: address not allowed');
    throw forbidden('This address may not post CCBill webhooks');
  }
  const secret = config.CCBILL_WEBHOOK_SECRET;
  if (secret ? !d.pathSecret || !sameSecret(d.pathSecret, secret) : d.pathSecret !== null) {
    ctx.log.warn({ ip: d.ip, eventType: d.query.eventType }, 'ccbill postback refused: wrong webhook path');
    throw notFound('Webhook');
  }
  const body = bodyFields(d);
  const query = definedOf(d.query);
  if (Object.entries(query).some(([k, v]) => body[k] !== undefined && body[k] !== v)) {
    ctx.log.warn({ ip: d.ip, query }, 'ccbill postback refused: its query and body disagree');
    throw badRequest('Postback refused: its query and body disagree', 'INVALID_POSTBACK');
  }
  const fields = { ...body, ...query };
  let event: GatewayEvent;
  try {
    event = gateway.parseWebhook(JSON.stringify(fields), { 'content-type': 'application/json' });
  } catch (err) {
    if (!(err instanceof WebhookSignatureError)) throw err;
    ctx.log.warn({ ip: d.ip, err: err.message }, 'ccbill postback refused');
    throw badRequest(`Postback refused: ${err.message}`, 'INVALID_POSTBACK');
  }
  event = await checkSaleAmount(ctx, event, fields);
  event = await withAgreement(ctx, event);
  await reversedPayment(ctx, 'ccbill', event);
  return handleEvent(ctx, 'ccbill', event);
}

function bodyFields(d: CcbillDelivery): Record<string, string> {
  if (typeof d.body === 'string') {
    try {
      return parsePostbackBody(d.body, d.contentType);
    } catch {
      throw badRequest('Postback refused: unreadable body', 'INVALID_POSTBACK');
    }
  }
  if (!d.body || typeof d.body !== 'object') return {};
  return Object.fromEntries(
    Object.entries(d.body).flatMap(([k, v]) =>
      typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? [[k, String(v)]] : [],
    ),
  );
}

const definedOf = (q: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(q).filter((e): e is [string, string] => typeof e[1] === 'string'));

/**
 * The price on a sale is protected by formDigest at CCBill; a sale billed at another amount or
 * currency than the payment we opened is still not credited (logged for the admin instead).
 */
async function checkSaleAmount(ctx: Ctx, e: GatewayEvent, f: Record<string, string>): Promise<GatewayEvent> {
  if (e.type !== 'payment.succeeded' || !e.paymentId) return e;
  const p = await findPayment(ctx.db, e.paymentId);
  if (p?.gateway !== 'ccbill') return e;
  const billed = centsOf(f.billedInitialPrice);
  const currency = currencyOfCode(f.billedCurrencyCode) ?? f.billedCurrency ?? null;
  if ((billed === null || billed === p.chargedCents) && (!currency || currency === p.currency.toUpperCase())) return e;
  ctx.log.error(
    { paymentId: p.id, billed: f.billedInitialPrice, currency, expected: p.chargedCents },
    'ccbill sale billed another amount than the payment: not credited',
  );
  return { ...e, type: 'ignored', reason: 'amount mismatch' };
}

/**
 * Renewals, failures, cancellations and expirations name only CCBill's subscription id: the
 * purpose and its ids (`subscriptionId` …) come from the payment that started the agreement.
 */
async function withAgreement(ctx: Ctx, e: GatewayEvent): Promise<GatewayEvent> {
  if (!e.type.startsWith('recurring.') || !e.recurring) return e;
  const first = await findPaymentByRecurringId(ctx.db, 'ccbill', e.recurring.externalId);
  if (!first || first.purpose === 'topup') return e;
  const meta = Object.fromEntries(
    Object.entries(first.metadata ?? {}).filter((kv): kv is [string, string] => typeof kv[1] === 'string'),
  );
  return { ...e, recurring: { ...e.recurring, metadata: { ...meta, purpose: first.purpose, paymentId: first.id } } };
}
