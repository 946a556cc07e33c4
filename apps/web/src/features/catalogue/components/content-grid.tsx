import type { ContentType } from '@marquee/shared';
import { PackageOpen, Plus, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCurrentUser } from '../../auth/api';
import { type ContentQuery, useCatalogue } from '../api';
import { ContentCard } from './content-card';

const PAGE_SIZE = 12;

/** A paged grid of published items of one type (one creator's with performerId). */
export function ContentGrid({ type, query = {} }: { type: ContentType; query?: ContentQuery }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isLoading } = useCatalogue(type, { ...query, page, pageSize: PAGE_SIZE });
  if (isLoading) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
          <Skeleton key={k} className="aspect-[4/3] rounded-2xl" />
        ))}
      </div>
    );
  }
  if (!data || data.data.length === 0) {
    return <EmptyState icon={PackageOpen} title={t(`catalogue.types.${type}.empty`)} />;
  }
  const pages = Math.ceil(data.total / PAGE_SIZE);
  return (
    <div className="space-y-4" data-testid={`content-grid-${type}`}>
      <div className={`grid gap-3 ${type === 'reel' ? 'grid-cols-3 sm:grid-cols-4' : 'grid-cols-2 sm:grid-cols-3'}`}>
        {data.data.map((item) => (
          <ContentCard key={item._id} item={item} />
        ))}
      </div>
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}

/** Where a creator manages each type (the creator studio pages). */
export const MANAGE_PATH: Record<ContentType, string> = {
  video: '/creator/videos',
  reel: '/creator/reels',
  gallery: '/creator/galleries',
  product: '/creator/products',
  scene: '/creator/scenes',
  scenario: '/creator/scenarios',
};

/** On the creator's own profile: upload and manage buttons above a content tab. */
function OwnerBar({ type, creator }: { type: ContentType; creator: Creator }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  if (!user || user._id !== creator._id) return null;
  return (
    <div className="mb-4 flex flex-wrap items-center justify-end gap-2">
      <Link to={MANAGE_PATH[type]} className={buttonClasses('outline', 'sm')}>
        <Settings2 className="size-4" aria-hidden="true" /> {t(`catalogue.types.${type}.manage`)}
      </Link>
      <Link to={`${MANAGE_PATH[type]}?new=1`} className={buttonClasses('primary', 'sm')}>
        <Plus className="size-4" aria-hidden="true" /> {t(`catalogue.types.${type}.add`)}
      </Link>
    </div>
  );
}

function OwnedGrid({ type, creator }: { type: ContentType; creator: Creator }) {
  return (
    <>
      <OwnerBar type={type} creator={creator} />
      <ContentGrid type={type} query={{ performerId: key(creator) }} />
    </>
  );
}

type Creator = { _id: string; username?: string | null };
const key = (c: Creator) => c.username ?? c._id;
/** Profile tabs, one per type, mounted in features/profiles/slots.tsx. */
export function ProfileGalleriesTab({ creator }: { creator: Creator }) {
  return <OwnedGrid type="gallery" creator={creator} />;
}
export function ProfileVideosTab({ creator }: { creator: Creator }) {
  return <OwnedGrid type="video" creator={creator} />;
}
export function ProfileReelsTab({ creator }: { creator: Creator }) {
  return <OwnedGrid type="reel" creator={creator} />;
}
export function ProfileShopTab({ creator }: { creator: Creator }) {
  return <OwnedGrid type="product" creator={creator} />;
}
export function ProfileScenesTab({ creator }: { creator: Creator }) {
  return <OwnedGrid type="scene" creator={creator} />;
}
export function ProfileScenariosTab({ creator }: { creator: Creator }) {
  return <OwnedGrid type="scenario" creator={creator} />;
}
