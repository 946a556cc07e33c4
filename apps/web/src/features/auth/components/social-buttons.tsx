import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { buildUrl, getErrorMessage } from '../../../lib/api';
import { client } from '../../../lib/api-client';
import { useSettings } from '../../settings/api';

/** Where the social callback pages send the person afterwards (the page they signed in from). */
export const SOCIAL_RETURN_KEY = 'marquee.socialReturnTo';

/**
 * "Continue with Google" and "Continue with X", shown only when the site has them configured.
 * Google goes through the server's redirect (code flow with PKCE); X through OAuth 1.0a.
 */
export function SocialLoginButtons({
  accountRole: role = 'user',
  returnTo,
}: {
  accountRole?: 'user' | 'performer';
  returnTo: string;
}) {
  const { googleClientId, twitterEnabled } = useSettings();
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'google' | 'twitter' | null>(null);
  if (!googleClientId && !twitterEnabled) return null;

  const go = async (provider: 'google' | 'twitter') => {
    setError(null);
    setBusy(provider);
    sessionStorage.setItem(SOCIAL_RETURN_KEY, returnTo);
    try {
      if (provider === 'google') {
        globalThis.location.assign(buildUrl('/auth/google/start', { role }));
        return;
      }
      const { url } = await client.post('/auth/twitter/login', { body: { role }, authRedirect: false });
      globalThis.location.assign(url);
    } catch (err) {
      setBusy(null);
      setError(getErrorMessage(err, t('auth.providerUnavailable')));
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs text-zinc-500" aria-hidden>
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
        {t('auth.or')}
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      </div>
      {googleClientId && (
        <Button
          type="button"
          variant="secondary"
          className="w-full"
          loading={busy === 'google'}
          onClick={() => go('google')}
        >
          {t('auth.continueGoogle')}
        </Button>
      )}
      {twitterEnabled && (
        <Button
          type="button"
          variant="secondary"
          className="w-full"
          loading={busy === 'twitter'}
          onClick={() => go('twitter')}
        >
          {t('auth.continueX')}
        </Button>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** Takes the page the social sign-in started from (once). */
export function takeSocialReturn(): string {
  const to = sessionStorage.getItem(SOCIAL_RETURN_KEY) ?? '/';
  sessionStorage.removeItem(SOCIAL_RETURN_KEY);
  return to.startsWith('/') && !to.startsWith('//') ? to : '/';
}
