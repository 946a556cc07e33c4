import { checkoutPurposeOf } from '@marquee/shared/payments';
import type { Ctx } from '../../context';
import type { PaymentRow } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * The 502 of a checkout the gateway did not open (no answer, 5xx, refused request). When another
 * processor is active for the purpose, `details` names it (`nextGateway`) with the failed payment
 * (`paymentId`): the web offers it at once (failover, failover.ts).
 */
export async function gatewayError(ctx: Ctx, p: Pick<PaymentRow, 'id' | 'purpose' | 'gateway'>): Promise<AppError> {
  const list = ctx.settings.paymentMethods(await ctx.settings.all())[checkoutPurposeOf(p.purpose)];
  const at = list.indexOf(p.gateway);
  const next = (at < 0 ? list.find((g) => g !== p.gateway) : list[at + 1]) ?? null;
  return new AppError(
    502,
    'The payment gateway did not accept the payment, please try again later',
    'GATEWAY_ERROR',
    next
      ? [
          { field: 'nextGateway', message: next },
          { field: 'paymentId', message: p.id },
        ]
      : undefined,
  );
}
