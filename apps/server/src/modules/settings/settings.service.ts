import type { GatewayName, PaymentMethods, PublicSettings } from '@marquee/shared';
import { CHECKOUT_PURPOSES, type CheckoutPurpose } from '@marquee/shared/payments';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { badRequest } from '../../lib/errors';
import type { InvalidationBus } from '../../lib/invalidation';
import { gatewayConfigured } from '../../lib/payments';
import { PUBLIC_SETTING_KEYS, type SettingKey, type SiteSettings, settingsSchema } from './settings.defaults';
import { readAllSettings, upsertSetting } from './settings.repo';
import {
  isSecretName,
  SECRET_NAMES,
  SECRET_PREFIX,
  SECRET_SETTINGS,
  type SecretName,
  sealSecret,
  storedSecrets,
  withSecrets,
} from './settings.secrets';

export interface SecretState {
  set: boolean;
  /** Where the value in use comes from. */
  source: 'console' | 'environment' | null;
}

const CACHE_MS = 5_000;
/** The bus topic of the settings cache (lib/invalidation.ts). */
export const SETTINGS_TOPIC = 'settings';

/**
 * Site settings: defaults from code, overrides from the database, cached for a
 * few seconds; a write clears it at once here and, through the invalidation bus, in
 * every other server process (when the writing transaction commits).
 */
export class SettingsService {
  private cache: { at: number; value: SiteSettings } | null = null;
  /** The environment's config with the console's secrets over it (what services use). */
  private config: Config;
  private secrets: Partial<Record<SecretName, string>> = {};
  private holder: { config: Config } | null = null;
  private bus: Pick<InvalidationBus, 'publish'> | null = null;

  constructor(
    private readonly db: Db,
    private readonly envConfig: Config,
  ) {
    this.config = envConfig;
  }

  /**
   * Secrets apply without restart: when they change, `holder.config` (ctx.config) is
   * replaced by a new object, so gateways, storage and the mailer (cached per config
   * object) are built again with the new keys on their next use.
   */
  /** Writes tell every server process to read the settings again (on commit of the writing transaction). */
  useBus(bus: Pick<InvalidationBus, 'publish'>) {
    this.bus = bus;
  }

  attach(holder: { config: Config }) {
    this.holder = holder;
    holder.config = this.config;
  }

