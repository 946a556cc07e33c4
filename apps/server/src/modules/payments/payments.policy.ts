import type { Actor } from '../../plugins/auth';

/** Who sees a payment (the checkout page polls it, the failover retries it): the one who pays. */
export const canSeePayment = (viewer: Actor, p: { userId: string }) => viewer.id === p.userId;
