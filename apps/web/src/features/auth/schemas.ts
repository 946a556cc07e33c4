import { PASSWORD_MIN_LENGTH, usernameSchema } from '@marquee/shared/auth';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { Messages } from '../../lib/i18n/locales/en';

type ValidationKey = keyof Messages['auth']['validation'];

/** packages/shared's username rule speaks English; its two texts have translation keys too. */
const SHARED_TEXTS: Record<string, ValidationKey> = {
  'username must be 3–30 letters, digits, _ or .': 'usernameInvalid',
  'this username is reserved': 'usernameReserved',
};

/**
 * A form error in the interface language: the schemas below carry translation keys
 * (`auth.validation.*`) as their messages; any other text is shown as it is.
 */
export function fieldError(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = (
    message.startsWith('auth.validation.') ? message.slice('auth.validation.'.length) : SHARED_TEXTS[message]
  ) as ValidationKey | undefined;
  return key ? t(`auth.validation.${key}`, { min: PASSWORD_MIN_LENGTH }) : message;
}

const v = (key: ValidationKey) => `auth.validation.${key}`;

export const loginFormSchema = z.object({
  username: z.string().trim().min(1, v('enterUsername')),
  password: z.string().min(1, v('enterPassword')),
  remember: z.boolean(),
  /** Asked for only when the account has two-factor authentication on. */
  totpCode: z.string().trim().optional(),
});
export type LoginFormValues = z.infer<typeof loginFormSchema>;

export const registerFormSchema = z.object({
  name: z.string().trim().min(1, v('enterName')).max(100),
  username: usernameSchema,
  email: z.string().trim().email(v('invalidEmail')),
  password: z.string().min(PASSWORD_MIN_LENGTH, v('passwordTooShort')).max(128),
  /** Creators only (YYYY-MM-DD). */
  dateOfBirth: z.string().optional(),
});
export type RegisterFormValues = z.infer<typeof registerFormSchema>;
/** A creator must give a date of birth (the server refuses one under age). */
export const creatorRegisterFormSchema = registerFormSchema.extend({
  dateOfBirth: z.string().min(1, v('enterDateOfBirth')),
});
