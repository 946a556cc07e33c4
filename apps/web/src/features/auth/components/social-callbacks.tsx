import { ERROR_TEXTS } from '@marquee/shared/errors';
import { useEffect, useRef, useState } from 'react';
import { type NavigateFunction, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { api, getErrorMessage } from '../../../lib/api';
import { postLoginPath } from '../api';
import { adoptSession } from '../session';
import { Message, Panel } from './recovery-pages';
import { takeSocialReturn } from './social-buttons';

type Finish = (params: URLSearchParams, navigate: NavigateFunction) => Promise<void>;

/** A provider's redirect back to us: runs `finish` once, shows a spinner or the error. */
function SocialCallback({ title, finish }: { title: string; finish: Finish }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    finish(params, navigate).catch((err) => setError(getErrorMessage(err, ERROR_TEXTS.incorrectCredentials)));
  }, [params, navigate, finish]);
  return (
    <Panel title={title}>{error ? <Message ok={false} text={error} /> : <Spinner label="Signing you in" />}</Panel>
  );
}

/** Keeps the session a provider sign-in returned and goes where the person started from. */
async function signIn(navigate: NavigateFunction, path: string, body: Record<string, unknown>) {
  const r = await api.post<{ token: string }>(path, { ...body, remember: true }, { authRedirect: false });
  navigate(postLoginPath(await adoptSession(r.token, true), takeSocialReturn()), { replace: true });
}

const finishTwitter: Finish = async (params, navigate) => {
  const oauthToken = params.get('oauth_token') ?? undefined;
  const oauthVerifier = params.get('oauth_verifier');
  if (!oauthVerifier) throw new Error('Twitter/X sign-in was cancelled');
  if (params.get('link') === '1') {
    await api.post('/twitter/verify', { oauthToken, oauthVerifier });
    toast.success('Twitter/X account linked');
    navigate(-1);
    return;
  }
  await signIn(navigate, '/auth/twitter/callback', { oauthToken, oauthVerifier });
};

const finishGoogle: Finish = async (params, navigate) => {
  const code = params.get('code');
  if (!code) throw new Error('Google sign-in was cancelled');
  const redirectUri = `${globalThis.location.origin}/auth/google/callback`;
  await signIn(navigate, '/auth/google/token', { code, redirectUri, state: params.get('state') ?? undefined });
};

/** /auth/twitter/callback: completes Twitter/X sign-in, or linking when `link=1`. */
export function TwitterCallbackPage() {
  return <SocialCallback title="Twitter / X" finish={finishTwitter} />;
}

/** /auth/google/callback: the provider's redirect; the server exchanges the code (state and PKCE in its cookies). */
export function GoogleCallbackPage() {
  return <SocialCallback title="Google" finish={finishGoogle} />;
}
