import { idParamsSchema, type ViewAsClass, viewAsQuerySchema, viewAsSchema } from '@marquee/shared';
import type { App } from '../../app-type';
import type { Ctx } from '../../context';
import { newId } from '../../db/ids';
import type { Viewer } from '../entitlements';
import { creatorFeeds, presentFeeds } from '../feeds';
import { getPerformerPublic } from '../profiles';
import { adminActor } from './admin.common';

/**
 * "View as" without impersonation: the creator's profile and first page of posts
 * read through the same services fans use, with a viewer that is no account.
 * A visitor is no viewer at all; a follower and a subscriber are a throwaway id
 * (no purchases, no blocks), the subscriber's access answered as subscribed
 * (`previewSubscriberOf`). Nothing is written: no view counts, no follow rows.
 */
export async function viewAs(ctx: Ctx, creator: string, as: ViewAsClass) {
  const profile = await getPerformerPublic(ctx, creator, null);
  const preview: Viewer | null =
    as === 'visitor'
      ? null
      : { id: newId(), role: 'user', ...(as === 'subscriber' ? { previewSubscriberOf: profile._id } : {}) };
  const { data, total } = await creatorFeeds(ctx, null, profile._id, { page: 1, pageSize: 20 });
  return {
    as,
    profile: { ...profile, isFollowed: as !== 'visitor', isSubscribed: as === 'subscriber' },
    feeds: { data: await presentFeeds(ctx, preview, data), total },
  };
}

export default async function adminViewAsRoutes(app: App) {
  app.get(
    '/admin/users/:id/view-as',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Admin: a creator's profile and posts as a visitor, a follower or a subscriber sees them (no impersonation, nothing written)",
        params: idParamsSchema,
        querystring: viewAsQuerySchema,
        response: { 200: viewAsSchema },
      },
    },
    async (req) => {
      adminActor(req);
      return viewAs(app.ctx, req.params.id, req.query.as);
    },
  );
}
