import type { ContentType, ContentVisibility, MediaKind } from '@marquee/shared';

export type MediaSlot = 'video' | 'teaser' | 'thumbnail' | 'file';

/**
 * What makes one content type different from the others. Everything else
 * (storage, rules, presentation, access) is the shared core.
 */
export interface ContentKind {
  type: ContentType;
  /** For messages: "Video not found". */
  label: string;
  visibilities: readonly ContentVisibility[];
  /** Single-file media slots it uses, and which media kind each holds. */
  slots: Partial<Record<MediaSlot, readonly MediaKind[]>>;
  /** Slots an active item must have filled. */
  requiredToPublish: readonly MediaSlot[];
  /** Holds a list of images (products). */
  images?: boolean;
  /** Can be rented for a period the creator sets. */
  rentable?: boolean;
  /** Uses scene/scenario categories. */
  categories?: boolean;
  /** A default visibility when the creator gives none. */
  defaultVisibility: ContentVisibility;
}

export const KINDS = {
  gallery: {
    type: 'gallery',
    label: 'Gallery',
    visibilities: ['free', 'subscribers', 'sale'],
    slots: {},
    requiredToPublish: [],
    defaultVisibility: 'subscribers',
  },
  video: {
    type: 'video',
    label: 'Video',
    visibilities: ['free', 'subscribers', 'sale'],
    slots: { video: ['video'], teaser: ['video'], thumbnail: ['photo'] },
    requiredToPublish: ['video'],
    defaultVisibility: 'subscribers',
  },
  reel: {
    type: 'reel',
    label: 'Reel',
    // reels have no wallet charge route: free or for subscribers only
    visibilities: ['free', 'subscribers'],
    slots: { video: ['video'], thumbnail: ['photo'] },
    requiredToPublish: ['video'],
    defaultVisibility: 'free',
  },
  scene: {
    type: 'scene',
    label: 'Scene',
    visibilities: ['free', 'subscribers', 'sale'],
    slots: { video: ['video'], teaser: ['video'], thumbnail: ['photo'] },
    requiredToPublish: ['video'],
    rentable: true,
    categories: true,
    defaultVisibility: 'sale',
  },
  scenario: {
    type: 'scenario',
    label: 'Scenario',
    visibilities: ['free', 'subscribers', 'sale'],
    slots: { video: ['video'], teaser: ['video'], thumbnail: ['photo'] },
    requiredToPublish: ['video'],
    rentable: true,
    categories: true,
    defaultVisibility: 'sale',
  },
  product: {
    type: 'product',
    label: 'Product',
    // a product is always sold; its store images are public, a digital file is for buyers
    visibilities: ['sale'],
    slots: { file: ['document', 'photo', 'video', 'audio'], thumbnail: ['photo'] },
    requiredToPublish: [],
    images: true,
    defaultVisibility: 'sale',
  },
} as const satisfies Record<ContentType, ContentKind>;
