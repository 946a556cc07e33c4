import { type Locale, matchLocale } from '@marquee/shared';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { ptBR } from './pt-BR';
import type { Message, MessageKey, Messages, Text, VarsOf, VarValue } from './types';

export type { Message, MessageKey, Messages, Text, VarValue } from './types';

/** Server texts per language (docs/i18n.md "Server-side texts"). */
export const CATALOGUES: Record<Locale, Messages> = { en, es, de, fr, 'pt-BR': ptBR };

/** A message to render later in the reader's language: msg('notify.live', { name }). */
export function msg<K extends MessageKey>(key: K, ...vars: VarsOf<K>): Message {
  return vars[0] ? { key, vars: vars[0] } : { key };
}

function formatDate(locale: Locale, date: Date): string {
  // English keeps the format the texts always had; other languages get their own.
  if (locale === 'en') return date.toUTCString();
  const f = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  return `${f.format(date)} UTC`;
}

function renderVar(locale: Locale, value: VarValue): string {
  if (value instanceof Date) return formatDate(locale, value);
  if (typeof value === 'object') return render(locale, value);
  return String(value);
}

/** A message in a language; a placeholder without a value stays as it is. */
export function render(locale: Locale, message: Message): string {
  const template = CATALOGUES[locale][message.key] ?? en[message.key];
  const vars = message.vars ?? {};
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? renderVar(locale, vars[name]) : whole,
  );
}

/** A notification text in a language: messages rendered, user-written strings as they are. */
export const renderText = (locale: Locale, text: Text): string =>
  typeof text === 'string' ? text : render(locale, text);

/** The language of an account's stored `locale` (null, unknown: English). */
export const localeOf = (tag: string | null | undefined): Locale => matchLocale(tag) ?? 'en';

/** The best supported language of an Accept-Language header ("de-AT,de;q=0.9,en;q=0.5" → de), else null. */
export function acceptedLocale(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const t of ranked) {
    const locale = matchLocale(t.tag);
    if (locale) return locale;
  }
  return null;
}

/** The language to answer a request in: the signed-in account's, else the browser's, else English. */
export function requestLocale(req: { user?: { locale?: string | null } | null; headers: Record<string, unknown> }) {
  const header = req.headers['accept-language'];
  return matchLocale(req.user?.locale) ?? acceptedLocale(typeof header === 'string' ? header : undefined) ?? 'en';
}
