import type { Feed } from '@marquee/shared';
import { Bookmark, CalendarClock, Heart, MessageCircle, Pin } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import i18n from '../../../lib/i18n';
import { DATE_TIME, formatDate } from '../../../lib/i18n/format';
import { ReviewBadge } from '../../review/components/review-badge';
import { feedsApi } from '../api';
import { LockedOverlay } from './locked-overlay';
import { MediaCarousel } from './media-carousel';
import { PollView } from './poll-view';
import { PostTipButton } from './post-tip-button';

function timeAgo(iso: string | null) {
  if (!iso) return '';
  const s = Math.max(0, (Date.now() - new Date(iso).getTime()) / 1000);
  if (s < 60) return i18n.t('feeds.justNow');
  if (s < 3600) return i18n.t('feeds.minutesShort', { n: Math.floor(s / 60) });
  if (s < 86400) return i18n.t('feeds.hoursShort', { n: Math.floor(s / 3600) });
  return formatDate(iso, {});
}

/** One post: creator, text, media (or the locked overlay), poll, and like / comment / bookmark / tip. */
export function PostCard({ feed, onChange, detail = false }: { feed: Feed; onChange?: () => void; detail?: boolean }) {
  const [liked, setLiked] = useState(feed.isLiked);
  const [likes, setLikes] = useState(feed.totalLike);
  const [bookmarked, setBookmarked] = useState(feed.isBookMarked);
  const profile = `/${feed.performer?.username ?? feed.performerId}`;
  const { t } = useTranslation();

  const toggle = async (action: 'like' | 'bookmark') => {
    const on = action === 'like' ? !liked : !bookmarked;
    if (action === 'like') {
      setLiked(on);
      setLikes((n) => n + (on ? 1 : -1));
    } else setBookmarked(on);
    try {
      await feedsApi.react(feed._id, action, on);
      if (action === 'bookmark') toast.success(on ? t('feeds.bookmarked') : t('feeds.unbookmarked'));
    } catch (err) {
      if (action === 'like') {
        setLiked(!on);
        setLikes((n) => n - (on ? 1 : -1));
      } else setBookmarked(!on);
      toast.error(getErrorMessage(err));
    }
  };

  return (
    <Card className="p-4 sm:p-5" data-testid="post-card" data-feed-id={feed._id}>
      <header className="flex items-center gap-3">
        <Link to={profile}>
          <Avatar src={feed.performer?.avatar} alt={feed.performer?.name ?? ''} />
        </Link>
        <div className="min-w-0 flex-1">
          <Link to={profile} className="block truncate font-semibold hover:underline">
            {feed.performer?.name ?? t('feeds.creator')}
          </Link>
          <p className="truncate text-xs text-zinc-500">
            @{feed.performer?.username} ·{' '}
            <Link to={`/post/${feed._id}`}>
              {feed.status === 'scheduled' ? t('feeds.scheduled') : timeAgo(feed.publishedAt)}
            </Link>
          </p>
        </div>
        {feed.isPinned && <Pin className="size-4 text-zinc-500" aria-label={t('feeds.pinned')} />}
        {feed.status === 'scheduled' && (
          <span className="flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-800">
            <CalendarClock className="size-3" /> {feed.scheduledAt && formatDate(feed.scheduledAt, DATE_TIME)}
          </span>
        )}
        <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
          {t(`feeds.${feed.visibility}`)}
        </span>
      </header>
      {feed.takenDown && (
        <p role="note" className="mt-3 text-xs font-medium text-red-600 dark:text-red-400">
          {feed.takedownReason ? t('feeds.takenDownReason', { reason: feed.takedownReason }) : t('feeds.takenDown')}
        </p>
      )}
      <ReviewBadge type="feed" id={feed._id} ownerId={feed.performerId} />
      {feed.text && (
        <p className={cn('mt-3 text-[15px] whitespace-pre-line', !detail && 'line-clamp-6')}>{feed.text}</p>
      )}
      {feed.tags.length > 0 && (
        <p className="mt-1 text-sm text-brand-600">{feed.tags.map((tag) => `#${tag}`).join(' ')}</p>
      )}
      {feed.locked ? (
        <LockedOverlay feed={feed} onUnlocked={() => onChange?.()} />
      ) : (
        feed.files.length > 0 && <MediaCarousel feedId={feed._id} files={feed.files} />
      )}
      {feed.poll && <PollView poll={feed.poll} canVote={!feed.locked && !feed.poll.showResults} onVoted={onChange} />}
      <footer className="mt-3 flex items-center gap-1 text-sm text-zinc-600 dark:text-zinc-400">
        <button
          type="button"
          onClick={() => toggle('like')}
          aria-pressed={liked}
          className="flex items-center gap-1.5 rounded-full px-2.5 py-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          <Heart className={cn('size-5', liked && 'fill-red-500 text-red-500')} aria-hidden="true" />
          <span className="sr-only">{t('feeds.like')}</span> <span data-testid="like-count">{likes}</span>
        </button>
        <Link
          to={`/post/${feed._id}`}
          className="flex items-center gap-1.5 rounded-full px-2.5 py-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          <MessageCircle className="size-5" aria-hidden="true" />
          <span className="sr-only">{t('feeds.comments')}</span>{' '}
          <span data-testid="comment-count">{feed.totalComment}</span>
        </Link>
        <PostTipButton feed={feed} />
        <button
          type="button"
          onClick={() => toggle('bookmark')}
          aria-pressed={bookmarked}
          aria-label={t('feeds.bookmark')}
          className="ml-auto rounded-full p-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          <Bookmark className={cn('size-5', bookmarked && 'fill-current text-brand-600')} />
        </button>
      </footer>
    </Card>
  );
}
