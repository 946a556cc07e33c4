import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { type Release, releasesApi, useReleases } from '../api';

const STATUS_TONE: Record<Release['status'], string> = {
  invited: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  signed: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100',
  complete: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  rejected: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  revoked: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
};

export function ReleaseStatus({ status }: { status: Release['status'] }) {
  const { t } = useTranslation();
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONE[status]}`}
      data-testid="release-status"
    >
      {t(`releases.status.${status}`)}
    </span>
  );
}

function Person({ r }: { r: Release }) {
  const { t } = useTranslation();
  const name = r.performer?.username ? `@${r.performer.username}` : r.displayName;
  const copy = async () => {
    await navigator.clipboard?.writeText(r.inviteUrl ?? '').catch(() => {});
    toast.success(t('releases.copied'));
  };
  return (
    <li className="space-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" data-testid="release-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium break-all">{name}</span>
        <ReleaseStatus status={r.status} />
      </div>
      {r.inviteUrl && (
        <div className="flex flex-wrap gap-2">
          <input
            readOnly
            value={r.inviteUrl}
            aria-label={t('releases.inviteLink', { name })}
            data-testid="invite-url"
            className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-2 py-1 text-xs dark:border-zinc-700 dark:bg-zinc-900"
          />
          <Button type="button" size="sm" variant="outline" onClick={copy}>
            {t('releases.copy')}
          </Button>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {r.signedAt && (
          <Button type="button" size="sm" variant="ghost" onClick={() => releasesApi.pdf(r._id)}>
            {t('releases.pdf')}
          </Button>
        )}
        {!r.signedAt && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={() => releasesApi.remove(r._id).catch((err) => toast.error(getErrorMessage(err)))}
          >
            {t('releases.remove')}
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * "People in this content" in a creator's item editor: everyone depicted besides the creator,
 * named as an existing creator or invited by link, with where each stands. The item is
 * published only once everyone has consented and is verified (the server's publication gate).
 */
export function PeopleInContent({
  subjectType,
  subjectId,
  title,
  mediaIds,
  heading,
  hint,
}: {
  subjectType: string;
  subjectId: string;
  title: string;
  mediaIds: string[];
  /** Defaults to "People in this content" and its hint (a live stream says "People in this stream"). */
  heading?: string;
  hint?: string;
}) {
  const { t } = useTranslation();
  const { data } = useReleases(subjectId);
  const [kind, setKind] = useState<'guest' | 'creator'>('guest');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const value = String(form.get('who') ?? '').trim();
    const date = String(form.get('productionDate') ?? '');
    setBusy(true);
    try {
      await releasesApi.name({
        subjectType,
        subjectId,
        title,
        mediaIds,
        ...(kind === 'creator' ? { performer: value } : { name: value }),
        ...(date ? { productionDate: date } : {}),
      });
      toast.success(t('releases.added'));
      (e.target as HTMLFormElement).reset();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const people = data?.data ?? [];
  return (
    <section className="space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800" data-testid="people-in-content">
      <h3 className="font-semibold">{heading ?? t('releases.people')}</h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{hint ?? t('releases.peopleHint')}</p>
      {people.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('releases.none')}</p>
      ) : (
        <ul className="space-y-2">
          {people.map((r) => (
            <Person key={r._id} r={r} />
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="space-y-2" data-testid="name-person">
        <fieldset className="flex flex-wrap gap-4 text-sm">
          {(['guest', 'creator'] as const).map((k) => (
            <label key={k} className="flex items-center gap-2">
              <input type="radio" name="kind" checked={kind === k} onChange={() => setKind(k)} />
              {t(k === 'guest' ? 'releases.kindGuest' : 'releases.kindCreator')}
            </label>
          ))}
        </fieldset>
        <Field
          label={t(kind === 'guest' ? 'releases.name' : 'releases.username')}
          name="who"
          required
          minLength={kind === 'guest' ? 2 : 1}
          maxLength={120}
        />
        <Field label={t('releases.productionDate')} name="productionDate" type="date" />
        <Button type="submit" size="sm" loading={busy} data-testid="add-person">
          {t('releases.add')}
        </Button>
      </form>
    </section>
  );
}
