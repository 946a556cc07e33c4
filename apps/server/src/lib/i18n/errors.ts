import type { ErrorCode, Locale } from '@marquee/shared';
import type { AppError } from '../errors';
import { en } from './en';
import { render } from './index';
import type { Message, MessageKey, VarValue } from './types';

/**
 * The catalogue text of the error codes that always carry the same text (no values): an AppError
 * with one of these codes is translated by its code.
 */
export const CODE_TEXTS: Partial<Record<ErrorCode, MessageKey>> = {
  ACCOUNT_SUSPENDED: 'error.suspended',
  ALREADY_REFUNDED: 'error.paymentAlreadyRefunded',
  COUPON_TOO_LARGE: 'error.couponTooLarge',
  EMAIL_TAKEN: 'error.emailTaken',
  EXPORT_IN_PROGRESS: 'error.exportInProgress',
  INSUFFICIENT_BALANCE: 'error.insufficientBalance',
  INSUFFICIENT_EARNINGS: 'error.insufficientEarnings',
  INVALID_TOTP: 'error.invalidTotp',
  NOT_REFUNDABLE: 'error.topUpNotRefundable',
  RECENT_SIGN_IN_REQUIRED: 'error.emailChangeNeedsRecentSignIn',
  STREAM_ENDED: 'error.streamEnded',
};

/**
 * An API error in the reader's language, by what it is rather than by its English: its catalogue
 * message (`appError`, `notFound`, the default `unauthorized`/`forbidden`, rate limits, the earning
 * policy), else the one text of its code (`CODE_TEXTS`, when the error says that text), else, for
 * texts thrown as plain English, the pattern match below.
 */
export function translateAppError(locale: Locale, err: Pick<AppError, 'code' | 'message' | 'text'>): string {
  if (locale === 'en') return err.message;
  if (err.text) return render(locale, err.text);
  const key = CODE_TEXTS[err.code];
  if (key && en[key] === err.message) return render(locale, { key });
  return translateError(locale, err.message);
}

/**
 * Texts that reach the error handler without a catalogue message or a code of their own: request
 * validation (zod's texts, per field) and errors still thrown as plain English
 * (`forbidden('Only creators can do this')`). Each English `error.*` and `validation.*` text of the
 * catalogue is turned into a pattern, its placeholders into groups, so "File not found" is found
 * as error.notFound { what: noun.File } and rendered as "Datei nicht gefunden". A text the
 * catalogue does not know stays English.
 */
interface Template {
  key: MessageKey;
  pattern: RegExp;
  names: string[];
  literal: number;
}

/** Placeholders whose value must itself be a catalogue word, found by its English text. */
const WORDS: Record<string, string> = { what: 'noun.', wait: 'time.' };
/** Placeholders with a narrower shape than "anything". */
const SHAPES: Record<string, string> = { field: '[A-Za-z][\\w.]*', n: '\\d+', min: '\\d+', max: '\\d+' };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(key: MessageKey): Template {
  const text: string = en[key];
  const names: string[] = [];
  const source = text
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      names.push(name);
      return `(${SHAPES[name] ?? '.+?'})`;
    })
    .join('');
  return { key, pattern: new RegExp(`^${source}$`, 's'), names, literal: text.replace(/\{\{\w+\}\}/g, '').length };
}

/** The templates of keys with these prefixes, the most specific (longest fixed text) first. */
function templates(...prefixes: string[]): Template[] {
  return (Object.keys(en) as MessageKey[])
    .filter((k) => prefixes.some((p) => k.startsWith(p)))
    .map(compile)
    .sort((a, b) => b.literal - a.literal);
}

const ERRORS = templates('error.', 'validation.');
const WORD_TEMPLATES: Record<string, Template[]> = Object.fromEntries(
  Object.values(WORDS).map((prefix) => [prefix, templates(prefix)]),
);

function bind(t: Template, match: RegExpExecArray): Record<string, VarValue> | null {
  const vars: Record<string, VarValue> = {};
  for (const [i, name] of t.names.entries()) {
    const value = match[i + 1];
    const prefix = WORDS[name];
    const word = prefix ? messageOf(value, WORD_TEMPLATES[prefix]) : null;
    if (prefix && !word) return null;
    vars[name] = word ?? value;
  }
  return vars;
}

/** The catalogue message behind an English text, or null. */
export function messageOf(english: string, among: Template[] = ERRORS): Message | null {
  for (const t of among) {
    const match = t.pattern.exec(english);
    const vars = match && bind(t, match);
    if (vars) return { key: t.key, vars };
  }
  return null;
}

/** An English error text in a language: whole, or after its "body.field: " prefix; else unchanged. */
export function translateError(locale: Locale, english: string): string {
  if (locale === 'en') return english;
  const whole = messageOf(english);
  if (whole) return render(locale, whole);
  const field = /^([A-Za-z][\w.[\]]*): (.+)$/s.exec(english);
  const rest = field && messageOf(field[2]);
  return field && rest ? `${field[1]}: ${render(locale, rest)}` : english;
}
