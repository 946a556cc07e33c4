import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useSettings } from '../../settings/api';
import { twitterLinkUrl, unlinkTwitter, useLinkedAccounts } from '../api';
import { SaveStatus, Section, useSave } from './shared';

/** A brand name, the same in every language. */
const TWITTER_X = 'Twitter / X';

export function LinkedAccountsSection() {
  const { t } = useTranslation();
  const { data } = useLinkedAccounts();
  const { twitterEnabled, googleClientId } = useSettings();
  const { saving, status, run } = useSave();
  const accounts = data?.data ?? [];
  const twitter = accounts.find((a) => a.provider === 'twitter');
  const google = accounts.find((a) => a.provider === 'google');
  // A provider the site has not set up is not offered (one already linked still shows, to unlink it).
  const showGoogle = Boolean(googleClientId) || Boolean(google);
  const showTwitter = twitterEnabled || Boolean(twitter);
  if (!showGoogle && !showTwitter) return null;
  return (
    <Section title={t('account.linked.title')} description={t('account.linked.description')}>
      <ul className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
        {showGoogle && (
          <li className="flex items-center justify-between py-3">
            <span>Google</span>
            <span className="text-zinc-500">
              {google ? t('account.linked.linkedAs', { id: google.providerUserId }) : t('account.linked.googleHint')}
            </span>
          </li>
        )}
        {showTwitter && (
          <li className="flex items-center justify-between gap-3 py-3">
            <span>{TWITTER_X}</span>
            {twitter ? (
              <span className="flex items-center gap-3">
                <span className="text-zinc-500">@{twitter.username}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  loading={saving}
                  onClick={() => run(unlinkTwitter, t('account.linked.unlinked'))}
                >
                  {t('account.linked.unlink')}
                </Button>
              </span>
            ) : (
              <Button
                size="sm"
                variant="secondary"
                disabled={!twitterEnabled}
                loading={saving}
                onClick={() =>
                  run(async () => globalThis.location.assign((await twitterLinkUrl()).url), t('account.linked.opening'))
                }
              >
                {twitterEnabled ? t('account.linked.link') : t('account.linked.unavailable')}
              </Button>
            )}
          </li>
        )}
      </ul>
      <SaveStatus status={status} />
    </Section>
  );
}
