import { z } from 'zod';
import type { App } from '../../app-type';
import { acceptRawFormBody } from './postback-form';
import { receiveSegpayPostback } from './segpay.postbacks';

const field = z.string().max(4000).optional();

/** Segpay's postback parameters (docs/payments.md, "Segpay"), as the postback URL template names them. */
const segpayPostbackQuery = z.looseObject({
  key: field.describe('Our postback secret (SEGPAY_POSTBACK_KEY), part of the URL given to Segpay'),
  action: field.describe('<action>: Auth, Void (transactions); Probe, Enable, Disable, Cancel, Reactivation (members)'),
  stage: field.describe('<stage>: Initial, Conversion, Rebill, Instantconversion'),
  approved: field.describe('<approved>: Yes or No'),
  trantype: field.describe('<trantype>: sale, credit (refund), charge (chargeback)'),
  purchaseid: field.describe('<purchaseid>: the membership / purchase'),
  tranid: field.describe('<tranid>: the transaction'),
  relatedtranid: field.describe('<relatedtranid>: the sale a refund, void or chargeback takes back'),
  price: field.describe('<price>: the amount'),
  currencycode: field.describe('<currencycode>'),
  paymentid: field.describe('<extra paymentid>: our payment id, passed on the join link'),
  transtime: field.describe('<transtime>'),
});

/**
 * Segpay's postbacks: GET with the fields in the query string (the postback URL
 * template), or POST as a form. Member management postbacks are synchronous and
 * expect the configured response text: `OK`.
 */
export default async function segpayRoutes(app: App) {
  const ctx = app.ctx;
  await app.register(async (scope) => {
    acceptRawFormBody(scope);
    scope.route({
      method: ['GET', 'POST'],
      url: '/payments/segpay/webhook',
      schema: {
        tags: ['payments'],
        summary:
          'Segpay postbacks (transaction: sale, rebill, refund, void, chargeback; member: Enable, Disable, Cancel): answered OK; refused without the postback key or from an address not allowed; idempotent by transaction id',
        querystring: segpayPostbackQuery,
        // the text Segpay's postback configuration expects ("Expected Response")
        produces: ['text/plain'],
        response: { 200: z.literal('OK') },
      },
      handler: async (req) => {
        const fields = new URLSearchParams();
        for (const [k, v] of Object.entries(req.query as Record<string, unknown>))
          if (typeof v === 'string') fields.set(k, v);
        if (typeof req.body === 'string') for (const [k, v] of new URLSearchParams(req.body)) fields.set(k, v);
        await receiveSegpayPostback(ctx, fields, req.ip);
        return 'OK' as const;
      },
    });
  });
}
