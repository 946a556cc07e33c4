import { DEFAULTS } from '@marquee/shared/constants';
import type { MenuItem, PublicSettings } from '@marquee/shared/settings';
import { useApi } from '../../lib/use-api';

const cents = (v: number) => v / 100;

/** What the app shows until (or if never) GET /settings/public answers. */
export const DEFAULT_SETTINGS: PublicSettings = {
  requireEmailVerification: false,
  stripePublishableKey: '',
  paymentGateway: 'sandbox',
  paymentMethods: { topup: ['sandbox'], subscription: ['sandbox'], purchase: ['sandbox'] },
  freeSubscriptionEnabled: DEFAULTS.freeSubscriptionEnabled,
  freeSubscriptionDuration: DEFAULTS.freeSubscriptionDuration,
  minimumSubscriptionPrice: cents(DEFAULTS.minimumSubscriptionPrice),
  maximumSubscriptionPrice: cents(DEFAULTS.maximumSubscriptionPrice),
  minimumWalletPrice: cents(DEFAULTS.minimumWalletPrice),
  maximumWalletPrice: cents(DEFAULTS.maximumWalletPrice),
  minimumTipPrice: cents(DEFAULTS.minimumTipPrice),
  maximumTipPrice: cents(DEFAULTS.maximumTipPrice),
  minimumPayoutAmount: cents(DEFAULTS.minimumPayoutAmount),
  volume: DEFAULTS.volume,
  gaCode: '',
  siteName: 'Marquee',
  logo: '',
  favicon: '',
  menus: [],
  maintenanceMode: false,
  clientSidePasswordHashing: false,
  currency: 'USD',
  streamingProvider: 'webrtc',
  reCaptchaEnabled: false,
  reCaptchaSiteKey: '',
  googleClientId: '',
  twitterEnabled: false,
};

/** Public settings, fetched once per page load (spec §9) and merged over the defaults. */
export function useSettings(): PublicSettings & { isLoading: boolean } {
  const { data, isLoading } = useApi('/settings/public', undefined, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
  });
  return { ...DEFAULT_SETTINGS, ...data, isLoading };
}

export function useMenus(section: MenuItem['section']): MenuItem[] {
  return useSettings().menus.filter((m) => (m.section ?? 'footer') === section);
}
