import { z } from 'zod';
import { LOCALES } from './locales';

export const localeSchema = z.enum(LOCALES);
export const setLocaleBodySchema = z.object({ locale: localeSchema });
