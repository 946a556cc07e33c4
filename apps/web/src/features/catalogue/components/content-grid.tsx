import type { ContentType } from '@marquee/shared';
import { PackageOpen } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, Pager, Skeleton } from '../../../components/ui';
import type { Query } from '../../../lib/api';
import { LABELS, useCatalogue } from '../api';
import { ContentCard } from './content-card';

const PAGE_SIZE = 12;

/** A paged grid of published items of one type (one creator's with performerId). */
export function ContentGrid({ type, query = {} }: { type: ContentType; query?: Query }) {
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
    return <EmptyState icon={PackageOpen} title={`No ${LABELS[type].many.toLowerCase()} yet`} />;
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

type Creator = { _id: string; username?: string | null };
const key = (c: Creator) => c.username ?? c._id;
/** Profile tabs, one per type, mounted in features/profiles/slots.tsx. */
export function ProfileGalleriesTab({ creator }: { creator: Creator }) {
  return <ContentGrid type="gallery" query={{ performerId: key(creator) }} />;
}
export function ProfileVideosTab({ creator }: { creator: Creator }) {
  return <ContentGrid type="video" query={{ performerId: key(creator) }} />;
}
export function ProfileReelsTab({ creator }: { creator: Creator }) {
  return <ContentGrid type="reel" query={{ performerId: key(creator) }} />;
}
export function ProfileShopTab({ creator }: { creator: Creator }) {
  return <ContentGrid type="product" query={{ performerId: key(creator) }} />;
}
export function ProfileScenesTab({ creator }: { creator: Creator }) {
  return <ContentGrid type="scene" query={{ performerId: key(creator) }} />;
}
export function ProfileScenariosTab({ creator }: { creator: Creator }) {
  return <ContentGrid type="scenario" query={{ performerId: key(creator) }} />;
}
