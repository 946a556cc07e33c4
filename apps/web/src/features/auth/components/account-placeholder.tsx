import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { Card, CardContent } from '../../../components/ui/card';
import { usePageTitle } from '../../settings/hooks';
import { useCurrentUser } from '../api';

/** Stand-in for the account screens until their forms land; shows what the profile still lacks. */
export function AccountPlaceholder({ title }: { title: string }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  usePageTitle(title);
  if (!user) return null;
  const missing = !user.username && !user.email ? 'both' : !user.username ? 'username' : !user.email ? 'email' : null;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {missing && (
        <p
          role="status"
          className="mt-4 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-900/50 dark:bg-amber-950/40 dark:text-amber-200"
        >
          {t(`pages.completeProfile.${missing}`)}
        </p>
      )}
      <Card className="mt-6">
        <CardContent className="flex items-center gap-4">
          <Avatar src={user.avatar} alt="" name={user.name} size="lg" />
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold">{user.name || user.username || t('pages.yourAccount')}</p>
            {user.username && <p className="truncate text-sm text-zinc-500 dark:text-zinc-400">@{user.username}</p>}
            {user.email && <p className="truncate text-sm text-zinc-500 dark:text-zinc-400">{user.email}</p>}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
