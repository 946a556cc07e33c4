import type { Ctx } from '../../context';
import { listCategories, sitemapItems } from '../content';

export async function sitemap(ctx: Ctx, type: 'scene' | 'scenario', page: number, pageSize: number) {
  const { rows, total } = await sitemapItems(ctx.db, type, ctx.now(), pageSize, (page - 1) * pageSize);
  return {
    data: rows.map((r) => ({ _id: r.id, slug: r.slug, title: r.title, updatedAt: r.updatedAt.toISOString() })),
    total,
  };
}

export async function searchCategories(ctx: Ctx, q: { page: number; pageSize: number; q?: string }) {
  const { rows, total } = await listCategories(ctx.db, q.q, q.pageSize, (q.page - 1) * q.pageSize);
  return {
    data: rows.map((c) => ({
      _id: c.id,
      name: c.name,
      slug: c.slug,
      description: c.description,
      position: c.position,
    })),
    total,
  };
}
