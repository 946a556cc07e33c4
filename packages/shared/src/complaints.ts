import { z } from 'zod';
import { listQuerySchema } from './list';

/**
 * Complaints and removal requests from anyone, signed in or not (issue 26 item 6):
 * a depicted person who did not consent, illegal content, or copyright.
 */
export const COMPLAINT_KINDS = ['depicted', 'illegal', 'copyright'] as const;
export type ComplaintKind = (typeof COMPLAINT_KINDS)[number];

export const COMPLAINT_DECISIONS = ['removed', 'no_action'] as const;
export type ComplaintDecision = (typeof COMPLAINT_DECISIONS)[number];

/** Where a case stands against its clock: the queue escalates as the due date nears. */
export const COMPLAINT_URGENCIES = ['on_time', 'due_soon', 'overdue', 'closed'] as const;
export type ComplaintUrgency = (typeof COMPLAINT_URGENCIES)[number];

const url = z
  .string()
  .trim()
  .max(2000)
  .url('each link must be a full address (https://…)')
  .refine((u) => /^https?:\/\//i.test(u), 'each link must start with http:// or https://');

export const complaintBodySchema = z.object({
  kind: z.enum(COMPLAINT_KINDS),
  name: z.string().trim().min(2, 'your name is required').max(120),
  email: z.string().trim().toLowerCase().email('a valid e-mail address is required').max(254),
  urls: z.array(url).min(1, 'give at least one link to the content').max(20),
  reason: z.string().trim().min(10, 'describe the problem in a few words').max(5000),
  /** Copyright only: the work that is copied. */
  originalWork: z.string().trim().max(2000).optional(),
  goodFaith: z.literal(true, { message: 'confirm the good-faith statement' }),
  /** The reporter's typed name as signature. */
  signature: z.string().trim().min(2, 'type your name as a signature').max(120),
});
export type ComplaintBody = z.infer<typeof complaintBodySchema>;

export const complaintReceiptSchema = z.object({
  caseNumber: z.string(),
  dueAt: z.string(),
  /** True when the reported content was hidden at once, pending review (a depicted person's request). */
  contentHidden: z.boolean(),
});

export const complaintTargetSchema = z.object({
  type: z.string(),
  id: z.string(),
  title: z.string(),
  creatorId: z.string().nullable(),
  link: z.string().nullable(),
  takenDown: z.boolean(),
});
export type ComplaintTarget = z.infer<typeof complaintTargetSchema>;

export const complaintSchema = z.object({
  _id: z.string(),
  caseNumber: z.string(),
  kind: z.enum(COMPLAINT_KINDS),
  name: z.string(),
  email: z.string(),
  urls: z.array(z.string()),
  reason: z.string(),
  originalWork: z.string().nullable(),
  signature: z.string(),
  targets: z.array(complaintTargetSchema),
  status: z.enum(['open', 'closed']),
  urgency: z.enum(COMPLAINT_URGENCIES),
  businessDaysLeft: z.number().int(),
  decision: z.enum(COMPLAINT_DECISIONS).nullable(),
  reply: z.string().nullable(),
  hiddenPendingReview: z.boolean(),
  receivedAt: z.string(),
  dueAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  resolvedOnTime: z.boolean().nullable(),
});
export type Complaint = z.infer<typeof complaintSchema>;

export const complaintListQuerySchema = listQuerySchema.extend({
  status: z.enum(['open', 'closed']).optional(),
  kind: z.enum(COMPLAINT_KINDS).optional(),
});

export const complaintDecisionBodySchema = z.object({
  decision: z.enum(COMPLAINT_DECISIONS),
  /** Sent to the reporter, and the statement of reasons the creator gets when content is removed. */
  reply: z.string().trim().min(10, 'write the reply the reporter receives').max(5000),
});
