import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { lastMailTo } from '../../../test/factories.accounts';
import { buildFeed, buildPoll } from '../../../test/factories.feeds';
import { fundWallet } from '../../../test/factories.money';
import { useTestApp } from '../../../test/harness';
import { withQueryTally } from '../../db/query-count';
import { notifications } from '../../db/schema';
import { msg } from '../../lib/i18n';
import { notify } from '../notifications/notifications.service';

const t = useTestApp();

async function tip(fan: { auth: { authorization: string } }, creatorId: string, key: string) {
  return t().app.inject({
    method: 'POST',
    url: `/api/wallet/charges/tip/${creatorId}`,
    headers: { ...fan.auth, 'idempotency-key': key },
    payload: { amount: 12, message: 'Loved it' },
  });
}

describe('notifications in the recipient’s language', () => {
  it('a German creator is told about a tip in German (stored, listed, mailed); an English one as before', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const german = await buildPerformer(app, { locale: 'de' });
    const english = await buildPerformer(app);
    await fundWallet(app, fan.user.id, 5000);
    expect((await tip(fan, german.user.id, 'tip-de')).statusCode).toBe(200);
    expect((await tip(fan, english.user.id, 'tip-en')).statusCode).toBe(200);

    const [stored] = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, german.user.id));
    expect(stored).toMatchObject({ title: 'Du hast ein Trinkgeld von 12.00 erhalten', body: 'Loved it' });
    const list = await app.inject({ method: 'GET', url: '/api/notifications', headers: german.auth });
    expect(list.json().data[0]).toMatchObject({ title: 'Du hast ein Trinkgeld von 12.00 erhalten', body: 'Loved it' });
    expect((await lastMailTo(app, german.user.email!)).mail.subject).toBe(
      '[Marquee] Du hast ein Trinkgeld von 12.00 erhalten',
    );

    const englishList = await app.inject({ method: 'GET', url: '/api/notifications', headers: english.auth });
    expect(englishList.json().data[0].title).toBe('You received a 12.00 tip');
    expect((await lastMailTo(app, english.user.email!)).mail.subject).toBe('[Marquee] You received a 12.00 tip');
  });

  it('one notice to readers of three languages: each row in its reader’s language, no query per reader', async () => {
    const { app } = t();
    const [de, es, en] = [
      await buildUser(app, { locale: 'de' }),
      await buildUser(app, { locale: 'es' }),
      await buildUser(app),
    ];
    const live = { kind: 'live' as const, title: msg('notify.live', { name: 'Luna' }), body: 'Late show' };
    const one = { queries: 0 };
    await withQueryTally(one, () => notify(app.ctx, [en.user.id], live));
    const three = { queries: 0 };
    await withQueryTally(three, () => notify(app.ctx, [de.user.id, es.user.id, en.user.id], live));
    expect(three.queries).toBe(one.queries);

    const titles = await app.ctx.db.select().from(notifications);
    const titleOf = (id: string) => titles.filter((n) => n.userId === id).map((n) => n.title);
    expect(titleOf(de.user.id)).toEqual(['Luna ist jetzt live']);
    expect(titleOf(es.user.id)).toEqual(['Luna está en directo']);
    expect(titleOf(en.user.id)).toEqual(['Luna is live now', 'Luna is live now']);
    expect(new Set(titles.map((n) => n.body))).toEqual(new Set(['Late show']));
  });
});

