import { useTranslation } from 'react-i18next';
import { MyFeeds } from '../features/feeds/components/my-feeds';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorFeedsPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.My posts'));
  return (
    <div className="mx-auto max-w-3xl">
      <MyFeeds />
    </div>
  );
}
