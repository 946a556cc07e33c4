import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import type { ReviewQueueItem } from '../../review/api';
import { releasesApi } from '../api';
import { ReleaseStatus } from './people-in-content';

/**
 * The people depicted in a queued item, beside it (issue 26 items 1, 3): each release's state,
 * the ID document and selfie an invited person sent, and the identity decision. Approval of the
 * item is refused by the server until everyone is complete.
 */
export function QueueReleases({ item, onChange }: { item: ReviewQueueItem; onChange: () => void }) {
  const { t } = useTranslation();
  if (item.releases.length === 0) return null;
  const decide = (id: string, decision: 'verified' | 'rejected') =>
    releasesApi
      .decideIdentity(id, decision)
      .then(onChange)
      .catch((err) => toast.error(getErrorMessage(err)));
  return (
    <section aria-labelledby={`people-${item._id}`} className="space-y-2" data-testid="queue-releases">
      <h3 id={`people-${item._id}`} className="text-sm font-semibold">
        {t('releases.admin.title')}
      </h3>
      <ul className="space-y-2 text-sm">
        {item.releases.map((r) => (
          <li key={r._id} className="space-y-1 rounded-lg border border-zinc-200 p-2 dark:border-zinc-800">
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
    </section>
  );
}
