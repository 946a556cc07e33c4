import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { Input } from '../../../components/ui/input';
import { useSubscribers } from '../../subscriptions/api';

export interface PickedFan {
  _id: string;
  name: string;
  username: string | null;
}

/** Choose fans by hand: search the creator's subscribers with access now, add them as chips. */
export function FanPicker({ value, onChange }: { value: PickedFan[]; onChange: (fans: PickedFan[]) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const params = new URLSearchParams({ pageSize: '8', activeOnly: 'true' });
  if (q.trim()) params.set('q', q.trim());
  const { data, isLoading } = useSubscribers(params.toString());
  const chosen = new Set(value.map((f) => f._id));
  const candidates = (data?.data ?? [])
    .map((s) => s.user)
    .filter((u): u is NonNullable<typeof u> => u !== null && !chosen.has(u._id));

  return (
    <div className="space-y-2">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('massMessages.chosen')}>
          {value.map((f) => (
            <li
              key={f._id}
              className="flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm dark:bg-brand-950/40"
            >
              {f.name || f.username}
              <button
                type="button"
                aria-label={t('massMessages.remove', { name: f.username ?? f.name })}
                className="rounded-full p-0.5 hover:bg-brand-100 dark:hover:bg-brand-900"
                onClick={() => onChange(value.filter((x) => x._id !== f._id))}
              >
                <X className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Input
        aria-label={t('massMessages.find')}
        placeholder={t('massMessages.findPlaceholder')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {isLoading ? (
        <p className="text-xs text-zinc-500">{t('massMessages.searching')}</p>
      ) : candidates.length === 0 ? (
        <p className="text-xs text-zinc-500">{t('massMessages.noMatch')}</p>
      ) : (
        <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {candidates.map((u) => (
            <li key={u._id}>
              <button
                type="button"
                className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800"
                onClick={() => onChange([...value, { _id: u._id, name: u.name, username: u.username }])}
              >
                <Avatar src={u.avatar ?? undefined} alt="" name={u.name} className="size-7" />
                <span className="flex-1 truncate">{u.name || u.username}</span>
                <span className="text-xs text-zinc-500">{t('massMessages.add', { username: u.username })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
