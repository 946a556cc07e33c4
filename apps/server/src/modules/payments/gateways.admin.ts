import {
  type AdminGateways,
  CHECKOUT_PURPOSES,
  type ConnectionTestResult,
  GATEWAY_NAMES,
  type GatewayName,
} from '@marquee/shared/payments';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Ctx } from '../../context';
import { gatewayConfigured, gatewayFor } from '../../lib/payments';

/** What each gateway needs before a checkout opens (environment names; secrets may come from the console). */
const NEEDS: Record<GatewayName, Array<keyof Config>> = {
  sandbox: [],
  stripe: ['STRIPE_SECRET_KEY'],
  ccbill: ['CCBILL_CLIENT_ACCNUM', 'CCBILL_CLIENT_SUBACC', 'CCBILL_FLEX_ID', 'CCBILL_SALT'],
  segpay: [
    'SEGPAY_PACKAGE_ID',
    'SEGPAY_PRICE_POINT_ID',
    'SEGPAY_MERCHANT_ID',
    'SEGPAY_USER_ID',
    'SEGPAY_ACCESS_KEY',
    'SEGPAY_POSTBACK_KEY',
  ],
  verotel: ['VEROTEL_SHOP_ID', 'VEROTEL_SIGNATURE_KEY'],
};
const REMOTE_TEST: Record<GatewayName, 'remote' | 'local'> = {
  sandbox: 'local',
  stripe: 'remote',
  ccbill: 'remote',
  segpay: 'remote',
  verotel: 'local',
};

/** Statuses of a payment the processor approved (whatever happened to it later). */
const APPROVED = ['succeeded', 'refund_pending', 'refunded', 'chargeback'];

/**
 * Approval rate per processor and month (UTC): approved ÷ attempted over the checkouts fans started
 * (every failover attempt is a payment of its own); renewals and off-session charges are left out
 * (the processor rebills on its own), and checkouts still open are counted apart.
 */
export async function approvalRates(ctx: Ctx, months = 6) {
  const now = ctx.now();
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  const approved = sql.join(
    APPROVED.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = await ctx.db.execute<{
    gateway: GatewayName;
    month: string;
    approved: number;
    failed: number;
    open: number;
  }>(sql`
    select gateway, to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month,
      count(*) filter (where status in (${approved}))::int as approved,
      count(*) filter (where status = 'failed')::int as failed,
      count(*) filter (where status in ('created', 'requires_action'))::int as open
    from payments
    where created_at >= ${since}
      and coalesce(metadata->>'renewal', 'false') <> 'true'
      and coalesce(metadata->>'offSession', 'false') <> 'true'
    group by 1, 2
    order by 2 desc, 1`);
  return rows.rows.map((r) => {
    const attempted = Number(r.approved) + Number(r.failed);
    return {
      gateway: r.gateway,
      month: r.month,
      attempted,
      approved: Number(r.approved),
      open: Number(r.open),
      rate: attempted ? Number(r.approved) / attempted : null,
    };
  });
}

export async function adminGateways(ctx: Ctx): Promise<AdminGateways> {
  const s = await ctx.settings.all();
  const config = await ctx.settings.effectiveConfig();
  const defaultGateway = ctx.settings.paymentGateway(s);
  const list = s.paymentGateways.length
    ? s.paymentGateways
    : [{ gateway: defaultGateway, topup: true, subscription: true, purchase: true }];
  const gateways = GATEWAY_NAMES.map((gateway) => {
    const at = list.findIndex((c) => c.gateway === gateway);
    const choice = list[at];
    return {
      gateway,
      configured: gatewayConfigured(config, gateway),
      missing: NEEDS[gateway].filter((k) => !config[k]).map(String),
      position: at < 0 ? null : at,
      ...Object.fromEntries(CHECKOUT_PURPOSES.map((p) => [p, Boolean(choice?.[p])])),
      test: REMOTE_TEST[gateway],
    } as AdminGateways['gateways'][number];
  });
  return { defaultGateway, gateways, approvalRates: await approvalRates(ctx) };
}

/** The console's "test connection" (never moves money). */
export async function testGateway(ctx: Ctx, name: GatewayName): Promise<ConnectionTestResult> {
  const config = await ctx.settings.effectiveConfig();
  if (!gatewayConfigured(config, name)) {
    const missing = NEEDS[name].filter((k) => !config[k]);
    return { ok: false, mode: 'local', message: `Not configured: ${missing.join(', ')} missing` };
  }
  const g = gatewayFor(config, name);
  if (!g.testConnection) return { ok: true, mode: 'local', message: 'Settings present (checked here)' };
  return g.testConnection();
}
