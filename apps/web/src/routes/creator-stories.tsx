import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../features/settings/hooks';
import { MyStories } from '../features/stories/components/my-stories';

export default function CreatorStoriesPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.My stories'));
  return (
    <div className="mx-auto max-w-4xl">
      <MyStories />
    </div>
  );
}
