import type { en } from './en';

export type MessageKey = keyof typeof en;

/** One language's texts: every English key, no other (a missing or extra key is a compile error). */
export type Messages = { readonly [K in MessageKey]: string };

/** The placeholder names of a text: "Hi {{name}}, {{n}} new" → "name" | "n". */
export type Placeholders<S extends string> = S extends `${string}{{${infer P}}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;

/** A key and its values, rendered later in the reader's language. */
export interface Message {
  readonly key: MessageKey;
  readonly vars?: Readonly<Record<string, VarValue>>;
}

/**
 * A placeholder's value: a string or number as it is (names, amounts, user-written text), a date
 * written in the reader's language, or another message (a word such as a status) in that language.
 */
export type VarValue = string | number | Date | Message;

/** The values a key needs, by name (no argument for a key without placeholders). */
export type VarsOf<K extends MessageKey> = [Placeholders<(typeof en)[K]>] extends [never]
  ? []
  : [vars: Record<Placeholders<(typeof en)[K]>, VarValue>];

/** A text of a notification: a message, or user-written text passed through as it is. */
export type Text = Message | string;
