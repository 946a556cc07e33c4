import { usePageTitle } from '../features/settings/hooks';
import { MyStories } from '../features/stories/components/my-stories';

export default function CreatorStoriesPage() {
  usePageTitle('My stories');
  return (
    <div className="mx-auto max-w-4xl">
      <MyStories />
    </div>
  );
}
