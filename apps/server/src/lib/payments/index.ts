import type { Config } from '../../config';
import { badRequest } from '../errors';
import { CcbillGateway } from './ccbill';
import type { Gateway, GatewayName } from './gateway';
import { SandboxGateway } from './sandbox';
import { SegpayGateway } from './segpay';
import { StripeGateway } from './stripe';
import { VerotelGateway } from './verotel';

export * from './gateway';
export { SANDBOX_FAILURES, SANDBOX_SIGNATURE_HEADER, SandboxGateway, sandboxOutcome } from './sandbox';
export { SegpayGateway } from './segpay';
export { SegpayPostbackError } from './segpay.postback';
export { StripeGateway } from './stripe';
export { VerotelGateway } from './verotel';

const cache = new WeakMap<Config, Partial<Record<GatewayName, Gateway>>>();

/** The gateway by name, built once per config. Stripe without a secret key is a clear 400. */
export function gatewayFor(config: Config, name: GatewayName): Gateway {
  const byName = cache.get(config) ?? {};
  cache.set(config, byName);
  if (byName[name]) return byName[name]!;
  if (name === 'stripe') {
    if (!config.STRIPE_SECRET_KEY) throw badRequest('Stripe is not configured on this site', 'STRIPE_NOT_CONFIGURED');
    byName.stripe = new StripeGateway(
      config.STRIPE_SECRET_KEY,
      config.STRIPE_WEBHOOK_SECRET,
      config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
      config.STRIPE_API_URL,
    );
  } else if (name === 'sandbox') {
    byName.sandbox = new SandboxGateway(`sandbox-webhook:${config.secretKey}`);
  } else if (name === 'verotel' && config.VEROTEL_SHOP_ID && config.VEROTEL_SIGNATURE_KEY) {
    byName.verotel = new VerotelGateway({
      shopId: config.VEROTEL_SHOP_ID,
      signatureKey: config.VEROTEL_SIGNATURE_KEY,
      flexpayUrl: config.VEROTEL_FLEXPAY_URL.replace(/\/$/, ''),
      apiUrl: config.VEROTEL_API_URL.replace(/\/$/, ''),
      apiUsername: config.VEROTEL_API_USERNAME,
      apiPassword: config.VEROTEL_API_PASSWORD,
      publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    });
  } else if (name === 'segpay' && segpayConfigured(config)) {
    byName.segpay = new SegpayGateway({
      packageId: config.SEGPAY_PACKAGE_ID!,
      pricePointId: config.SEGPAY_PRICE_POINT_ID!,
      recurringPricePointId: config.SEGPAY_RECURRING_PRICE_POINT_ID,
      merchantId: config.SEGPAY_MERCHANT_ID!,
      userId: config.SEGPAY_USER_ID!,
      accessKey: config.SEGPAY_ACCESS_KEY!,
      postbackKey: config.SEGPAY_POSTBACK_KEY!,
      postbackIps: (config.SEGPAY_POSTBACK_IPS ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      paymentUrl: config.SEGPAY_PAYMENT_URL,
      srsUrl: config.SEGPAY_SRS_URL.replace(/\/$/, ''),
      recurringPricingUrl: config.SEGPAY_RECURRING_PRICING_URL,
      publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    });
  } else if (name === 'ccbill' && ccbillConfigured(config)) {
    byName.ccbill = new CcbillGateway({
      clientAccnum: config.CCBILL_CLIENT_ACCNUM!,
      clientSubacc: config.CCBILL_CLIENT_SUBACC!,
      flexId: config.CCBILL_FLEX_ID!,
      salt: config.CCBILL_SALT!,
      datalinkUsername: config.CCBILL_DATALINK_USERNAME,
      datalinkPassword: config.CCBILL_DATALINK_PASSWORD,
      flexformsUrl: config.CCBILL_FLEXFORMS_URL,
      datalinkUrl: config.CCBILL_DATALINK_URL,
    });
  } else {
    throw badRequest(`${name} is not configured on this site`, 'GATEWAY_NOT_CONFIGURED');
  }
  return byName[name]!;
}

export function sandboxGateway(config: Config): SandboxGateway {
  return gatewayFor(config, 'sandbox') as SandboxGateway;
}
export function stripeGateway(config: Config): StripeGateway {
  return gatewayFor(config, 'stripe') as StripeGateway;
}
export function verotelGateway(config: Config): VerotelGateway {
  return gatewayFor(config, 'verotel') as VerotelGateway;
}

/** Segpay needs its package, price point, merchant id, SRS credentials and the postback key. */
export function segpayConfigured(config: Config): boolean {
  return Boolean(
    config.SEGPAY_PACKAGE_ID &&
      config.SEGPAY_PRICE_POINT_ID &&
      config.SEGPAY_MERCHANT_ID &&
      config.SEGPAY_USER_ID &&
      config.SEGPAY_ACCESS_KEY &&
      config.SEGPAY_POSTBACK_KEY,
  );
}
export function segpayGateway(config: Config): SegpayGateway {
  return gatewayFor(config, 'segpay') as SegpayGateway;
}

/** CCBill takes payments once its account, subaccount, FlexForm and salt are set (DataLink is needed for cancels and refunds). */
export function ccbillConfigured(config: Config): boolean {
  return Boolean(
    config.CCBILL_CLIENT_ACCNUM && config.CCBILL_CLIENT_SUBACC && config.CCBILL_FLEX_ID && config.CCBILL_SALT,
  );
}
export { CcbillGateway, ccbillPrice, formDigest } from './ccbill';
export { type ProcessorRecord, parseExtract } from './ccbill.extract';
export * from './ccbill.postback';

/** Verotel takes payments with its shop id and signature key (memberships also need the Control Center API). */
export function verotelConfigured(config: Config): boolean {
  return Boolean(config.VEROTEL_SHOP_ID && config.VEROTEL_SIGNATURE_KEY);
}

/** Whether this server could open a checkout at the gateway now (its settings and secrets are there). */
export function gatewayConfigured(config: Config, name: GatewayName): boolean {
  switch (name) {
    case 'sandbox':
      return true;
    case 'stripe':
      return Boolean(config.STRIPE_SECRET_KEY);
    case 'ccbill':
      return ccbillConfigured(config);
    case 'segpay':
      return segpayConfigured(config);
    case 'verotel':
      return verotelConfigured(config);
  }
}
