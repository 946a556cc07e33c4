import type { PublicSettings } from '@marquee/shared';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { PUBLIC_SETTING_KEYS, type SettingKey, type SiteSettings, settingsSchema } from './settings.defaults';
import { readAllSettings, upsertSetting } from './settings.repo';

const CACHE_MS = 5_000;

/**
 * Site settings: defaults from code, overrides from the database, cached for a
 * few seconds (a write on this instance clears the cache at once).
 */
export class SettingsService {
  private cache: { at: number; value: SiteSettings } | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  async all(): Promise<SiteSettings> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.value;
    const stored = await readAllSettings(this.db);
    const value = this.merge(stored);
    this.cache = { at: Date.now(), value };
    return value;
  }

  async get<K extends SettingKey>(key: K): Promise<SiteSettings[K]> {
    return (await this.all())[key];
  }

  /** Validates and stores settings. Returns the values before the change (for the audit log). */
  async update(changes: Partial<Record<string, unknown>>, updatedBy: string | null, tx?: Executor) {
    // Inside a caller's transaction read through it (on PGlite a read through db would wait on the transaction).
    const before = tx ? this.merge(await readAllSettings(tx)) : await this.all();
    const shape = settingsSchema.shape as Record<string, unknown>;
    for (const key of Object.keys(changes)) {
      if (!(key in shape)) throw badRequest(`Unknown setting: ${key}`, 'UNKNOWN_SETTING');
    }
    const parsed = settingsSchema.partial().safeParse(changes);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(`Invalid value for ${issue.path.join('.')}: ${issue.message}`, 'INVALID_SETTING');
    }
    for (const [key, value] of Object.entries(parsed.data)) {
      if (value !== undefined) await upsertSetting(tx ?? this.db, key, value, updatedBy);
    }
    this.cache = null;
    return before;
  }

  invalidate() {
    this.cache = null;
  }

  paymentGateway(s: SiteSettings): 'sandbox' | 'stripe' {
    if (s.paymentGateway === 'stripe' && this.config.STRIPE_SECRET_KEY) return 'stripe';
    if (s.paymentGateway === 'sandbox') return 'sandbox';
    return this.config.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox';
  }

  async publicSettings(): Promise<PublicSettings> {
    const s = await this.all();
    const picked = Object.fromEntries(PUBLIC_SETTING_KEYS.map((k) => [k, s[k]])) as Pick<
      SiteSettings,
      (typeof PUBLIC_SETTING_KEYS)[number]
    >;
    return {
      ...picked,
      paymentGateway: this.paymentGateway(s),
      stripePublishableKey: this.config.STRIPE_PUBLISHABLE_KEY ?? '',
      reCaptchaEnabled: Boolean(this.config.RECAPTCHA_SECRET),
      reCaptchaSiteKey: this.config.RECAPTCHA_SITE_KEY ?? '',
      googleClientId: this.config.GOOGLE_CLIENT_ID ?? '',
      twitterEnabled: Boolean(this.config.TWITTER_CONSUMER_KEY && this.config.TWITTER_CONSUMER_SECRET),
    };
  }

  private merge(stored: Record<string, unknown>): SiteSettings {
    const shape = settingsSchema.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
    // A stored value that no longer validates (schema changed) falls back to the default.
    const valid = Object.fromEntries(
      Object.entries(stored).filter(([k, v]) => k in shape && shape[k].safeParse(v).success),
    );
    return settingsSchema.parse(valid);
  }
}
