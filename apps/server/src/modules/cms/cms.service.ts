import type { CmsPost, cmsPostBodySchema, cmsPostPatchSchema, PromoPlacement, SitePromo } from '@marquee/shared';
import type { z } from 'zod';
import type { Ctx } from '../../context';
import { isUuid, newId } from '../../db/ids';
import type { CmsPostRow, SitePromoRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { DEFAULT_PAGES } from './cms.defaults';
import {
  activePromos,
  allPromos,
  deletePostRow,
  deletePromo,
  findPost,
  findPromo,
  insertPost,
  insertPostIfMissing,
  insertPromo,
  searchPosts,
  slugTaken,
  updatePost,
  updatePromo,
} from './cms.repo';
import { sanitizeCmsHtml } from './cms.sanitize';

export function presentPost(row: CmsPostRow): CmsPost {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    type: row.type,
    shortDescription: row.shortDescription,
    // Sanitized on write; sanitized again on read so content stored before a rule change is safe too.
    content: sanitizeCmsHtml(row.content),
    status: row.status,
    ordering: row.ordering,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentPromo(row: SitePromoRow): SitePromo {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    placement: row.placement,
    ordering: row.ordering,
    startAt: row.startAt?.toISOString() ?? null,
    endAt: row.endAt?.toISOString() ?? null,
  };
}

/** Creates the default pages (terms, privacy, 2257, FAQ) that do not exist yet; never overwrites an admin's edits. */
export async function ensureDefaultPages(ctx: Pick<Ctx, 'db'>) {
  for (const p of DEFAULT_PAGES) {
    await insertPostIfMissing(ctx.db, { id: newId(), ...p, content: sanitizeCmsHtml(p.content), type: 'page' });
  }
}

/** A page by id or slug. Drafts are for admins only (404 for everyone else). */
export async function getPost(ctx: Pick<Ctx, 'db'>, idOrSlug: string, isAdmin: boolean): Promise<CmsPost> {
  const row = await findPost(ctx.db, idOrSlug);
  if (!row || (row.status !== 'published' && !isAdmin)) throw notFound('Page');
  return presentPost(row);
}

export async function listPosts(
  ctx: Pick<Ctx, 'db'>,
  q: {
    q?: string;
    type?: 'page' | 'post';
    page: number;
    pageSize: number;
    sortBy: 'ordering' | 'title' | 'updatedAt' | 'createdAt';
    sort: 'asc' | 'desc';
  },
  isAdmin: boolean,
) {
  const { rows, total } = await searchPosts(
    ctx.db,
    { q: q.q, type: q.type, includeDrafts: isAdmin },
    { by: q.sortBy, dir: q.sort },
    { limit: q.pageSize, offset: (q.page - 1) * q.pageSize },
  );
  return { data: rows.map(presentPost), total };
}

export async function postSitemap(ctx: Pick<Ctx, 'db'>) {
  const { rows, total } = await searchPosts(
    ctx.db,
    { includeDrafts: false },
    { by: 'ordering', dir: 'asc' },
    { limit: 1000, offset: 0 },
  );
  return { data: rows.map((r) => ({ path: `/page/${r.slug}`, updatedAt: r.updatedAt.toISOString() })), total };
}

type PostBody = z.infer<typeof cmsPostBodySchema>;

export async function createPost(ctx: Pick<Ctx, 'db'>, body: PostBody) {
  if (await slugTaken(ctx.db, body.slug)) throw conflict(msg('error.cms.slugTaken', { slug: body.slug }), 'SLUG_TAKEN');
  return presentPost(await insertPost(ctx.db, { ...body, content: sanitizeCmsHtml(body.content) }));
}

export async function editPost(
  ctx: Pick<Ctx, 'db' | 'now'>,
  idOrSlug: string,
  body: z.infer<typeof cmsPostPatchSchema>,
) {
  const existing = await findPost(ctx.db, idOrSlug);
  if (!existing) throw notFound('Page');
  if (body.slug && (await slugTaken(ctx.db, body.slug, existing.id))) {
    throw conflict(msg('error.cms.slugTaken', { slug: body.slug }), 'SLUG_TAKEN');
  }
  const row = await updatePost(ctx.db, existing.id, {
    ...body,
    ...(body.content !== undefined ? { content: sanitizeCmsHtml(body.content) } : {}),
    updatedAt: ctx.now(),
  });
  return presentPost(row!);
}

export async function searchPromos(
  ctx: Pick<Ctx, 'db' | 'now'>,
  q: { placement?: PromoPlacement; page: number; pageSize: number; sort: 'asc' | 'desc' },
) {
  const { rows, total } = await activePromos(
    ctx.db,
    q.placement,
    ctx.now(),
    { limit: q.pageSize, offset: (q.page - 1) * q.pageSize },
    q.sort,
  );
  return { data: rows.map(presentPromo), total };
}

// ---------- admin console (issue 11): promos CRUD and page removal ----------

export interface PromoInput {
  title: string;
  description: string;
  imageUrl: string | null;
  linkUrl: string | null;
  placement: PromoPlacement;
  status: 'active' | 'inactive';
  ordering: number;
  startAt: string | null;
  endAt: string | null;
}

type PromoRowInput = Omit<Partial<PromoInput>, 'startAt' | 'endAt'> & { startAt?: Date | null; endAt?: Date | null };
const toDate = (v: string | null | undefined) => (v === undefined ? undefined : v ? new Date(v) : null);
const promoRow = ({ startAt, endAt, ...rest }: Partial<PromoInput>): PromoRowInput => ({
  ...rest,
  ...(startAt !== undefined ? { startAt: toDate(startAt) } : {}),
  ...(endAt !== undefined ? { endAt: toDate(endAt) } : {}),
});

function assertDates(startAt: Date | null | undefined, endAt: Date | null | undefined) {
  if (startAt && endAt && endAt <= startAt) throw badRequest(msg('error.cms.promoDates'), 'INVALID_DATES');
}

export async function listAllPromos(ctx: Pick<Ctx, 'db'>, q: { page: number; pageSize: number }) {
  return allPromos(ctx.db, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
}

export async function createPromo(ctx: Pick<Ctx, 'db'>, input: PromoInput) {
  const row = promoRow(input);
  assertDates(row.startAt, row.endAt);
  return insertPromo(ctx.db, { ...input, startAt: row.startAt ?? null, endAt: row.endAt ?? null });
}

export async function editPromo(ctx: Pick<Ctx, 'db' | 'now'>, id: string, input: Partial<PromoInput>) {
  const before = isUuid(id) ? await findPromo(ctx.db, id) : null;
  if (!before) throw notFound('Promo');
  const row = promoRow(input);
  assertDates(
    row.startAt === undefined ? before.startAt : row.startAt,
    row.endAt === undefined ? before.endAt : row.endAt,
  );
  const after = await updatePromo(ctx.db, id, { ...row, updatedAt: ctx.now() });
  return { before, after: after! };
}

export async function removePromo(ctx: Pick<Ctx, 'db'>, id: string) {
  const row = isUuid(id) ? await deletePromo(ctx.db, id) : null;
  if (!row) throw notFound('Promo');
  return row;
}

export async function removePost(ctx: Pick<Ctx, 'db'>, id: string) {
  const existing = await findPost(ctx.db, id);
  if (!existing) throw notFound('Page');
  await deletePostRow(ctx.db, existing.id);
  return existing;
}

/** The row the admin pages present. */
export type { SitePromoRow } from '../../db/schema';
