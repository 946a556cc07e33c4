import type { ContentType, ContentWrite } from '@marquee/shared';
import type { App } from '../src/app';
import { newId } from '../src/db/ids';
import { KINDS } from '../src/modules/content/content.kinds';
import { insertCategory } from '../src/modules/content/content.repo';
import { createItem } from '../src/modules/content/content.service';
import type { Actor } from './factories';
import { buildMedia, multipartBody } from './factories.media';

/** The media an active item of each type needs, built for real (photos and videos with stored files). */
export async function mediaFor(app: App, ownerId: string, type: ContentType): Promise<Partial<ContentWrite>> {
  switch (type) {
    case 'video':
    case 'scene':
    case 'scenario': {
      const [video, teaser, thumb] = await Promise.all([
        buildMedia(app, ownerId, { kind: 'video' }),
        buildMedia(app, ownerId, { kind: 'video' }),
        buildMedia(app, ownerId, { kind: 'photo' }),
      ]);
      return { videoId: video.id, teaserId: teaser.id, thumbnailId: thumb.id };
    }
    case 'reel':
      return { videoId: (await buildMedia(app, ownerId, { kind: 'video' })).id };
    case 'product': {
      const [image, file] = await Promise.all([
        buildMedia(app, ownerId, { kind: 'photo' }),
        buildMedia(app, ownerId, { kind: 'photo' }),
      ]);
      return { imageIds: [image.id], fileId: file.id, productType: 'digital' };
    }
    default:
      return {};
  }
}

/** An item of any catalogue type through the real service: `buildContent(app, creator, 'video', { price: 5 })`. */
export async function buildContent(app: App, creator: Actor, type: ContentType, overrides: Partial<ContentWrite> = {}) {
  const media = await mediaFor(app, creator.user.id, type);
  return createItem(
    app.ctx,
    KINDS[type],
    { id: creator.user.id, role: creator.user.role },
    {
      title: `A ${type} ${newId().slice(-6)}`,
      description: 'Made by a test',
      tags: ['test'],
      status: 'active',
      ...(KINDS[type].defaultVisibility === 'sale' ? { price: 9.99 } : {}),
      ...(type === 'product' ? { productType: 'digital' as const } : {}),
      ...media,
      ...overrides,
    },
  );
}

export function buildCategory(app: App, name = `Category ${newId().slice(-6)}`) {
  return insertCategory(app.ctx.db, { id: newId(), name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-') });
}

/** A multipart request signed in as `actor`: `app.inject({ method: 'POST', url, ...multipartAs(creator, files, fields) })`. */
export function multipartAs(actor: Actor, ...args: Parameters<typeof multipartBody>) {
  const body = multipartBody(...args);
  return { payload: body.payload, headers: { ...actor.auth, ...body.headers } };
}
