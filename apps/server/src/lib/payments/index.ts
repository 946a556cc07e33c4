import type { Config } from '../../config';
import { badRequest } from '../errors';
import { CcbillGateway } from './ccbill';
import type { Gateway, GatewayName } from './gateway';
import { SandboxGateway } from './sandbox';
import { StripeGateway } from './stripe';

export * from './gateway';
export { SANDBOX_FAILURES, SANDBOX_SIGNATURE_HEADER, SandboxGateway, sandboxOutcome } from './sandbox';
export { StripeGateway } from './stripe';

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

/** CCBill takes payments once its account, subaccount, FlexForm and salt are set (DataLink is needed for cancels and refunds). */
export function ccbillConfigured(config: Config): boolean {
  return Boolean(
    config.CCBILL_CLIENT_ACCNUM && config.CCBILL_CLIENT_SUBACC && config.CCBILL_FLEX_ID && config.CCBILL_SALT,
  );
}
export { CcbillGateway, ccbillPrice, formDigest } from './ccbill';
export * from './ccbill.postback';
