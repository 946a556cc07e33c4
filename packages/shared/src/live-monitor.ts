import { z } from 'zod';
import { STREAM_TYPES } from './streaming';

/**
 * Live monitoring (issue 26 item 2, docs/compliance.md "Live monitoring") and the moderator role.
 * A staff role sits beside an account's role: `moderator` uses the review queue, the live monitor,
 * complaints and reports, nothing else of the admin console.
 */
export const STAFF_ROLES = ['moderator'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** PUT /admin/users/{id}/staff-role (admins only): grant (`moderator`) or revoke (null). */
export const staffRoleBodySchema = z.object({ staffRole: staffRoleSchema.nullable() });

const monitorPersonSchema = z.object({
  _id: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  status: z.enum(['active', 'suspended']),
});

/** What the monitor watches: a public or group stream, or a private show. */
export const MONITOR_KINDS = ['stream', 'private'] as const;
export const monitorKindSchema = z.enum(MONITOR_KINDS);
export type MonitorKind = z.infer<typeof monitorKindSchema>;

export const liveMonitorItemSchema = z.object({
  kind: monitorKindSchema,
  _id: z.string(),
  title: z.string(),
  type: z.enum(STREAM_TYPES),
  /** Session price (stream) or price per minute (private show), decimal tokens. */
  price: z.number(),
  /** Viewers now (the invisible watchers of the monitor are never counted); 1 for a live private show. */
  viewerCount: z.number().int(),
  startedAt: z.string().nullable(),
  status: z.string(),
  creator: monitorPersonSchema,
  /** The fan of a private show. */
  fan: monitorPersonSchema.nullable(),
  /**
   * A signed link to a frame grabbed from the stream's HLS output a few seconds ago (staff only, 2
   * minutes); null when there is no picture (a private show is peer to peer; Agora; no segment yet).
   */
  thumbnailUrl: z.string().nullable(),
  /** `review`: the go-live compliance gate put the creator's items in review (new or flagged creator). */
  monitorFlag: z.enum(['review']).nullable(),
  /** A private show picked by the sampling for a moderator's look. */
  sampled: z.boolean(),
});
export type LiveMonitorItem = z.infer<typeof liveMonitorItemSchema>;

export const liveMonitorSchema = z.object({
  data: z.array(liveMonitorItemSchema),
  /** The sampling setting, in percent of private shows. */
  samplePercent: z.number().int(),
  /** Sampled private shows nobody has looked at yet. */
  samplesOpen: z.number().int(),
});
export type LiveMonitor = z.infer<typeof liveMonitorSchema>;

export const monitorParamsSchema = z.object({ kind: monitorKindSchema, id: z.string().min(1).max(100) });

/** Every monitor action says why (audited; a warning's text is what the creator reads). */
export const monitorActionBodySchema = z.object({
  reason: z.string().trim().min(3, 'Say why (at least 3 characters)').max(500),
});

export const monitorActionResultSchema = z.object({
  kind: monitorKindSchema,
  _id: z.string(),
  action: z.enum(['warn', 'end', 'suspend']),
  /** Whether the stream or show is over after the action. */
  ended: z.boolean(),
});

/** The realtime warning the creator sees in the studio (or the private show). */
export interface StreamWarningEvent {
  kind: MonitorKind;
  /** Stream or private-show id. */
  id: string;
  message: string;
  at: string;
}

export const sampleListQuerySchema = z.object({
  state: z.enum(['open', 'reviewed']).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const sampledShowSchema = z.object({
  _id: z.string(),
  status: z.string(),
  creator: monitorPersonSchema,
  fan: monitorPersonSchema,
  price: z.number(),
  minutesBilled: z.number().int(),
  sampledAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
});
export type SampledShow = z.infer<typeof sampledShowSchema>;

export const sampleReviewBodySchema = z.object({ note: z.string().trim().max(500).optional() });
