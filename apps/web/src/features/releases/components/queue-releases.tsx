import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../auth/api';
import type { ReviewQueueItem } from '../../review/api';
import { releasesApi, useStreamIdentityChecks } from '../api';

type QueueRelease = ReviewQueueItem['releases'][number];

import { ReleaseStatus } from './people-in-content';

/**
 * The people depicted in a queued item, beside it (issue 26 items 1, 3): each release's state,
 * the ID document and selfie an invited person sent, and the identity decision. Approval of the
 * item is refused by the server until everyone is complete.
 */
export function QueueReleases({ item, onChange }: { item: ReviewQueueItem; onChange: () => void }) {
  const { t } = useTranslation();
  if (item.releases.length === 0) return null;
  return (
    <section aria-labelledby={`people-${item._id}`} className="space-y-2" data-testid="queue-releases">
      <h3 id={`people-${item._id}`} className="text-sm font-semibold">
        {t('releases.admin.title')}
      </h3>
      <PeopleChecks releases={item.releases} onChange={onChange} />
    </section>
  );
}

/**
 * People named for a creator's next live stream whose ID document and selfie wait for an admin: a
 * stream has no queue item to show them beside, so the queue lists them on their own (admins only).
 */
export function StreamIdentityChecks() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const { data, mutate } = useStreamIdentityChecks(user?.role === 'admin');
  const checks = data?.data ?? [];
  if (checks.length === 0) return null;
  return (
    <section
      aria-labelledby="stream-identity-checks"
      className="space-y-2 rounded-xl border border-amber-200 p-3 dark:border-amber-900"
      data-testid="stream-identity-checks"
    >
      <h3 id="stream-identity-checks" className="text-sm font-semibold">
        {t('releases.admin.streamChecks')}
      </h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('releases.admin.streamChecksHint')}</p>
      <PeopleChecks
        releases={checks}
        caption={(r) =>
          t('releases.admin.forStream', { username: checks.find((c) => c._id === r._id)?.creator.username ?? '' })
        }
        onChange={() => void mutate()}
      />
    </section>
  );
}

/** Each person's state, their documents and, for the built-in provider, the identity decision. */
function PeopleChecks({
  releases,
  caption,
  onChange,
}: {
  releases: QueueRelease[];
  caption?: (r: QueueRelease) => string;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const decide = (id: string, decision: 'verified' | 'rejected') =>
    releasesApi
      .decideIdentity(id, decision)
      .then(onChange)
      .catch((err) => toast.error(getErrorMessage(err)));
  return (
    <ul className="space-y-2 text-sm">
      {releases.map((r) => (
        <li key={r._id} className="space-y-1 rounded-lg border border-zinc-200 p-2 dark:border-zinc-800">
          {caption && <p className="text-xs text-zinc-600 dark:text-zinc-400">{caption(r)}</p>}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">
              {r.name}
              {r.dateOfBirth && (
                <span className="text-zinc-500"> · {t('releases.admin.born', { date: r.dateOfBirth })}</span>
              )}
            </span>
            <ReleaseStatus status={r.status} />
          </div>
          <div className="flex flex-wrap gap-1">
            {r.signedAt && (
              <Button size="sm" variant="ghost" onClick={() => releasesApi.pdf(r._id)}>
                {t('releases.pdf')}
              </Button>
            )}
            {Array.from({ length: r.documents }, (_, i) => `${r._id}:${i}`).map((key, i) => (
              <Button key={key} size="sm" variant="ghost" onClick={() => releasesApi.document(r._id, i)}>
                {t('releases.admin.open', { n: i + 1 })}
              </Button>
            ))}
          </div>
          {r.identityStatus === 'pending' && r.identityProvider === 'manual' && (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => decide(r._id, 'verified')} data-testid="accept-identity">
                {t('releases.admin.verify')}
              </Button>
              <Button size="sm" variant="danger" onClick={() => decide(r._id, 'rejected')}>
                {t('releases.admin.refuse')}
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