  async all(): Promise<SiteSettings> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.value;
    const stored = await readAllSettings(this.db);
    const value = this.merge(stored);
    this.applySecrets(stored);
    this.cache = { at: Date.now(), value };
    return value;
  }

  /** The config services should use now (environment + console secrets). */
  async effectiveConfig(): Promise<Config> {
    await this.all();
    return this.config;
  }

  /** Which secrets are set and from where; never their values. */
  async secretStates(): Promise<Record<SecretName, SecretState>> {
    await this.all();
    return Object.fromEntries(
      SECRET_NAMES.map((n) => {
        const source = this.secrets[n] ? 'console' : this.envConfig[SECRET_SETTINGS[n]] ? 'environment' : null;
        return [n, { set: source !== null, source }];
      }),
    ) as Record<SecretName, SecretState>;
  }

  private applySecrets(stored: Record<string, unknown>) {
    const next = storedSecrets(this.envConfig.secretKey, stored);
    if (JSON.stringify(next) === JSON.stringify(this.secrets)) return;
    this.secrets = next;
    this.config = withSecrets(this.envConfig, next);
    if (this.holder) this.holder.config = this.config;
  }

  /**
   * Sets (non-empty string) or clears (null) console secrets; blank or missing keeps the
   * current value. Returns the names that changed and how, for the audit log (never values).
   */
  private async writeSecrets(changes: Record<string, unknown>, updatedBy: string | null, tx?: Executor) {
    const changed: Record<string, 'set' | 'cleared'> = {};
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined || value === '') continue;
      if (value !== null && (typeof value !== 'string' || value.length > 4000)) {
        throw badRequest(`Invalid value for ${name}: expected a string`, 'INVALID_SETTING');
      }
      const sealed = value === null ? '' : sealSecret(this.envConfig.secretKey, value.trim());
      await upsertSetting(tx ?? this.db, SECRET_PREFIX + name, sealed, updatedBy);
      changed[name] = value === null ? 'cleared' : 'set';
    }
    return changed;
  }

  async get<K extends SettingKey>(key: K): Promise<SiteSettings[K]> {
    return (await this.all())[key];
  }

  /** Validates and stores settings. Returns the values before the change (for the audit log). */
  async update(allChanges: Partial<Record<string, unknown>>, updatedBy: string | null, tx?: Executor) {
    const { before } = await this.updateWithSecrets(allChanges, updatedBy, tx);
    return before;
  }

  /** `update`, plus console secrets among the keys (see writeSecrets). */
  async updateWithSecrets(allChanges: Partial<Record<string, unknown>>, updatedBy: string | null, tx?: Executor) {
    const secretChanges = Object.fromEntries(Object.entries(allChanges).filter(([k]) => isSecretName(k)));
    const changes = Object.fromEntries(Object.entries(allChanges).filter(([k]) => !isSecretName(k)));
    // Inside a caller's transaction read through it (a read through db would take a second connection and miss its writes).
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
    // Only the keys sent: zod 4's partial() still fills every other key's default, which would
    // overwrite the stored values of settings nobody changed.
    for (const key of Object.keys(changes)) {
      const value = (parsed.data as Record<string, unknown>)[key];
      if (value !== undefined) await upsertSetting(tx ?? this.db, key, value, updatedBy);
    }
    const secrets = await this.writeSecrets(secretChanges, updatedBy, tx);
    this.cache = null;
    await this.bus?.publish(SETTINGS_TOPIC, '*', tx);
    return { before, secrets };
  }

  invalidate() {
    this.cache = null;
  }

  paymentGateway(s: SiteSettings): GatewayName {
    if (s.paymentGateway === 'stripe' && this.config.STRIPE_SECRET_KEY) return 'stripe';
    if (s.paymentGateway && s.paymentGateway !== 'stripe') return s.paymentGateway;
    if (!s.paymentGateway && s.paymentGateways.length) return s.paymentGateways[0].gateway;
    return this.config.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox';
  }

  /**
   * The gateways a fan may pick per purpose, in the admin's order, the default (`paymentGateway`)
   * first; only gateways configured on this server. A purpose left without any falls back to the
   * default, so a checkout always has a gateway (which answers GATEWAY_NOT_CONFIGURED if it is not).
   */
  paymentMethods(s: SiteSettings): PaymentMethods {
    const fallback = this.paymentGateway(s);
    const all = { gateway: fallback, topup: true, subscription: true, purchase: true };
    const list = s.paymentGateways.length ? s.paymentGateways : [all];
    const ordered = [...list.filter((c) => c.gateway === fallback), ...list.filter((c) => c.gateway !== fallback)];
    const out = { topup: [], subscription: [], purchase: [] } as PaymentMethods;
    for (const purpose of CHECKOUT_PURPOSES) {
      out[purpose] = ordered
        .filter((c) => c[purpose] && gatewayConfigured(this.config, c.gateway))
        .map((c) => c.gateway);
      if (out[purpose].length === 0) out[purpose] = [fallback];
    }
    return out;
  }

  /** The gateway of a checkout: the fan's pick when it is offered for the purpose (else 400), or the first. */
  checkoutGateway(s: SiteSettings, purpose: CheckoutPurpose, picked?: GatewayName | null): GatewayName {
    const offered = this.paymentMethods(s)[purpose];
    if (!picked) return offered[0];
    if (!offered.includes(picked))
      throw badRequest(`${picked} is not offered for this payment on this site`, 'GATEWAY_NOT_OFFERED');
    return picked;
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
      paymentMethods: this.paymentMethods(s),
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
