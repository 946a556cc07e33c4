import { BadgeCheck, Image as ImageIcon, UserX } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage, isApiError } from '../../../lib/api';
import { usePageTitle } from '../../settings/hooks';
import { usePerformer } from '../api';

export function ProfileView({ profileId }: { profileId: string }) {
  const { data: performer, error, isLoading } = usePerformer(profileId);
  usePageTitle(performer ? performer.name || performer.username : error ? 'Creator not found' : undefined);

  if (isLoading) {
    return (
      <div aria-busy="true">
        <Skeleton className="h-40 rounded-3xl sm:h-56" />
        <div className="-mt-10 flex items-end gap-4 px-4 sm:px-6">
          <Skeleton className="size-24 rounded-full ring-4 ring-zinc-50 dark:ring-zinc-950" />
          <div className="mb-2 space-y-2">
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-4 w-24" />
          </div>
        </div>
      </div>
    );
  }
  if (error || !performer) {
    const missing = !error || (isApiError(error) && error.statusCode === 404);
    return (
      <EmptyState
        icon={UserX}
        level={1}
        className="mx-auto max-w-2xl"
        title={missing ? 'Creator not found' : 'This profile could not be loaded'}
        description={
          missing
            ? `There is no creator called “${profileId}”. Check the link, or explore other creators.`
            : getErrorMessage(error)
        }
        action={
          <Link to="/" className={buttonClasses('outline')}>
            Back to home
          </Link>
        }
      />
    );
  }

  const name = performer.name || performer.username;
  return (
    <div>
      <div className="relative h-40 overflow-hidden rounded-3xl bg-gradient-to-br from-brand-300 via-brand-500 to-violet-600 sm:h-56">
        {performer.cover && <img src={performer.cover} alt="" className="size-full object-cover" />}
      </div>
      <div className="flex flex-col gap-4 px-2 sm:flex-row sm:items-end sm:justify-between sm:px-6">
        <div className="relative z-10 -mt-12 flex items-end gap-4">
          <Avatar
            src={performer.avatar}
            alt={`${name}'s avatar`}
            size="xl"
            className="size-24 ring-4 ring-zinc-50 sm:size-28 dark:ring-zinc-950"
          />
          <div className="mb-1 min-w-0">
            <h1 className="flex items-center gap-1.5 text-2xl font-bold tracking-tight">
              <span className="truncate">{name}</span>
              {performer.isVerified && <BadgeCheck className="size-5 shrink-0 text-brand-500" aria-label="Verified" />}
            </h1>
            <p className="text-sm text-zinc-500 dark:text-zinc-400">@{performer.username}</p>
          </div>
        </div>
        <Button size="lg" className="sm:mb-1" disabled title="Subscriptions are coming soon">
          Subscribe
        </Button>
      </div>
      {performer.bio && (
        <p className="mt-6 max-w-2xl px-2 whitespace-pre-line text-zinc-700 sm:px-6 dark:text-zinc-300">
          {performer.bio}
        </p>
      )}
      <div className="mt-8">
        <EmptyState icon={ImageIcon} title="No posts yet" description={`${name} has not published anything yet.`} />
      </div>
    </div>
  );
}
