import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { decideAgeCheck, useAgeCheckReviews } from '../../age-assurance/api';
import { usePageTitle } from '../../settings/hooks';
import { act, fmtDate, SectionTitle } from './kit';

/** Admin › Age checks (issue 27 item 1): the built-in provider's ID photos and selfies, until decided. */
export default function AgeChecksSection() {
  const { t } = useTranslation();
  usePageTitle(t('ageAssurance.admin.checksTitle'));
  const { data, mutate } = useAgeCheckReviews();
  const rows = data?.data ?? [];
  const decide = async (id: string, approve: boolean) => {
    await act(() => decideAgeCheck(id, approve), t('ageAssurance.admin.decided'));
    await mutate();
  };
  return (
    <div className="space-y-6">
      <SectionTitle title={t('ageAssurance.admin.checksTitle')} />
      <p className="max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{t('ageAssurance.admin.checksIntro')}</p>
      {rows.length === 0 && <p className="text-sm text-zinc-500">{t('ageAssurance.admin.noChecks')}</p>}
      <ul className="space-y-4">
        {rows.map((c) => (
          <li key={c._id} className="rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800">
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              {t('ageAssurance.admin.fan')}: <strong>{c.user.username ?? c.user.name}</strong> ·{' '}
              {t('ageAssurance.admin.sentAt')} {fmtDate(c.createdAt)}
            </p>
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              {c.documentUrl && (
                <img
                  src={c.documentUrl}
                  alt={t('ageAssurance.document')}
                  className="max-h-64 rounded-xl object-contain"
                />
              )}
              {c.selfieUrl && (
                <img src={c.selfieUrl} alt={t('ageAssurance.selfie')} className="max-h-64 rounded-xl object-contain" />
              )}
            </div>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button size="sm" onClick={() => decide(c._id, true)}>
                {t('ageAssurance.admin.approve')}
              </Button>
              <Button size="sm" variant="danger" onClick={() => decide(c._id, false)}>
                {t('ageAssurance.admin.reject')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
