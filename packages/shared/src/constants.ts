/** Business constants of spec §9. Money values are in minor units (cents). */
export const DEFAULTS = {
  freeSubscriptionEnabled: true,
  freeSubscriptionDuration: 1,
  minimumSubscriptionPrice: 295,
  maximumSubscriptionPrice: 30000,
  minimumWalletPrice: 295,
  maximumWalletPrice: 30000,
  minimumTipPrice: 1000,
  maximumTipPrice: 1000000,
  minimumPayoutAmount: 5000,
  volume: 1,
} as const;

export const MESSAGES_PAGE_SIZE = 25;
/** Creators must be at least this old (years) to register, go live, sell or earn. */
export const AGE_OF_MAJORITY = 18;
export const AGE_GATE_COOKIE = 'age_confirmed';
export const AGE_GATE_DAYS = 1;
export const TOKEN_COOKIE = 'token';
export const TOKEN_DAYS_REMEMBER = 365;
export const TOKEN_DAYS_SESSION = 1;
export const TWITTER_FLOW_COOKIE_DAYS = 1;
export const FALLBACK_IMAGE = '/leaf.jpg';
export const THEME_STORAGE_KEY = 'theme';
export const SWR_CONFIG = { dedupingInterval: 2000, errorRetryInterval: 5000, focusThrottleInterval: 5000 } as const;
export const REALTIME_OPTIONS = {
  path: '/socket.io',
  transports: ['websocket', 'polling'],
  reconnection: true,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
} as const;

export const ROLES = ['user', 'performer', 'admin'] as const;
export type Role = (typeof ROLES)[number];
