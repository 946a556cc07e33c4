import { mutate } from 'swr';
import { client } from '../../lib/api-client';
import { clearToken } from '../../lib/cookies';
import { setEndingSessionHere } from '../../lib/realtime';
import { useUiStore } from '../../lib/ui-store';
import { apiKey, useApi } from '../../lib/use-api';
import type { CurrentUser } from './types';

export const ME_KEY = apiKey('/users/me');

/** The signed-in user; only fetched while a token cookie exists. */
export function useCurrentUser() {
  const token = useUiStore((s) => s.token);
  const { data, error, isLoading, mutate: refresh } = useApi(token ? '/users/me' : null);
  return {
    user: token ? data : undefined,
    isLoggedIn: !!token && !!data,
    /** A token exists but the user has not loaded yet. */
    isLoading: !!token && isLoading,
    error,
    refresh,
  };
}

/** Ends the session on the server (best effort), drops the cookie and every cached response. */
export async function logout(): Promise<void> {
  setEndingSessionHere(true);
  await client.post('/auth/logout', { authRedirect: false }).catch(() => undefined);
  clearToken();
  useUiStore.getState().setToken(undefined);
  await mutate((key) => key !== apiKey('/settings/public'), undefined, { revalidate: false });
}

/** Spec §2: incomplete profiles go to their account page; creators to their profile; fans back. */
export function postLoginPath(user: CurrentUser, returnTo: string): string {
  if (!user.email || !user.username) return user.isPerformer ? '/creator/account' : '/user/account';
  if (user.isPerformer) return `/${user.username}`;
  return returnTo;
}
