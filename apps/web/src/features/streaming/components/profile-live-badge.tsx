import { Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCreatorLiveStream } from '../api';

const badge =
  'absolute top-3 left-3 inline-flex items-center gap-1.5 rounded-full bg-red-600 px-3 py-1 text-sm font-bold text-white shadow';

/** The profile header's "Live now" badge: a link to the watch page once the stream is known. */
export function ProfileLiveBadge({ creatorId }: { creatorId: string }) {
  const { t } = useTranslation();
  const { stream } = useCreatorLiveStream(creatorId);
  const content = (
    <>
      <Radio className="size-4 animate-pulse" aria-hidden="true" /> {t('streaming.liveNow')}
    </>
  );
  return stream ? (
    <Link to={`/live/${stream._id}`} className={`${badge} hover:bg-red-700`} data-testid="profile-live-link">
      {content}
      <span className="sr-only">{t('streaming.watchTheStream')}</span>
    </Link>
  ) : (
    <span className={badge}>{content}</span>
  );
}
