import { VIEW_AS_CLASSES, type ViewAsClass } from '@marquee/shared';
import { Lock, LockOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api';
import { useViewAs } from '../api';
import { Badge, Select, word } from './kit';

/** The creator's profile and posts as a chosen class of viewer sees them (server preview, no impersonation). */
export function ViewAsPanel({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [as, setAs] = useState<ViewAsClass>('visitor');
  const { data, error, isLoading } = useViewAs(userId, as);
  return (
    <section
      className="space-y-3 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800"
      aria-label={t('adminUsers.viewAs.label')}
    >
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h3 className="font-semibold">{t('adminUsers.viewAs.title')}</h3>
        <div>
          <Label htmlFor="view-as" className="sr-only">
            {t('adminUsers.viewAs.viewer')}
          </Label>
          <Select id="view-as" value={as} onChange={(e) => setAs(e.target.value as ViewAsClass)}>
            {VIEW_AS_CLASSES.map((c) => (
              <option key={c} value={c}>
                {t(`adminUsers.viewAs.classes.${c}`)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {isLoading && <Spinner />}
      {error && <p className="text-red-600">{getErrorMessage(error)}</p>}
      {data && (
        <div className="space-y-2">
          <p className="text-zinc-500">
            {data.profile.name} · {t('adminUsers.viewAs.posts', { count: data.profile.stats.posts })} ·{' '}
            {data.profile.isSubscribed
              ? t('adminUsers.viewAs.subscribed')
              : data.profile.isFollowed
                ? t('adminUsers.viewAs.following')
                : t('adminUsers.viewAs.notFollowing')}
          </p>
          {data.feeds.data.length === 0 && <p className="text-zinc-500">{t('adminUsers.viewAs.none')}</p>}
          <ul
            className="max-h-72 space-y-1.5 overflow-y-auto"
            aria-label={t('adminUsers.viewAs.list', { viewer: t(`adminUsers.viewAs.classes.${as}`) })}
          >
            {data.feeds.data.map((f) => (
              <li key={f._id} className="flex items-start gap-2 rounded-lg bg-zinc-50 p-2 dark:bg-zinc-800/50">
                {f.locked ? (
                  <Lock className="mt-0.5 size-4 shrink-0 text-amber-600" aria-label={t('adminUsers.viewAs.locked')} />
                ) : (
                  <LockOpen
                    className="mt-0.5 size-4 shrink-0 text-emerald-600"
                    aria-label={t('adminUsers.viewAs.visible')}
                  />
                )}
                <span className="min-w-0 flex-1 break-words">
                  {f.text || t('adminUsers.viewAs.typePost', { type: word('adminCommon.contentType', f.type) })}
                </span>
                <Badge tone={f.locked ? 'amber' : 'green'}>
                  {f.locked ? t('adminUsers.viewAs.lockedBadge') : t('adminUsers.viewAs.visibleBadge')}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
