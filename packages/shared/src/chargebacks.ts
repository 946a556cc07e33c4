import { z } from 'zod';

/** Admin chargeback oversight (docs/payments.md, "Chargebacks"). */
export const chargebackSummaryQuerySchema = z.object({
  /** The month to show (UTC), `YYYY-MM`; default this month. The previous month comes with it. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month is YYYY-MM')
    .optional(),
});

const ratioSchema = z.object({
  sales: z.number().int(),
  chargebacks: z.number().int(),
  /** chargebacks ÷ sales, in percent (2 decimals); 0 without sales. */
  percent: z.number(),
});

export const chargebackGatewayRowSchema = ratioSchema.extend({
  gateway: z.string(),
  /** An alert was sent for this processor and month. */
  alerted: z.boolean(),
});

export const chargebackSummarySchema = z.object({
  month: z.string(),
  previousMonth: z.string(),
  /** The alert threshold (percent) and each processor's fee per chargeback (site currency). */
  thresholdPercent: z.number(),
  fees: z.record(z.string(), z.number()),
  gateways: z.array(chargebackGatewayRowSchema),
  previous: z.array(chargebackGatewayRowSchema),
  creators: z.array(
    ratioSchema.extend({
      creator: z.object({ _id: z.string(), username: z.string().nullable() }),
      amount: z.number(),
    }),
  ),
  held: z.array(z.object({ _id: z.string(), username: z.string().nullable(), since: z.string() })),
});
export type ChargebackSummary = z.infer<typeof chargebackSummarySchema>;
