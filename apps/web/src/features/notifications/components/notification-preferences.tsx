import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { type NotificationPreference, savePreferences, usePreferences } from '../api';

/** Per-kind choices: shown on the site, and sent by e-mail. */
export function NotificationPreferences() {
  const { data, mutate, isLoading } = usePreferences();
  const [draft, setDraft] = useState<NotificationPreference[]>([]);
  const [saving, setSaving] = useState(false);
  const { t, i18n } = useTranslation();
  /** The kind's name in the interface language (the server's label for a kind this build does not know). */
  const label = ({ kind, label }: NotificationPreference) =>
    i18n.exists(`notifications.kinds.${kind}`) ? t(`notifications.kinds.${kind}`) : label;
  useEffect(() => {
    if (data) setDraft(data);
  }, [data]);

  const toggle = (kind: string, field: 'inApp' | 'email') =>
    setDraft((d) => d.map((p) => (p.kind === kind ? { ...p, [field]: !p[field] } : p)));

  return (
    <section
      aria-labelledby="prefs-title"
      className="h-fit rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="prefs-title" className="text-base font-semibold">
        {t('notifications.preferences')}
      </h2>
      {isLoading ? (
        <Skeleton className="mt-3 h-64" />
      ) : (
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            setSaving(true);
            try {
              await mutate(await savePreferences(draft.map(({ kind, inApp, email }) => ({ kind, inApp, email }))), {
                revalidate: false,
              });
              toast.success(t('errors.changesSaved'));
            } catch (err) {
              toast.error(getErrorMessage(err, t('errors.tryAgain')));
            } finally {
              setSaving(false);
            }
          }}
        >
          <table className="mt-3 w-full text-sm">
            <thead>
              <tr className="text-left text-xs text-zinc-500">
                <th className="pb-2 font-medium">{t('notifications.kind')}</th>
                <th className="pb-2 text-center font-medium">{t('notifications.site')}</th>
                <th className="pb-2 text-center font-medium">{t('notifications.email')}</th>
              </tr>
            </thead>
            <tbody>
              {draft.map((p) => (
                <tr key={p.kind} className="border-t border-zinc-100 dark:border-zinc-800">
                  <td className="py-2 pr-2">{label(p)}</td>
                  <td className="text-center">
                    <input
                      type="checkbox"
                      checked={p.inApp}
                      onChange={() => toggle(p.kind, 'inApp')}
                      aria-label={t('notifications.onSite', { label: label(p) })}
                      className="size-4 accent-brand-600"
                    />
                  </td>
                  <td className="text-center">
                    <input
                      type="checkbox"
                      checked={p.email}
                      onChange={() => toggle(p.kind, 'email')}
                      aria-label={t('notifications.byEmail', { label: label(p) })}
                      className="size-4 accent-brand-600"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button type="submit" className="mt-4 w-full" loading={saving}>
            {t('notifications.savePreferences')}
          </Button>
        </form>
      )}
    </section>
  );
}
