import type { ContentItem, ContentType, MediaFile } from '@marquee/shared';
import { client } from '../../lib/api-client';
import type { ApiBody, ApiQuery, PathsFor } from '../../lib/api-contract';
import { useApi } from '../../lib/use-api';

/** Where each type lives on the server (spec §7); the client, like the server, has one core. */
export const PATHS = {
  gallery: {
    own: '/performer/performer-assets/galleries/search',
    create: '/performer/performer-assets/galleries',
    view: '/performer/performer-assets/galleries/{id}/view',
    update: '/performer/performer-assets/galleries/{id}',
    remove: '/performer/performer-assets/galleries/{id}',
    search: '/performer-assets/galleries/search',
    get: '/performer-assets/galleries/{id}',
  },
  video: {
    own: '/performer/performer-assets/videos/search',
    create: '/performer/performer-assets/videos/upload',
    view: '/performer/performer-assets/videos/{id}/view',
    update: '/performer/performer-assets/videos/edit/{id}',
    remove: '/performer/performer-assets/videos/{id}',
    search: '/performer-assets/videos/search',
    get: '/performer-assets/videos/{id}',
  },
  reel: {
    own: '/performer-assets/performer/reels/search',
    create: '/performer-assets/performer/reels/upload',
    view: '/performer-assets/performer/reels/{id}/view',
    update: '/performer-assets/performer/reels/edit/{id}',
    remove: '/performer-assets/performer/reels/{id}',
    search: '/performer-assets/user/reels/search',
    get: '/performer-assets/performer/reels/{id}',
  },
  scene: {
    own: '/performer/scene',
    create: '/performer/scene',
    view: '/performer/scene/{id}',
    update: '/performer/scene/{id}',
    remove: '/performer/scene/{id}',
    search: '/user/scene/search',
    get: '/user/scene/{id}',
  },
  scenario: {
    own: '/performer/scenario',
    create: '/performer/scenario',
    view: '/performer/scenario/{id}',
    update: '/performer/scenario/{id}',
    remove: '/performer/scenario/{id}',
    search: '/user/scenario/search',
    get: '/user/scenario/{id}',
  },
  product: {
    own: '/performer/performer-assets/products/search',
    create: '/performer/performer-assets/products',
    view: '/performer/performer-assets/products/{id}/view',
    update: '/performer/performer-assets/products/{id}',
    remove: '/performer/performer-assets/products/{id}',
    search: '/performer-assets/products/search',
    get: '/performer-assets/products/{id}',
  },
} as const satisfies Record<
  ContentType,
  {
    own: PathsFor<'get'>;
    create: PathsFor<'post'>;
    view: PathsFor<'get'>;
    update: PathsFor<'put'>;
    remove: PathsFor<'delete'>;
    search: PathsFor<'get'>;
    get: PathsFor<'get'>;
  }
>;

/** Where a type is bought (reels are not for sale) and rented (scenes and scenarios). */
const CHARGE_PATHS = {
  gallery: '/wallet/charges/gallery/{id}',
  video: '/wallet/charges/video/{id}',
  scene: '/wallet/charges/scene/{id}',
  scenario: '/wallet/charges/scenario/{id}',
  product: '/wallet/charges/product/{id}',
} as const satisfies Partial<Record<ContentType, PathsFor<'post'>>>;
const RENT_PATHS = {
  scene: '/wallet/charges/rent/scene/{id}',
  scenario: '/wallet/charges/rent/scenario/{id}',
} as const satisfies Partial<Record<ContentType, PathsFor<'post'>>>;

export const LABELS: Record<ContentType, { one: string; many: string; page: string }> = {
  gallery: { one: 'Gallery', many: 'Galleries', page: '/gallery' },
  video: { one: 'Video', many: 'Videos', page: '/video' },
  reel: { one: 'Reel', many: 'Reels', page: '/reels' },
  scene: { one: 'Scene', many: 'Scenes', page: '/scene' },
  scenario: { one: 'Scenario', many: 'Scenarios', page: '/scenario' },
  product: { one: 'Product', many: 'Products', page: '/product' },
};

