import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app-type';
import { acceptCcbillPostback } from './ccbill.service';

/** What CCBill appends to the webhook URL (https://ccbill.com/doc/webhooks-overview). */
const postbackQuery = z.object({
  eventType: z.string().max(100).optional(),
  eventGroupType: z.string().max(100).optional(),
  clientAccnum: z.string().max(20).optional(),
  clientSubacc: z.string().max(20).optional(),
});
/** The event's fields (subscriptionId, transactionId, amounts, X-paymentId …), URL encoded or JSON. */
const postbackBody = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .optional()
  .describe('The CCBill webhook fields of the event, application/x-www-form-urlencoded or application/json');
const webhookResult = z.object({ received: z.literal(true), duplicate: z.boolean(), result: z.string() });

const summary =
  'CCBill webhook (NewSaleSuccess, NewSaleFailure, RenewalSuccess, RenewalFailure, Cancellation, Expiration, Refund, Void, Chargeback): not signed, so accepted only from CCBill’s address ranges; a Refund, Void or Chargeback of a sale not applied yet answers 409 unrecorded, for the retry';

/** CCBill's webhooks: the URL to give CCBill is /api/payments/ccbill/webhook/<CCBILL_WEBHOOK_SECRET> (docs/payments.md). */
export default async function ccbillRoutes(app: App) {
  const ctx = app.ctx;
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // CCBill's original format is URL encoded: read into the same flat object as its JSON format
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const base = {
      tags: ['payments'],
      consumes: ['application/x-www-form-urlencoded', 'application/json'],
      querystring: postbackQuery,
      body: postbackBody,
    };
    scope.post(
      '/payments/ccbill/webhook/:secret',
      {
        schema: {
          ...base,
          summary: `${summary} and on the secret path given to CCBill; idempotent by transaction id`,
          params: z.object({ secret: z.string().min(1).max(200) }),
          response: { 200: webhookResult },
        },
      },
      async (req) =>
        acceptCcbillPostback(ctx, {
          ip: req.ip,
          pathSecret: req.params.secret,
          query: req.query,
          body: req.body,
          contentType: req.headers['content-type'],
        }),
    );
    scope.post(
      '/payments/ccbill/webhook',
      {
        schema: {
          ...base,
          summary: `${summary} (this plain path only while no CCBILL_WEBHOOK_SECRET is set); idempotent by transaction id`,
          response: { 200: webhookResult },
        },
      },
      async (req) =>
        acceptCcbillPostback(ctx, {
          ip: req.ip,
          pathSecret: null,
          query: req.query,
          body: req.body,
          contentType: req.headers['content-type'],
        }),
    );
  });
}
