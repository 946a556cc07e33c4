import type { Ctx } from '../../context';
import { runRenewals, SUBSCRIPTION_RENEW_JOB } from './subscriptions.renewal';

/** Renewals, retries, expiries and pre-renewal notices, every minute (times themselves are exact; see renewal). */
export function registerSubscriptionJobs(ctx: Ctx) {
  ctx.jobs.work(SUBSCRIPTION_RENEW_JOB, async () => {
    const r = await runRenewals(ctx);
    if (r.renewed + r.failed + r.expired + r.noticed + r.pending > 0) ctx.log.info(r, 'subscriptions renewal pass');
  });
  ctx.jobs.schedule(SUBSCRIPTION_RENEW_JOB, '* * * * *');
}