/** The list query every type's search takes (the shared content core). */
export type ContentQuery = ApiQuery<'/performer-assets/videos/search'>;
/** What creating an item takes as JSON, and what editing one takes. */
export type ContentBody = ApiBody<'/performer/scene', 'post'>;
export type ContentPatch = ApiBody<'/performer/scene/{id}', 'put'>;
export type PurchaseBody = ApiBody<'/wallet/charges/product/{id}', 'post'>;

/** Published items of a type (a creator's with performerId). */
export function useCatalogue(type: ContentType, query: ContentQuery = {}) {
  return useApi(PATHS[type].search, { query });
}
export function useItem(type: ContentType, id: string | undefined) {
  return useApi(id ? PATHS[type].get : null, { path: { id: id ?? '' } });
}
/** The creator studio list: every status. */
export function useMyItems(type: ContentType, query: ContentQuery = {}) {
  return useApi(PATHS[type].own, { query });
}
export function useMyItem(type: ContentType, id: string | undefined) {
  return useApi(id ? PATHS[type].view : null, { path: { id: id ?? '' } });
}
export function usePhotos(galleryId: string | undefined, own = false) {
  const path = own ? '/performer/performer-assets/photos/search' : '/performer-assets/photos';
  return useApi(galleryId ? path : null, { query: { galleryId, pageSize: 100 } });
}
/** A creator's photos across galleries (their profile's Photos tab), newest first. */
export function useCreatorPhotos(creator: string) {
  return useApi('/performer-assets/photos/{performerId}', {
    path: { performerId: creator },
    query: { pageSize: 60, sortBy: 'createdAt', sort: 'desc' },
  });
}
export function useCategories() {
  return useApi('/scenario/category/search', { query: { pageSize: 100 } });
}

const idem = () => ({ 'Idempotency-Key': crypto.randomUUID() });

export const catalogueApi = {
  create: (type: ContentType, body: ContentBody) => client.post(PATHS[type].create, { body }),
  /** Multipart create with files named after their slots (video, teaser, thumbnail, file, image). */
  createWithFiles: (type: ContentType, form: FormData, onProgress?: (p: number) => void) =>
    client.upload(PATHS[type].create, form, { onProgress }),
  update: (type: ContentType, id: string, body: ContentPatch) => client.put(PATHS[type].update, { path: { id }, body }),
  updateWithFiles: (type: ContentType, id: string, form: FormData, onProgress?: (p: number) => void) =>
    client.uploadPut(PATHS[type].update, form, { path: { id }, onProgress }),
  remove: (type: ContentType, id: string) => client.delete(PATHS[type].remove, { path: { id } }),
  buy: (type: ContentType, id: string, body: PurchaseBody = {}) => {
    const path = type === 'reel' ? null : CHARGE_PATHS[type];
    if (!path) throw new Error(`${LABELS[type].many} are not for sale`);
    return client.post(path, { path: { id }, body, headers: idem() });
  },
  rent: (type: ContentType, id: string) => {
    const path = type === 'scene' || type === 'scenario' ? RENT_PATHS[type] : null;
    if (!path) throw new Error(`${LABELS[type].many} cannot be rented`);
    return client.post(path, { path: { id }, body: {}, headers: idem() });
  },
  downloadLink: (id: string) => client.get('/performer-assets/products/{id}/download-link', { path: { id } }),
  setCover: (photoId: string) =>
    client.post('/performer/performer-assets/photos/set-cover/{id}', { path: { id: photoId } }),
  reorder: (galleryId: string, ids: string[]) =>
    client.post('/performer/performer-assets/photos/reorder', { body: { galleryId, ids } }),
  deletePhoto: (photoId: string) => client.delete('/performer/performer-assets/photos/{id}', { path: { id: photoId } }),
};

/** The best picture to show for an item: its own poster, its cover, a store image, or a blurred preview. */
export function previewOf(item: ContentItem): string | undefined {
  const m: Array<MediaFile | null | undefined> = [item.thumbnail, item.images[0], item.video, item.teaser];
  for (const f of m) {
    const src = f?.thumbnail ?? f?.posterUrl ?? (f?.type === 'photo' ? f.url : undefined) ?? f?.blurredUrl;
    if (src) return src;
  }
  return undefined;
}
export { tokens } from '../wallet/api';
