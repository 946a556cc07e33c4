import type { Locale } from '@marquee/shared';
import { en } from './en';
import { render } from './index';
import type { Message, MessageKey, VarValue } from './types';

/**
 * API errors keep their English text where they are thrown (`forbidden('Only creators can do
 * this')`); the error handler asks here for the same text in the reader's language. Each English
 * `error.*` and `validation.*` text of the catalogue is turned into a pattern, its placeholders
 * into groups, so "File not found" is found as error.notFound { what: noun.File } and rendered
 * as "Datei nicht gefunden". A text the catalogue does not know stays English.
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
