import { ERROR_TEXTS } from '@marquee/shared/errors';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NavigateFunction, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { client } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-contract';
import i18n from '../../../lib/i18n';
import { postLoginPath } from '../api';
import { adoptSession, completeTotpChallenge } from '../session';
import { Message, Panel } from './recovery-pages';
import { takeSocialReturn } from './social-buttons';

/** A provider sign-in's answer: a session, or the challenge of an account with two-factor authentication on. */
type ProviderSignIn = ApiData<'/auth/google/token', 'post'> | ApiData<'/auth/twitter/callback', 'post'>;
type Challenge = Extract<ProviderSignIn, { totpRequired: true }>;
type Finish = (params: URLSearchParams, navigate: NavigateFunction) => Promise<Challenge | undefined>;

/** A provider's redirect back to us: runs `finish` once, shows a spinner, the code step or the error. */
function SocialCallback({ title, finish }: { title: string; finish: Finish }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    finish(params, navigate)
      .then((c) => c && setChallenge(c))
      .catch((err) => setError(getErrorMessage(err, ERROR_TEXTS.incorrectCredentials)));
  }, [params, navigate, finish]);
  let body = <Spinner label={t('pages.signingIn')} />;
  if (error) body = <Message ok={false} text={error} />;
  else if (challenge) body = <TotpStep challenge={challenge} navigate={navigate} />;
  return <Panel title={title}>{body}</Panel>;
}

/** Every sign-in of an account with 2FA ends here too: the code from the app completes it. */
function TotpStep({ challenge, navigate }: { challenge: Challenge; navigate: NavigateFunction }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const user = await completeTotpChallenge(challenge.challengeToken, code.trim(), true);
      navigate(postLoginPath(user, takeSocialReturn()), { replace: true });
    } catch (err) {
      setError(getErrorMessage(err, ERROR_TEXTS.incorrectCredentials));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label={t('auth.authCode')}>
      {error && <Message ok={false} text={error} />}
      <Field
        label={t('auth.authCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        required
        hint={t('auth.authCodeHint')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" size="lg" className="w-full" loading={busy}>
        {t('auth.logIn')}
      </Button>
    </form>
  );
}

/** Keeps the session a provider sign-in returned and goes where the person started from, or the code step. */
async function signIn(navigate: NavigateFunction, answer: Promise<ProviderSignIn>) {
  const r = await answer;
  if (!('token' in r)) return r;
  navigate(postLoginPath(await adoptSession(r.token, true), takeSocialReturn()), { replace: true });
  return undefined;
}

const finishTwitter: Finish = async (params, navigate) => {
  const oauthToken = params.get('oauth_token') ?? undefined;
  const oauthVerifier = params.get('oauth_verifier');
  if (!oauthVerifier) throw new Error(i18n.t('pages.twitterCancelled'));
  if (params.get('link') === '1') {
    await client.post('/twitter/verify', { body: { oauthToken, oauthVerifier } });
    toast.success(i18n.t('pages.twitterLinked'));
    navigate(-1);
    return undefined;
  }
  return signIn(
    navigate,
    client.post('/auth/twitter/callback', {
      body: { oauthToken, oauthVerifier, remember: true },
      authRedirect: false,
    }),
  );
};

const finishGoogle: Finish = async (params, navigate) => {
  const code = params.get('code');
  if (!code) throw new Error('Google sign-in was cancelled');
  const redirectUri = `${globalThis.location.origin}/auth/google/callback`;
  const state = params.get('state') ?? undefined;
  return signIn(
    navigate,
    client.post('/auth/google/token', { body: { code, redirectUri, state, remember: true }, authRedirect: false }),
  );
};

/** /auth/twitter/callback: completes Twitter/X sign-in, or linking when `link=1`. */
export function TwitterCallbackPage() {
  return <SocialCallback title="Twitter / X" finish={finishTwitter} />;
}

/** /auth/google/callback: the provider's redirect; the server exchanges the code (state and PKCE in its cookies). */
export function GoogleCallbackPage() {
  return <SocialCallback title="Google" finish={finishGoogle} />;
}
