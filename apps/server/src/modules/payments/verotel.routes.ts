import { z } from 'zod';
import type { App } from '../../app-type';
import { acceptRawFormBody } from './postback-form';
import { handleVerotelPostback } from './verotel.service';

const text = (d: string) => z.string().optional().describe(d);

/** The FlexPay postback parameters (all optional: each event sends its own set; the signature covers all). */
const postbackQuery = z
  .object({
    event: text(
      'initial, rebill, cancel, uncancel, expiry, extend, downgrade, upgrade, credit, chargeback; none for a purchase',
    ),
    type: text('purchase or subscription'),
    shopID: text('the website ID'),
    saleID: text('Verotel’s sale'),
    transactionID: text('the transaction of a sale, rebill, credit or chargeback'),
    parentID: text('credit, chargeback: the transaction taken back'),
    referenceID: text('our payment id'),
    priceAmount: text('nnn.nn'),
    priceCurrency: text('ISO code'),
    amount: text('rebill: nnn.nn charged'),
    currency: text('rebill: ISO code'),
    custom1: text('pass-through: the payment purpose'),
    custom2: text('pass-through: the purpose’s keys (a=1&b=2)'),
    custom3: text('pass-through: our user id'),
    subscriptionType: text('recurring or one-time'),
    subscriptionPhase: text('trial, normal or terminated'),
    period: text('ISO 8601 duration'),
    nextChargeOn: text('YYYY-MM-DD'),
    expiresOn: text('YYYY-MM-DD'),
    cancelledBy: text('user, merchant, support or system'),
    paymentMethod: text('CC, DDEU …'),
    signature: text('SHA-256 (or legacy SHA-1) FlexPay signature over every other parameter'),
  })
  .passthrough();

/**
 * FlexPay documents its postback as a GET with the parameters in the query string; a POST with a
 * form body (an integration set up to post) is verified and applied the same way: the signature
 * covers every parameter, wherever it came from (a parameter sent twice is refused).
 */
export default async function verotelRoutes(app: App) {
  await app.register(async (scope) => {
    acceptRawFormBody(scope);
    scope.route({
      method: ['GET', 'POST'],
      url: '/payments/verotel/webhook',
      schema: {
        tags: ['payments'],
        summary:
          'Verotel FlexPay postback (GET with the parameters in the query, as FlexPay documents, or POST with them as a form; signed with the shop’s signature key; answered OK as FlexPay requires). 400 on a bad signature, 403 from an address outside VEROTEL_POSTBACK_IPS, 409 for a credit or chargeback whose sale is not applied yet (Verotel retries); idempotent by transaction id',
        querystring: postbackQuery,
        produces: ['text/plain'],
        response: { 200: z.literal('OK').describe('FlexPay counts a postback delivered only when the answer is OK') },
      },
      handler: async (req, reply) => {
        const at = req.url.indexOf('?');
        const parts = [at < 0 ? '' : req.url.slice(at + 1), typeof req.body === 'string' ? req.body : ''];
        await handleVerotelPostback(app.ctx, parts.filter(Boolean).join('&'), req.ip);
        reply.type('text/plain; charset=utf-8');
        return 'OK' as const;
      },
    });
  });
}
