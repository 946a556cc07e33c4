import {
  idParamsSchema,
  performerCardSchema,
  performerListSchema,
  performerPublicSchema,
  performerSearchQuerySchema,
  sitemapListSchema,
  trendingSchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { requestGeo } from '../../lib/geo';
import { readCtx } from '../../plugins/read-replica';
import { activityTracker } from './profiles.activity';
import './profiles.reactions';
import {
  getPerformerPublic,
  performerSitemap,
  randomCreators,
  searchCreators,
  topCreators,
  trending,
} from './profiles.service';

const tags = ['performers'];
const limitQuery = z.object({ limit: z.coerce.number().int().min(1).max(48).default(12) });

export default async function profilesRoutes(app: App) {
  await app.register(activityTracker);

  app.get(
    '/performers/user/search',
    {
      schema: {
        tags,
        summary:
          'Search creators: text over username, name and bio; filters for every profile option; sorts popular, newest, active, alphabetical, relevance',
        querystring: performerSearchQuerySchema.extend({ sort: z.enum(['asc', 'desc']).optional() }),
        response: { 200: performerListSchema },
      },
    },
    async (req) =>
      searchCreators(
        readCtx(app.ctx, req),
        { ...req.query, sort: req.query.sort ?? 'desc', sortDirection: req.query.sort },
        req.user,
        requestGeo(app.ctx.config, req),
      ),
  );

  app.get(
    '/performers/search/random',
    {
      schema: {
        tags,
        summary: 'A random handful of creators (for discovery blocks)',
        querystring: limitQuery,
        response: { 200: z.object({ data: z.array(performerCardSchema) }) },
      },
    },
    async (req) => ({
      data: await randomCreators(readCtx(app.ctx, req), req.query.limit, req.user, requestGeo(app.ctx.config, req)),
    }),
  );

  app.get(
    '/performers/top',
    {
      schema: {
        tags,
        summary: 'The most followed creators',
        querystring: limitQuery,
        response: { 200: z.object({ data: z.array(performerCardSchema) }) },
      },
    },
    async (req) => ({
      data: await topCreators(readCtx(app.ctx, req), req.query.limit, req.user, requestGeo(app.ctx.config, req)),
    }),
  );

  app.get(
    '/trending',
    {
      schema: {
        tags,
        summary: 'Creators and posts trending by engagement over the last 7 days (cached 5 minutes)',
        querystring: limitQuery,
        response: { 200: trendingSchema },
      },
    },
    async (req) => trending(readCtx(app.ctx, req), req.query.limit, req.user, requestGeo(app.ctx.config, req)),
  );

  app.get(
    '/performers/sitemaps',
    {
      schema: {
        tags,
        summary: 'Public creator profile paths for sitemaps',
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(5000).default(1000),
        }),
        response: { 200: sitemapListSchema },
      },
    },
    async (req) => performerSitemap(app.ctx, req.query.page, req.query.pageSize),
  );

  app.get(
    '/performers/:id',
    {
      schema: {
        tags,
        summary:
          "A creator's profile by id or username, as the viewer may see it (403 BLOCKED / COUNTRY_BLOCKED when the creator blocks the viewer)",
        params: idParamsSchema,
        response: { 200: performerPublicSchema },
      },
    },
    async (req) => getPerformerPublic(readCtx(app.ctx, req), req.params.id, req.user, requestGeo(app.ctx.config, req)),
  );
}
