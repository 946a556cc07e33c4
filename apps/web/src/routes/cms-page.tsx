import { useParams } from 'react-router';
import { CmsArticle } from '../features/cms/components/cms-article';

export default function CmsPage() {
  const { slug = '' } = useParams();
  return <CmsArticle key={slug} slug={slug} />;
}
