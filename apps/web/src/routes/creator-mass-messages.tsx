import { useTranslation } from 'react-i18next';
import { MassMessageForm } from '../features/mass-messages/components/mass-message-form';
import { MassMessageList } from '../features/mass-messages/components/mass-message-list';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorMassMessagesPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.Mass messages'));
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4 sm:p-6">
      <div>
        <h1 className="text-2xl font-bold">{t('nav.Mass messages')}</h1>
        <p className="mt-1 text-sm text-zinc-500">{t('pages.massMessagesIntro')}</p>
      </div>
      <MassMessageForm />
      <section aria-labelledby="mass-history">
        <h2 id="mass-history" className="mb-3 text-lg font-semibold">
          {t('pages.sentAndScheduled')}
        </h2>
        <MassMessageList />
      </section>
    </div>
  );
}
