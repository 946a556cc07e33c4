import { describe, expect, it } from 'vitest';
import { buildAdmin, buildUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { addDays, now } from '../../lib/clock';
import { insertPromo } from './cms.repo';
import { sanitizeCmsHtml } from './cms.sanitize';
import { ensureDefaultPages } from './cms.service';

const t = useTestApp();

describe('sanitizer', () => {
  it('strips scripts, event handlers, javascript: links and comments, keeps allowed tags', () => {
    const dirty =
      '<h2 onclick="x()">Title</h2><!-- secret note --><script>alert(1)</script><p>Hi <a href="javascript:alert(1)">bad</a> <a href="https://ok.example" target="_blank">ok</a></p><iframe src="https://evil"></iframe><style>p{}</style><img src="x" onerror="y()">';
    const clean = sanitizeCmsHtml(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|secret note|iframe|javascript:|<style|<!--/);
    expect(clean).toContain('<h2>Title</h2>');
    expect(clean).toContain('<a href="https://ok.example" target="_blank" rel="noopener noreferrer">ok</a>');
  });
});

describe('CMS pages', () => {
  it('serves the seeded default pages by slug and by id', async () => {
    const { app } = t();
    await ensureDefaultPages(app.ctx);
    await ensureDefaultPages(app.ctx); // idempotent
    const list = await app.inject({ method: 'GET', url: '/api/posts/search' });
    expect(list.json().data.map((p: { slug: string }) => p.slug)).toEqual([
      'terms-of-service',
      'privacy-policy',
      '2257',
      'faq',
    ]);
    const terms = await app.inject({ method: 'GET', url: '/api/posts/terms-of-service' });
    expect(terms.statusCode).toBe(200);
    expect(terms.json()).toMatchObject({ slug: 'terms-of-service', title: 'Terms of service', status: 'published' });
    expect(terms.json().content).toContain('<h2>');
    const byId = await app.inject({ method: 'GET', url: `/api/posts/${terms.json()._id}` });
    expect(byId.json().slug).toBe('terms-of-service');
    expect((await app.inject({ method: 'GET', url: '/api/posts/no-such-page' })).statusCode).toBe(404);
    const sitemap = await app.inject({ method: 'GET', url: '/api/posts/sitemaps' });
    expect(sitemap.json().data[0]).toMatchObject({ path: '/page/terms-of-service' });
  });

  it('lets admins create and edit pages, sanitizing HTML, and hides drafts from others', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const fan = await buildUser(app);
    const payload = {
      slug: 'about',
      title: 'About us',
      content: '<p>Hello</p><script>evil()</script>',
      status: 'draft',
    };
    expect((await app.inject({ method: 'POST', url: '/api/posts', headers: fan.auth, payload })).statusCode).toBe(403);
    const created = await app.inject({ method: 'POST', url: '/api/posts', headers: admin.auth, payload });
    expect(created.statusCode).toBe(201);
    expect(created.json().content).toBe('<p>Hello</p>');
    expect((await app.inject({ method: 'POST', url: '/api/posts', headers: admin.auth, payload })).statusCode).toBe(
      409,
    );
    expect((await app.inject({ method: 'GET', url: '/api/posts/about' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/posts/about', headers: admin.auth })).statusCode).toBe(200);
    const edited = await app.inject({
      method: 'PUT',
      url: '/api/posts/about',
      headers: admin.auth,
      payload: { status: 'published', title: 'About' },
    });
    expect(edited.json()).toMatchObject({ title: 'About', status: 'published', content: '<p>Hello</p>' });
    expect((await app.inject({ method: 'GET', url: '/api/posts/about' })).json().title).toBe('About');
  });
});

describe('site promos', () => {
  it('lists banners running now for a placement', async () => {
    const { app } = t();
    const at = now();
    await insertPromo(app.ctx.db, { title: 'Now', placement: 'home', startAt: addDays(at, -1), endAt: addDays(at, 1) });
    await insertPromo(app.ctx.db, { title: 'Always', placement: 'home', ordering: 2 });
    await insertPromo(app.ctx.db, { title: 'Expired', placement: 'home', endAt: addDays(at, -1) });
    await insertPromo(app.ctx.db, { title: 'Later', placement: 'home', startAt: addDays(at, 2) });
    await insertPromo(app.ctx.db, { title: 'Off', placement: 'home', status: 'inactive' });
    await insertPromo(app.ctx.db, { title: 'Elsewhere', placement: 'explore' });
    const res = await app.inject({ method: 'GET', url: '/api/site-promo/search?placement=home' });
    expect(res.json().data.map((p: { title: string }) => p.title)).toEqual(['Now', 'Always']);
    expect(res.json().total).toBe(2);
  });
});
