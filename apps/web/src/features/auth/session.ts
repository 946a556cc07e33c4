import { CLIENT_HASH_PREFIX } from '@marquee/shared/auth';
import { mutate } from 'swr';
import { client } from '../../lib/api-client';
import type { ApiBody } from '../../lib/api-contract';
import { setToken } from '../../lib/cookies';
import { useUiStore } from '../../lib/ui-store';
import { ME_KEY } from './api';
import type { LoginFormValues, RegisterFormValues } from './schemas';
import type { CurrentUser } from './types';

// Loaded with the login and register forms only (the shared auth module brings zod along).

/** Thrown by `login` when the account needs its authenticator code. */
export class TotpRequiredError extends Error {}

/**
 * Spec §5: with the clientSidePasswordHashing setting on, the password leaves the browser as
 * `sha256:<hex>`. Web Crypto only exists in secure contexts; elsewhere the plain password is sent.
 */
export async function preparePassword(password: string, hashOnClient: boolean): Promise<string> {
  if (!hashOnClient || !globalThis.crypto?.subtle) return password;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(password));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${CLIENT_HASH_PREFIX}${hex}`;
}

/** POST /auth/login, store the token cookie, then load the current user. */
export async function login(input: LoginFormValues, options: { hashPassword?: boolean } = {}): Promise<CurrentUser> {
  const body: ApiBody<'/auth/login', 'post'> = {
    ...input,
    password: await preparePassword(input.password, !!options.hashPassword),
  };
  if (!body.totpCode) delete body.totpCode;
  // A wrong password must show its own message, not the "session expired" redirect.
  const res = await client.post('/auth/login', { body, authRedirect: false });
  if (!('token' in res)) throw new TotpRequiredError(res.message);
  return adoptSession(res.token, input.remember);
}

/** The second step of a sign-in with two-factor authentication on (any provider): challenge + code. */
export async function completeTotpChallenge(challengeToken: string, code: string, remember: boolean) {
  const res = await client.post('/auth/2fa/login', { body: { challengeToken, code, remember }, authRedirect: false });
  return adoptSession(res.token, remember);
}

/** Keeps a session token (cookie and store) and loads the current user: after a login of any kind. */
export async function adoptSession(token: string, remember: boolean): Promise<CurrentUser> {
  setToken(token, remember);
  const user = await client.get('/users/me');
  await mutate(ME_KEY, user, { revalidate: false });
  useUiStore.getState().setToken(token);
  return user;
}

export async function register(
  role: 'fan' | 'creator',
  input: RegisterFormValues,
  options: { hashPassword?: boolean; documents?: File[]; onProgress?: (percent: number) => void } = {},
) {
  const password = await preparePassword(input.password, !!options.hashPassword);
  const { name, username, email } = input;
  if (role === 'fan') {
    return client.post('/auth/users/register', { body: { name, username, email, password }, authRedirect: false });
  }
  // The creator form requires the date of birth.
  const body = { name, username, email, password, dateOfBirth: input.dateOfBirth ?? '' };
  if (options.documents?.length) {
    // Creator registration with identity documents: one multipart request with upload progress.
    const form = new FormData();
    for (const [k, v] of Object.entries(body)) if (v !== '') form.append(k, v);
    options.documents.forEach((file, i) => {
      form.append(i === 0 ? 'idFront' : 'documents', file);
    });
    return client.upload('/auth/performers/register', form, { onProgress: options.onProgress });
  }
  return client.post('/auth/performers/register', { body, authRedirect: false });
}
