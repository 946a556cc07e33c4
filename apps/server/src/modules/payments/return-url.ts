import type { GatewayName } from '@marquee/shared/payments';

/** The processors that host every payment and send the fan back to us with the outcome still unknown. */
const HOSTED_GATEWAYS: readonly GatewayName[] = ['ccbill', 'segpay', 'verotel'];

/**
 * Where a hosted processor sends the fan back: the web's result page, which waits for the postback
 * (realtime, polling as a fallback) and then offers the way on (`next`: the page the checkout started
 * from). Segpay and Verotel add `payment=<id>`; CCBill's approval URL is set in its admin (the page
 * then shows the fan's latest payment). The sandbox and Stripe keep their own return.
 */
export function checkoutReturnUrl(gateway: GatewayName, next: string): string {
  return HOSTED_GATEWAYS.includes(gateway) ? `/payments/result?next=${encodeURIComponent(next)}` : next;
}
