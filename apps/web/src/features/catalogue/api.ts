import type { ContentItem, ContentType, ListResponse, MediaFile, Photo } from '@marquee/shared';
import useSWR from 'swr';
import { api, type Query } from '../../lib/api';

/** Where each type lives on the server (spec §7); the client, like the server, has one core. */
export const PATHS: Record<
  ContentType,
  {
    own: string;
    create: string;
    view: (id: string) => string;
    update: (id: string) => string;
    remove: (id: string) => string;
    search: string;
    get: (id: string) => string;
    charge?: string;
  }
> = {
  gallery: {
    own: '/performer/performer-assets/galleries/search',
    create: '/performer/performer-assets/galleries',
    view: (id) => `/performer/performer-assets/galleries/${id}/view`,
    update: (id) => `/performer/performer-assets/galleries/${id}`,
    remove: (id) => `/performer/performer-assets/galleries/${id}`,
    search: '/performer-assets/galleries/search',
    get: (id) => `/performer-assets/galleries/${id}`,
    charge: 'gallery',
  },
  video: {
    own: '/performer/performer-assets/videos/search',
    create: '/performer/performer-assets/videos/upload',
    view: (id) => `/performer/performer-assets/videos/${id}/view`,
    update: (id) => `/performer/performer-assets/videos/edit/${id}`,
    remove: (id) => `/performer/performer-assets/videos/${id}`,
    search: '/performer-assets/videos/search',
    get: (id) => `/performer-assets/videos/${id}`,
    charge: 'video',
  },
  reel: {
    own: '/performer-assets/performer/reels/search',
    create: '/performer-assets/performer/reels/upload',
    view: (id) => `/performer-assets/performer/reels/${id}/view`,
    update: (id) => `/performer-assets/performer/reels/edit/${id}`,
    remove: (id) => `/performer-assets/performer/reels/${id}`,
    search: '/performer-assets/user/reels/search',
    get: (id) => `/performer-assets/performer/reels/${id}`,
  },
  scene: {
    own: '/performer/scene',
    create: '/performer/scene',
    view: (id) => `/performer/scene/${id}`,
    update: (id) => `/performer/scene/${id}`,
    remove: (id) => `/performer/scene/${id}`,
    search: '/user/scene/search',
    get: (id) => `/user/scene/${id}`,
    charge: 'scene',
  },
  scenario: {
    own: '/performer/scenario',
    create: '/performer/scenario',
    view: (id) => `/performer/scenario/${id}`,
    update: (id) => `/performer/scenario/${id}`,
    remove: (id) => `/performer/scenario/${id}`,
    search: '/user/scenario/search',
    get: (id) => `/user/scenario/${id}`,
    charge: 'scenario',
  },
  product: {
    own: '/performer/performer-assets/products/search',
    create: '/performer/performer-assets/products',
    view: (id) => `/performer/performer-assets/products/${id}/view`,
    update: (id) => `/performer/performer-assets/products/${id}`,
    remove: (id) => `/performer/performer-assets/products/${id}`,
    search: '/performer-assets/products/search',
    get: (id) => `/performer-assets/products/${id}`,
    charge: 'product',
  },
};

export const LABELS: Record<ContentType, { one: string; many: string; page: string }> = {
  gallery: { one: 'Gallery', many: 'Galleries', page: '/gallery' },
  video: { one: 'Video', many: 'Videos', page: '/video' },
  reel: { one: 'Reel', many: 'Reels', page: '/reels' },
  scene: { one: 'Scene', many: 'Scenes', page: '/scene' },
  scenario: { one: 'Scenario', many: 'Scenarios', page: '/scenario' },
  product: { one: 'Product', many: 'Products', page: '/product' },
};

const withQuery = (path: string, q: Query) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `${path}?${s}` : path;
};

/** Published items of a type (a creator's with performerId). */
export function useCatalogue(type: ContentType, query: Query = {}) {
  return useSWR<ListResponse<ContentItem>>(withQuery(PATHS[type].search, query));
}
export function useItem(type: ContentType, id: string | undefined) {
  return useSWR<ContentItem>(id ? PATHS[type].get(id) : null);
}
/** The creator studio list: every status. */
export function useMyItems(type: ContentType, query: Query = {}) {
  return useSWR<ListResponse<ContentItem>>(withQuery(PATHS[type].own, query));
}
export function useMyItem(type: ContentType, id: string | undefined) {
  return useSWR<ContentItem>(id ? PATHS[type].view(id) : null);
}
export function usePhotos(galleryId: string | undefined, own = false) {
  const path = own ? '/performer/performer-assets/photos/search' : '/performer-assets/photos';
  return useSWR<ListResponse<Photo>>(galleryId ? `${path}?galleryId=${galleryId}&pageSize=100` : null);
}
export function useCategories() {
  return useSWR<ListResponse<{ _id: string; name: string; slug: string }>>('/scenario/category/search?pageSize=100');
}

const idem = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });

export const catalogueApi = {
  create: (type: ContentType, body: Record<string, unknown>) => api.post<ContentItem>(PATHS[type].create, body),
  /** Multipart create with files named after their slots (video, teaser, thumbnail, file, image). */
  createWithFiles: (type: ContentType, form: FormData, onProgress?: (p: number) => void) =>
    api.upload<ContentItem>(PATHS[type].create, form, { onProgress }),
  update: (type: ContentType, id: string, body: Record<string, unknown>) =>
    api.put<ContentItem>(PATHS[type].update(id), body),
  updateWithFiles: (type: ContentType, id: string, form: FormData, onProgress?: (p: number) => void) =>
    api.upload<ContentItem>(PATHS[type].update(id), form, { onProgress, method: 'PUT' }),
  remove: (type: ContentType, id: string) => api.delete(PATHS[type].remove(id)),
  buy: (type: ContentType, id: string, body: Record<string, unknown> = {}) =>
    api.post(`/wallet/charges/${PATHS[type].charge}/${id}`, body, idem()),
  rent: (type: 'scene' | 'scenario', id: string) => api.post(`/wallet/charges/rent/${type}/${id}`, {}, idem()),
  downloadLink: (id: string) =>
    api.get<{ downloadLink: string; expiresAt: string }>(`/performer-assets/products/${id}/download-link`),
  uploadPhotos: (galleryId: string, files: File[], onProgress?: (p: number) => void) => {
    const form = new FormData();
    for (const f of files) form.append('photo', f);
    return api.upload<ListResponse<Photo>>(`/performer/performer-assets/photos/upload?galleryId=${galleryId}`, form, {
      onProgress,
    });
  },
  setCover: (photoId: string) => api.post<Photo>(`/performer/performer-assets/photos/set-cover/${photoId}`, {}),
  reorder: (galleryId: string, ids: string[]) =>
    api.post<ListResponse<Photo>>('/performer/performer-assets/photos/reorder', { galleryId, ids }),
  deletePhoto: (photoId: string) => api.delete(`/performer/performer-assets/photos/${photoId}`),
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
export const tokens = (n: number) => `${n.toFixed(2)} tokens`;
