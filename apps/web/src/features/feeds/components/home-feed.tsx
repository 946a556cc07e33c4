import { PenSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { useCurrentUser } from '../../auth/api';
import { StoriesBar } from '../../stories/components/stories-bar';
import { FeedAside } from './feed-aside';
import { Timeline } from './timeline';

/** The signed-in home: stories of followed creators, then the timeline. */
export function HomeFeed({ isPerformer }: { isPerformer: boolean }) {
  const { user } = useCurrentUser();
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-2xl gap-8 lg:max-w-none lg:grid-cols-[minmax(0,1fr)_17rem] xl:grid-cols-[minmax(0,40rem)_18rem] xl:justify-center">
      <div className="min-w-0 space-y-4">
        <div className="flex items-center justify-between">
          <h1 className="text-2xl font-bold tracking-tight">{t('nav.Home')}</h1>
          {isPerformer && (
            <Link to="/creator/feeds/new" className={buttonClasses('primary', 'sm')}>
              <PenSquare className="size-4" /> {t('feeds.newPost')}
            </Link>
          )}
        </div>
        <StoriesBar />
        <Timeline />
      </div>
      <FeedAside selfId={user?._id} />
    </div>
  );
}
