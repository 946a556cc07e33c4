import { Ban, Globe2, UserX } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { usePageTitle } from '../../settings/hooks';
import {
  blockUser,
  saveBlockedCountries,
  unblockUser,
  useBlockedCountries,
  useBlockedUsers,
  useCountries,
  useFollowers,
} from '../api';

const inputClasses =
  'h-10 w-full rounded-full border border-zinc-300 bg-white px-4 text-sm dark:border-zinc-700 dark:bg-zinc-900';

function Row({
  avatar,
  name,
  username,
  action,
}: {
  avatar: string | null;
  name: string;
  username: string | null;
  action: React.ReactNode;
}) {
  return (
    <li className="flex items-center gap-3 py-3">
      <Avatar src={avatar} alt="" name={name} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{name || username}</p>
        {username && <p className="truncate text-sm text-zinc-500">@{username}</p>}
      </div>
      {action}
    </li>
  );
}

function BlockedFans() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const blocked = useBlockedUsers('');
  const followers = useFollowers(q);
  const [busy, setBusy] = useState<string | null>(null);
  const blockedIds = new Set(blocked.items.map((b) => b.targetId));

  const act = async (id: string, fn: () => Promise<void>, done: string) => {
    setBusy(id);
    try {
      await fn();
      await Promise.all([blocked.refresh(), followers.refresh()]);
      toast.success(done);
    } catch (err) {
      toast.error(getErrorMessage(err, t('errors.tryAgain')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section
        aria-labelledby="blocked-h"
        className="rounded-3xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <h2 id="blocked-h" className="text-lg font-bold">
          {t('profiles.blocked.fans')} {blocked.total > 0 && <span className="text-zinc-500">({blocked.total})</span>}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('profiles.blocked.fansText')}</p>
        {blocked.isLoading ? (
          <Skeleton className="mt-4 h-12" />
        ) : blocked.items.length === 0 ? (
          <EmptyState icon={Ban} title={t('profiles.blocked.nobody')} className="mt-4" />
        ) : (
          <ul className="mt-2 divide-y divide-zinc-100 dark:divide-zinc-800">
            {blocked.items.map((b) => (
              <Row
                key={b._id}
                avatar={b.target.avatar}
                name={b.target.name}
                username={b.target.username}
                action={
                  <Button
                    variant="outline"
                    size="sm"
                    loading={busy === b.targetId}
                    onClick={() => act(b.targetId, () => unblockUser(b.targetId), t('profiles.blocked.unblocked'))}
                  >
                    {t('profiles.blocked.unblock')}
                  </Button>
                }
              />
            ))}
          </ul>
        )}
        {blocked.hasMore && (
          <Button variant="ghost" size="sm" onClick={blocked.loadMore}>
            {t('profiles.showMore')}
          </Button>
        )}
      </section>
      <section
        aria-labelledby="followers-h"
        className="rounded-3xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <h2 id="followers-h" className="text-lg font-bold">
          {t('profiles.blocked.blockFan')}
        </h2>
        <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">{t('profiles.blocked.pick')}</p>
        <input
          type="search"
          aria-label={t('profiles.blocked.filter')}
          placeholder={t('profiles.blocked.filter')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className={inputClasses}
        />
        {followers.isLoading ? (
          <Skeleton className="mt-4 h-12" />
        ) : followers.items.length === 0 ? (
          <EmptyState icon={UserX} title={t('profiles.blocked.noFollowers')} className="mt-4" />
        ) : (
          <ul className="mt-2 divide-y divide-zinc-100 dark:divide-zinc-800">
            {followers.items
              .filter((f) => !q || `${f.name} ${f.username}`.toLowerCase().includes(q.toLowerCase()))
              .map((f) => (
                <Row
                  key={f._id}
                  avatar={f.avatar}
                  name={f.name}
                  username={f.username}
                  action={
                    blockedIds.has(f._id) ? (
                      <span className="text-sm text-zinc-500">{t('profiles.blocked.isBlocked')}</span>
                    ) : (
                      <Button
                        variant="danger"
                        size="sm"
                        loading={busy === f._id}
                        onClick={() =>
                          act(
                            f._id,
                            () => blockUser(f._id),
                            t('profiles.blocked.blockedToast', { name: `@${f.username ?? t('profiles.blocked.fan')}` }),
                          )
                        }
                      >
                        {t('profiles.blocked.block')}
                      </Button>
                    )
                  }
                />
              ))}
          </ul>
        )}
        {followers.hasMore && (
          <Button variant="ghost" size="sm" onClick={followers.loadMore}>
            {t('profiles.showMore')}
          </Button>
        )}
      </section>
    </div>
  );
}

function BlockedCountries() {
  const { t } = useTranslation();
  const { data, isLoading } = useBlockedCountries();
  const { data: list = [] } = useCountries();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [filter, setFilter] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data) setSelected(new Set(data.countryCodes));
  }, [data]);
  const shown = useMemo(
    () =>
      list.filter(
        (c) => !filter || c.name.toLowerCase().includes(filter.toLowerCase()) || c.code === filter.toUpperCase(),
      ),
    [list, filter],
  );

  const save = async () => {
    setSaving(true);
    try {
      await saveBlockedCountries([...selected]);
      toast.success(t('errors.changesSaved'));
    } catch (err) {
      toast.error(getErrorMessage(err, t('errors.tryAgain')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      className="rounded-3xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
      aria-labelledby="countries-h"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="countries-h" className="text-lg font-bold">
            {t('profiles.blocked.countries')}
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {t('profiles.blocked.countriesText', { count: selected.size })}
          </p>
        </div>
        <Button onClick={save} loading={saving} disabled={isLoading}>
          {t('profiles.save')}
        </Button>
      </div>
      {selected.size > 0 && (
        <div className="mt-3 flex flex-wrap gap-2">
          {[...selected].sort().map((code) => (
            <button
              type="button"
              key={code}
              onClick={() => setSelected((s) => new Set([...s].filter((c) => c !== code)))}
              className="rounded-full bg-red-50 px-3 py-1 text-sm font-semibold text-red-700 dark:bg-red-950/40 dark:text-red-300"
              aria-label={t('profiles.blocked.unblockCountry', { code })}
            >
              {code} ×
            </button>
          ))}
        </div>
      )}
      <input
        type="search"
        aria-label={t('profiles.blocked.findCountry')}
        placeholder={t('profiles.blocked.findCountry')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        className={`${inputClasses} mt-4`}
      />
      <ul className="mt-3 grid max-h-96 grid-cols-1 gap-1 overflow-y-auto sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((c) => (
          <li key={c.code}>
            <label className="flex cursor-pointer items-center gap-2 rounded-xl px-2 py-1.5 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800">
              <input
                type="checkbox"
                className="accent-red-600"
                checked={selected.has(c.code)}
                onChange={(e) =>
                  setSelected((s) => {
                    const next = new Set(s);
                    if (e.target.checked) next.add(c.code);
                    else next.delete(c.code);
                    return next;
                  })
                }
              />
              {c.flag && <img src={c.flag} alt="" className="h-3 w-4 rounded-sm object-cover" loading="lazy" />}
              {c.name}
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function BlockedSettings() {
  const { t } = useTranslation();
  usePageTitle(t('profiles.blocked.pageTitle'));
  return (
    <div>
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('profiles.blocked.title')}</h1>
      <p className="mt-1 mb-6 text-sm text-zinc-600 dark:text-zinc-400">{t('profiles.blocked.intro')}</p>
      <Tabs defaultValue="fans">
        <TabsList className="max-w-md">
          <TabsTrigger value="fans">
            <UserX className="size-4" /> {t('profiles.blocked.fansTab')}
          </TabsTrigger>
          <TabsTrigger value="countries">
            <Globe2 className="size-4" /> {t('profiles.blocked.countriesTab')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="fans">
          <BlockedFans />
        </TabsContent>
        <TabsContent value="countries">
          <BlockedCountries />
        </TabsContent>
      </Tabs>
    </div>
  );
}
