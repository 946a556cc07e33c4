import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { mailOutbox, users } from '../../db/schema';
import { setClockOffset } from '../../lib/clock';

// A suspended account cannot sign in, yet may appeal its suspension (DSA Art. 20): the statement
// mail carries a signed link that shows the statement and takes the appeal without signing in.
const t = useTestApp();
type App = ReturnType<typeof t>['app'];
afterEach(() => setClockOffset(0));

async function statementLink(app: App, email: string) {
  const [mail] = await app.ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'statement-of-reasons')));
  const m = /\/appeal\/([^\s]+)/.exec(mail?.text ?? '');
  expect(m, mail?.text).not.toBeNull();
  return m![1];
}

describe('appeal of a suspended account through the statement mail’s link', () => {
  it('the suspended fan reads the statement and appeals without signing in; another admin reverses', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const other = await buildAdmin(app);
    const fan = await buildUser(app);
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${fan.user.id}/suspend`,
      headers: admin.auth,
      payload: { reason: 'Harassing creators' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Signed out and unable to sign in: the account's own page is out of reach.
    expect((await app.inject({ url: '/api/decisions', headers: fan.auth })).statusCode).toBe(401);
    const token = await statementLink(app, fan.user.email!);

    const shown = await app.inject({ url: `/api/decision-links/${token}` });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ kind: 'suspension', facts: 'Harassing creators', canAppeal: true });
    const filed = await app.inject({
      method: 'POST',
      url: `/api/decision-links/${token}/appeal`,
      payload: { text: 'Those messages were not mine' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json()).toMatchObject({ canAppeal: false, appeal: { state: 'open' } });
    const again = await app.inject({
      method: 'POST',
      url: `/api/decision-links/${token}/appeal`,
      payload: { text: 'Once more, not mine' },
    });
    expect(again.json().code).toBe('ALREADY_APPEALED');

    const [appeal] = (await app.inject({ url: '/api/admin/appeals?state=open', headers: other.auth })).json().data;
    expect(appeal.user._id).toBe(fan.user.id);
    const decided = await app.inject({
      method: 'POST',
      url: `/api/admin/appeals/${appeal._id}/decide`,
      headers: other.auth,
      payload: { outcome: 'reversed', reply: 'Mistaken identity' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const [u] = await app.ctx.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(u.status).toBe('active');
    expect((await app.inject({ url: `/api/decision-links/${token}` })).json()).toMatchObject({
      state: 'reversed',
      appeal: { state: 'reversed', reply: 'Mistaken identity' },
    });
  });

  it('a forged link is 404, and after the six months the link answers 410', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const fan = await buildUser(app);
    await app.inject({
      method: 'POST',
      url: `/api/admin/users/${fan.user.id}/suspend`,
      headers: admin.auth,
      payload: { reason: 'Spam messages' },
    });
    const token = await statementLink(app, fan.user.email!);
    const [id, exp, sig] = token.split('~');
    const forged = `${id}~${Number(exp) + 86_400 * 365}~${sig}`;
    expect((await app.inject({ url: `/api/decision-links/${forged}` })).statusCode).toBe(404);
    const other = `${crypto.randomUUID()}~${exp}~${sig}`;
    expect((await app.inject({ url: `/api/decision-links/${other}` })).statusCode).toBe(404);
    setClockOffset(185 * 86_400_000);
    const late = await app.inject({
      method: 'POST',
      url: `/api/decision-links/${token}/appeal`,
      payload: { text: 'Late but still trying' },
    });
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('LINK_EXPIRED');
  });

  it('where a rule asks for age assurance, an unassured account still reads its decisions, the link and the figures', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const rule = await app.inject({
      method: 'POST',
      url: '/api/admin/jurisdictions',
      headers: admin.auth,
      payload: {
        country: 'GB',
        region: '',
        action: 'assurance',
        effectiveFrom: '2025-01-01',
        law: 'Online Safety Act',
      },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const fan = await buildUser(app);
    const GB = '81.2.69.142';
    await app.inject({
      method: 'POST',
      url: `/api/admin/users/${fan.user.id}/suspend`,
      headers: admin.auth,
      payload: { reason: 'Spam messages' },
    });
    const token = await statementLink(app, fan.user.email!);
    // The content is gated from there…
    const gated = await app.inject({ url: '/api/performers', remoteAddress: GB });
    expect(gated.json().code).toBe('AGE_ASSURANCE_REQUIRED');
    // …the statement, the appeal and the transparency figures are not.
    expect((await app.inject({ url: `/api/decision-links/${token}`, remoteAddress: GB })).statusCode).toBe(200);
    const filed = await app.inject({
      method: 'POST',
      url: `/api/decision-links/${token}/appeal`,
      remoteAddress: GB,
      payload: { text: 'I never sent spam' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect((await app.inject({ url: '/api/transparency', remoteAddress: GB })).statusCode).toBe(200);
    const other = await buildUser(app);
    expect((await app.inject({ url: '/api/decisions', headers: other.auth, remoteAddress: GB })).statusCode).toBe(200);
  });
});
