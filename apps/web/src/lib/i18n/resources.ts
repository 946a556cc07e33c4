import type { Locale } from '@marquee/shared/locales';
import type { Messages } from '.';
import { de } from './locales/de';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { ptBR } from './locales/pt-BR';

/** Every language's texts at once, for the checks that compare them (the app loads them one by one). */
export const RESOURCES = { en, es, de, fr, 'pt-BR': ptBR } satisfies Record<Locale, Messages>;
