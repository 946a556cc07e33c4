import i18n from './lib/i18n';
import { en } from './lib/i18n/locales/en';

// The app loads English namespaces with their routes (lib/i18n/english.ts); a test renders a
// component without its route, so it gets every English text at once.
i18n.addResourceBundle('en', 'translation', en, true, true);
