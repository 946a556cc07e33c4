import { Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Card } from '../../../components/ui/card';
import { useLiveNow } from '../api';

/** "Live now" in the desktop feed's right column: up to five creators live, most watched first. Nothing when nobody is live. */
export function LiveNowCard() {
  const { t } = useTranslation();
  const { data } = useLiveNow({ sortBy: 'viewerCount' });
  const streams = (data?.data ?? []).slice(0, 5);
  if (streams.length === 0) return null;
  return (
    <Card className="p-4">
      <h2 className="mb-3 flex items-center gap-2 font-semibold">
        <Radio className="size-4 text-red-600" aria-hidden="true" />
        {t('streaming.liveNow')}
      </h2>
      <ul className="space-y-3">
        {streams.map((s) => (
          <li key={s._id}>
            <Link to={`/live/${s._id}`} className="group flex items-center gap-3">
              <Avatar src={s.performer?.avatar} alt="" name={s.performer?.name ?? s.title} size="sm" />
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium group-hover:text-brand-700 dark:group-hover:text-brand-300">
                  {s.performer?.name ?? s.title}
                </span>
                <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">
                  {s.title} · {t('streaming.viewers', { count: s.viewerCount })}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/live" className="mt-3 block text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
        {t('streaming.seeWhoIsLive')}
      </Link>
    </Card>
  );
}
