import { Button } from '../../../components/ui/button';
import { useSettings } from '../../settings/api';
import { twitterLinkUrl, unlinkTwitter, useLinkedAccounts } from '../api';
import { SaveStatus, Section, useSave } from './shared';

export function LinkedAccountsSection() {
  const { data } = useLinkedAccounts();
  const { twitterEnabled } = useSettings();
  const { saving, status, run } = useSave();
  const accounts = data?.data ?? [];
  const twitter = accounts.find((a) => a.provider === 'twitter');
  const google = accounts.find((a) => a.provider === 'google');
  return (
    <Section title="Linked accounts" description="Sign in with these accounts as well as your password.">
      <ul className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
        <li className="flex items-center justify-between py-3">
          <span>Google</span>
          <span className="text-zinc-500">
            {google ? `Linked (${google.providerUserId})` : 'Not linked — sign in with Google to link'}
          </span>
        </li>
        <li className="flex items-center justify-between gap-3 py-3">
          <span>Twitter / X</span>
          {twitter ? (
            <span className="flex items-center gap-3">
              <span className="text-zinc-500">@{twitter.username}</span>
              <Button
                size="sm"
                variant="secondary"
                loading={saving}
                onClick={() => run(unlinkTwitter, 'Twitter/X account unlinked')}
              >
                Unlink
              </Button>
            </span>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              disabled={!twitterEnabled}
              loading={saving}
              onClick={() =>
                run(async () => globalThis.location.assign((await twitterLinkUrl()).url), 'Opening Twitter/X…')
              }
            >
              {twitterEnabled ? 'Link' : 'Not available'}
            </Button>
          )}
        </li>
      </ul>
      <SaveStatus status={status} />
    </Section>
  );
}
