import { PASSWORD_MIN_LENGTH, usernameSchema } from '@marquee/shared/auth';
import { z } from 'zod';

export const loginFormSchema = z.object({
  username: z.string().trim().min(1, 'Enter your email or username'),
  password: z.string().min(1, 'Enter your password'),
  remember: z.boolean(),
  /** Asked for only when the account has two-factor authentication on. */
  totpCode: z.string().trim().optional(),
});
export type LoginFormValues = z.infer<typeof loginFormSchema>;

export const registerFormSchema = z.object({
  name: z.string().trim().min(1, 'Enter your display name').max(100),
  username: usernameSchema,
  email: z.string().trim().email('Enter a valid email address'),
  password: z.string().min(PASSWORD_MIN_LENGTH, `At least ${PASSWORD_MIN_LENGTH} characters`).max(128),
  /** Creators only (YYYY-MM-DD). */
  dateOfBirth: z.string().optional(),
});
export type RegisterFormValues = z.infer<typeof registerFormSchema>;
