import type { DELIVERY_STATUSES, PayoutMethod, SubscriptionType } from '@marquee/shared';
import { msg } from './index';

/** Option values written inside sentences ("Your order M-1 is shipping"), in the reader's language. */
export const subscriptionTypeWord = (type: SubscriptionType) => msg(`subscriptionType.${type}`);
export const deliveryStatusWord = (status: (typeof DELIVERY_STATUSES)[number]) => msg(`deliveryStatus.${status}`);
export const payoutMethodWord = (method: PayoutMethod) => msg(`payoutMethod.${method}`);
