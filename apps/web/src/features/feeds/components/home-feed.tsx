import { PenSquare } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui';
import { StoriesBar } from '../../stories/components/stories-bar';
import { Timeline } from './timeline';

/** The signed-in home: stories of followed creators, then the timeline. */
export function HomeFeed({ isPerformer }: { isPerformer: boolean }) {
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold tracking-tight">Home</h1>
        {isPerformer && (
          <Link to="/creator/feeds/new" className={buttonClasses('primary', 'sm')}>
            <PenSquare className="size-4" /> New post
          </Link>
        )}
      </div>
      <StoriesBar />
      <Timeline />
    </div>
  );
}
