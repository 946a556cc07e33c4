import 'i18next';
import type { en } from './locales/en';

// Typed keys: `t('wallet.tokens')` is checked at compile time, a misspelt key does not build.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
