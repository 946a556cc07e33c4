import { z } from 'zod';

/**
 * Every kind of notification, with whether it is mailed by default (the important ones) and whether
 * only creators receive it (a fan's preferences leave those out).
 */
export const NOTIFICATION_KINDS = {
  new_subscriber: { label: 'New subscribers', emailByDefault: true, creatorsOnly: true },
  subscription_renewal: { label: 'Subscription renewals', emailByDefault: true },
  subscription_failed: { label: 'Failed renewals', emailByDefault: true },
  tip: { label: 'Tips', emailByDefault: true, creatorsOnly: true },
  purchase: { label: 'Purchases', emailByDefault: false, creatorsOnly: true },
  comment: { label: 'Comments', emailByDefault: false },
  like: { label: 'Likes', emailByDefault: false },
  new_post: { label: 'New posts from creators you follow', emailByDefault: false },
  message: { label: 'Messages while you are away', emailByDefault: true },
  order: { label: 'Orders and shipping', emailByDefault: true },
  payout: { label: 'Payouts', emailByDefault: true, creatorsOnly: true },
  verification: { label: 'Identity verification', emailByDefault: true, creatorsOnly: true },
  moderation: { label: 'Moderation notices', emailByDefault: true },
  live: { label: 'Creators going live', emailByDefault: false },
  system: { label: 'Account and site notices', emailByDefault: true },
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const notificationKindSchema = z.enum(
  Object.keys(NOTIFICATION_KINDS) as [NotificationKind, ...NotificationKind[]],
);

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  link: z.string().nullable(),
  actorId: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPreferenceSchema = z.object({
  kind: notificationKindSchema,
  label: z.string(),
  inApp: z.boolean(),
  email: z.boolean(),
});
export const updateNotificationPreferencesSchema = z.object({
  preferences: z
    .array(z.object({ kind: notificationKindSchema, inApp: z.boolean(), email: z.boolean() }))
    .min(1)
    .max(50),
});
