import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { contactMessages, mailOutbox } from '../../db/schema';

const t = useTestApp({ env: { ADMIN_EMAIL: 'owner@marquee.test' } });
const message = { name: 'Ann Fan', email: 'ann@example.test', message: 'Is there a yearly plan?' };

describe('POST /contact', () => {
  it('stores the message and mails it to the site admin through the outbox', async () => {
    const { app } = t();
    const res = await app.inject({ method: 'POST', url: '/api/contact', payload: message });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const stored = await app.ctx.db.select().from(contactMessages);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ...message, userId: null });
    const mails = await app.ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'owner@marquee.test', status: 'stored', template: 'contact' });
    expect(mails[0].subject).toBe('[Marquee] Contact from Ann Fan');
    expect(mails[0].text).toContain('Ann Fan <ann@example.test>');
    expect(mails[0].text).toContain('Is there a yearly plan?');
  });

  it('links the message to the signed-in sender', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    await app.inject({ method: 'POST', url: '/api/contact', payload: message, headers: fan.auth });
    const [stored] = await app.ctx.db.select().from(contactMessages);
    expect(stored.userId).toBe(fan.user.id);
  });

  it('refuses incomplete messages, naming the field, and stores nothing', async () => {
    const { app } = t();
    for (const [field, payload] of [
      ['body.name', { ...message, name: '  ' }],
      ['body.email', { ...message, email: 'ann' }],
      ['body.message', { name: 'Ann', email: 'ann@example.test' }],
    ] as const) {
      const res = await app.inject({ method: 'POST', url: '/api/contact', payload });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().details[0].field).toBe(field);
    }
    expect(await app.ctx.db.select().from(contactMessages)).toHaveLength(0);
    expect(await app.ctx.db.select().from(mailOutbox)).toHaveLength(0);
  });
});

describe('POST /re-captcha/verify without a secret', () => {
  it('says verification is disabled', async () => {
    const res = await t().app.inject({ method: 'POST', url: '/api/re-captcha/verify', payload: { token: 'anything' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, enabled: false, message: 'reCAPTCHA verification is disabled' });
  });

  it('still requires a token', async () => {
    const res = await t().app.inject({ method: 'POST', url: '/api/re-captcha/verify', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body\.token: /);
  });
});