describe('account mails in the account’s language', () => {
  const forgot = (email: string, headers: Record<string, string> = {}) =>
    t().app.inject({ method: 'POST', url: '/api/auth/users/forgot', payload: { email }, headers });

  it('a Spanish account’s password reset mail is Spanish; an English account’s is unchanged', async () => {
    const { app } = t();
    const spanish = await buildUser(app, { locale: 'es', name: 'Ana', email: 'ana@example.test' });
    const english = await buildUser(app, { name: 'Bob', email: 'bob@example.test' });
    // The account's language wins over the browser's.
    await forgot(spanish.user.email!, { 'accept-language': 'de' });
    await forgot(english.user.email!);

    const es = await lastMailTo(app, 'ana@example.test');
    expect(es.mail.subject).toBe('Restablece tu contraseña de Marquee');
    expect(es.mail.text).toMatch(/^Hola, Ana:\n\nAlguien ha pedido restablecer la contraseña de tu cuenta\./);
    expect(es.mail.text).toContain('caduca en 1 hora');
    expect(es.mail.html).toContain('Restablecer mi contraseña</a>');
    expect(es.token).toBeTruthy();

    const en = await lastMailTo(app, 'bob@example.test');
    expect(en.mail.subject).toBe('Reset your Marquee password');
    expect(en.mail.text).toBe(
      `Hi Bob,\n\nSomeone asked to reset the password of your account. To choose a new one, open:\n${en.mail.text.split('\n')[3]}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this mail; your password stays as it is.`,
    );
    expect(en.mail.text.split('\n')[3]).toMatch(/\/auth\/reset-password\?token=/);
  });

  it('a new registration is mailed in the language its browser asked for', async () => {
    const { app } = t();
    await app.ctx.settings.update({ requireEmailVerification: true }, null);
    const reg = await app.inject({
      method: 'POST',
      url: '/api/auth/users/register',
      headers: { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5' },
      payload: { username: 'novo_fa', email: 'novo@example.test', password: 'a-long-enough-secret-9' },
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const { mail, token } = await lastMailTo(app, 'novo@example.test');
    expect(mail.subject).toBe('Confirme seu endereço de e-mail para Marquee');
    expect(mail.text).toContain('Confirme seu endereço de e-mail abrindo este link:');
    expect(token).toBeTruthy();
  });
});

describe('API errors in the reader’s language', () => {
  it('a French account gets French messages; status, error, code and fields stay as they are', async () => {
    const { app } = t();
    const french = await buildUser(app, { locale: 'fr' });
    const creator = await buildPerformer(app);
    const missing = await app.inject({
      method: 'POST',
      url: `/api/notifications/${randomUUID()}/read`,
      headers: french.auth,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      error: 'Not Found',
      code: 'NOT_FOUND',
      message: 'Notification introuvable',
    });

    const broke = await tip(french, creator.user.id, 'tip-fr');
    expect(broke.statusCode).toBe(402);
    expect(broke.json()).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'Solde insuffisant, veuillez recharger votre portefeuille',
    });

    const invalid = await app.inject({
      method: 'PUT',
      url: '/api/users/me/locale',
      headers: french.auth,
      payload: { locale: 'xx' },
    });
    expect(invalid.statusCode).toBe(400);
    const body = invalid.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details[0].field).toBe('body.locale');
    expect(body.details[0].message).toMatch(/^Option invalide : une valeur parmi .*"pt-BR" est attendue$/);
    expect(body.message).toBe(`body.locale: ${body.details[0].message}`);
  });

  it('errors thrown with a catalogue key are answered by key: German and Spanish, English byte for byte', async () => {
    const { app } = t();
    /** A new poll on a post of the creator's; the voter votes for option i. */
    const vote = async (who: { auth: Record<string, string> }, creatorId: string) => {
      const { poll, options } = await buildPoll(app, creatorId);
      await buildFeed(app, creatorId, { pollId: poll.id });
      return (i = 0) =>
        app.inject({ method: 'POST', url: `/api/user/feeds/vote/${options[i]!.id}`, headers: who.auth });
    };
    const german = await buildPerformer(app, { locale: 'de' });
    const own = await (await vote(german, german.user.id))();
    expect(own.json()).toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: 'Du kannst nicht in deiner eigenen Umfrage abstimmen',
    });
    const english = await buildPerformer(app, { locale: 'en' });
    expect((await (await vote(english, english.user.id))()).json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You cannot vote in your own poll',
    });
    const spanish = await buildUser(app, { locale: 'es' });
    const again = await vote(spanish, english.user.id);
    expect((await again()).statusCode).toBe(200);
    expect((await again(1)).json()).toMatchObject({
      statusCode: 409,
      code: 'POLL_ALREADY_VOTED',
      message: 'Ya has votado en esta encuesta',
    });
  });

  it('an English account is answered as before; a new language applies at once', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const url = `/api/notifications/${randomUUID()}/read`;
    const before = await app.inject({ method: 'POST', url, headers: { ...fan.auth, 'accept-language': 'fr' } });
    // The account has no language yet: the browser's is used.
    expect(before.json().message).toBe('Notification introuvable');
    await app.inject({ method: 'PUT', url: '/api/users/me/locale', headers: fan.auth, payload: { locale: 'en' } });
    const english = await app.inject({ method: 'POST', url, headers: { ...fan.auth, 'accept-language': 'fr' } });
    expect(english.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Notification not found' });
    await app.inject({ method: 'PUT', url: '/api/users/me/locale', headers: fan.auth, payload: { locale: 'de' } });
    const german = await app.inject({ method: 'POST', url, headers: fan.auth });
    expect(german.json().message).toBe('Benachrichtigung nicht gefunden');
  });

  it('without an account, the Accept-Language header decides; without one, English', async () => {
    const { app } = t();
    const de = await app.inject({ method: 'GET', url: '/api/notifications', headers: { 'accept-language': 'de-AT' } });
    expect(de.json()).toMatchObject({
      statusCode: 401,
      code: 'UNAUTHORIZED',
      message: 'Melde dich an, um fortzufahren',
    });
    const none = await app.inject({ method: 'GET', url: '/api/notifications' });
    expect(none.json().message).toBe('Sign in to continue');
  });
});
