import { useTranslation } from 'react-i18next';
import { Composer } from '../features/feeds/components/composer';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorFeedsNewPage() {
  const { t } = useTranslation();
  usePageTitle(t('feeds.newPost'));
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-2xl font-bold">{t('feeds.newPost')}</h1>
      <Composer />
    </div>
  );
}
