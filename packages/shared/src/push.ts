import { z } from 'zod';
import type { NotificationKind } from './notifications';

/**
 * What a device may be pushed about (docs/pwa.md). Each category covers notification kinds of
 * the one notification path; a kind outside every category is never pushed.
 */
export const PUSH_CATEGORIES = {
  messages: { label: 'Messages', kinds: ['message'], creatorsOnly: false },
  posts: { label: 'New posts from creators you subscribe to', kinds: ['new_post'], creatorsOnly: false },
  live: { label: 'A creator goes live', kinds: ['live'], creatorsOnly: false },
  sales: {
    label: 'Tips, sales and new subscribers',
    kinds: ['tip', 'purchase', 'order', 'new_subscriber', 'subscription_renewal'],
    creatorsOnly: true,
  },
  payouts: { label: 'Payouts', kinds: ['payout'], creatorsOnly: true },
} as const satisfies Record<string, { label: string; kinds: readonly NotificationKind[]; creatorsOnly: boolean }>;

export type PushCategory = keyof typeof PUSH_CATEGORIES;
export const PUSH_CATEGORY_KEYS = Object.keys(PUSH_CATEGORIES) as [PushCategory, ...PushCategory[]];
export const pushCategorySchema = z.enum(PUSH_CATEGORY_KEYS);

/** The category a notification kind is pushed under, or null when it is never pushed. */
export function pushCategoryOf(kind: string): PushCategory | null {
  for (const key of PUSH_CATEGORY_KEYS) {
    if ((PUSH_CATEGORIES[key].kinds as readonly string[]).includes(kind)) return key;
  }
  return null;
}

const base64url = (field: string, bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${field} must be base64url`)
    .refine((s) => Math.floor((s.replace(/=+$/, '').length * 3) / 4) === bytes, `${field} must be ${bytes} bytes`);

/** What `PushSubscription.toJSON()` gives in the browser, plus the chosen categories. */
export const pushSubscribeBodySchema = z.object({
  endpoint: z.string().url().max(2000),
  keys: z.object({ p256dh: base64url('p256dh', 65), auth: base64url('auth', 16) }),
  categories: z.array(pushCategorySchema).max(PUSH_CATEGORY_KEYS.length),
  deviceName: z.string().trim().max(120).optional(),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBodySchema>;

export const pushCategoriesBodySchema = z.object({ categories: z.array(pushCategorySchema).max(5) });

export const pushDeviceSchema = z.object({
  _id: z.string(),
  endpoint: z.string(),
  deviceName: z.string().nullable(),
  categories: z.array(pushCategorySchema),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushConfigSchema = z.object({
  /** The VAPID public key, base64url: `applicationServerKey` of `pushManager.subscribe`. */
  publicKey: z.string(),
  categories: z.array(z.object({ key: pushCategorySchema, label: z.string(), creatorsOnly: z.boolean() })),
});
export type PushConfig = z.infer<typeof pushConfigSchema>;

/** The JSON a push message carries (decrypted by the browser, shown by the service worker). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string().nullable(),
  link: z.string().nullable(),
  kind: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
