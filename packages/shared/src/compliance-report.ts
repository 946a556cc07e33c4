import { z } from 'zod';

/** The monthly report an acquirer asks of an adult merchant (issue 26 item 8). */
export const complianceReportQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM')
    .optional(),
  format: z.enum(['json', 'csv']).default('json'),
});

const count = z.number().int();
export const complianceReportSchema = z.object({
  month: z.string(),
  generatedAt: z.string(),
  review: z.object({
    submitted: count,
    approved: count,
    rejected: count,
    rejectedByReason: z.record(z.string(), count),
    escalated: count,
    pendingAtMonthEnd: count,
    medianMinutesToReview: z.number().nullable(),
    p90MinutesToReview: z.number().nullable(),
  }),
  complaints: z.object({
    received: count,
    receivedByKind: z.record(z.string(), count),
    resolved: count,
    resolvedWithinDue: count,
    removedAfterComplaint: count,
    openOverdueAtMonthEnd: count,
  }),
  removals: count,
  hashMatches: count,
  ncmecReportsSent: count,
  leakCases: count,
  chargebacks: z.array(z.object({ gateway: z.string(), sales: count, chargebacks: count, percent: z.number() })),
});
export type ComplianceReport = z.infer<typeof complianceReportSchema>;
