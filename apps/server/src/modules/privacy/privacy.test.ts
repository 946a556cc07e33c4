import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { type Actor, buildAdmin, buildPerformer, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { buildContent } from '../../../test/factories.catalogue';
import { buildMedia } from '../../../test/factories.media';
import { buildConversation, sendMessage } from '../../../test/factories.messages';
import { fundWallet } from '../../../test/factories.money';
import { buildFollow } from '../../../test/factories.profiles';
import { buildPushSubscription } from '../../../test/factories.push';
import { useTestApp } from '../../../test/harness';
import { setClockOffset } from '../../lib/clock';
import { storageFor } from '../../lib/storage';
import { verifyLedger } from '../ledger/ledger.service';
import { chargeWallet } from '../wallet/charges.service';
import { rows, textColumns } from './privacy.repo';

const t = useTestApp({ jobs: true });

/** A fan and a creator who did a bit of everything together. */
async function world() {
  const { app } = t();
  const suffix = Math.random().toString(36).slice(2, 8);
  const creator = await buildPerformer(app, {
    username: `zelda_${suffix}`,
    name: `Zelda Quartz${suffix}`,
    email: `zelda.${suffix}@example.test`,
  });
  const fan = await buildUser(app, {
    username: `orla_${suffix}`,
    name: `Orla Pemberton${suffix}`,
    email: `orla.${suffix}@example.test`,
  });
  const video = await buildContent(app, creator, 'video', { visibility: 'sale', price: 5 });
  const fanPhoto = await buildMedia(app, fan.user.id, { kind: 'photo' });
  await fundWallet(app, fan.user.id, 10_000);
  await chargeWallet(app.ctx, { userId: fan.user.id, type: 'video', id: video._id });
  await chargeWallet(app.ctx, {
    userId: fan.user.id,
    type: 'tip',
    id: creator.user.id,
    amountCents: 1500,
    message: `From ${fan.user.name} with love`,
  });
  const conversation = await buildConversation(app, fan.user.id, creator.user.id);
  await sendMessage(app, fan, conversation.id, { text: `Hi ${creator.user.name}, I am ${fan.user.username}` });
  await sendMessage(app, creator, conversation.id, {
    text: `Thanks ${fan.user.name}! Mail me at ${creator.user.email}`,
  });
  await buildFollow(app, fan.user.id, creator.user.id);
  await buildPushSubscription(app, fan.user.id);
  return { app, creator, fan, video, fanPhoto, conversation };
}

function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

async function readyExport(actor: Actor, start = true) {
  const { app } = t();
  if (start) {
    const res = await app.inject({ method: 'POST', url: '/api/privacy/exports', headers: actor.auth });
    expect(res.statusCode, res.body).toBe(200);
  }
  let list: Array<{ status: string; progress: number; downloadUrl: string | null; expiresAt: string }> = [];
  await expect
    .poll(
      async () => {
        list = (await app.inject({ method: 'GET', url: '/api/privacy/exports', headers: actor.auth })).json().data;
        return list[0]?.status;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe('ready');
  return list[0];
}

/** Every text-like column of every table that still holds one of these strings. */
async function whereItStillIs(values: string[]) {
  const { app } = t();
  const found: string[] = [];
  for (const { table, column } of await textColumns(app.ctx.db)) {
    for (const v of values) {
      const [hit] = await rows(
        app.ctx.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text ilike ${`%${v}%`}`,
      );
      if (Number(hit.n) > 0) found.push(`${table}.${column} holds ${v}`);
    }
  }
  return found;
}

describe('personal data export', () => {
  it("prepares a ZIP in the background that opens and holds the account's data and files, behind a signed 7-day link", async () => {
    const { app, fan, creator, fanPhoto } = await world();
    const done = await readyExport(fan);
    expect(done.progress).toBe(100);
    expect(new Date(done.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    // The link works without a session (a download on another device), and only as signed.
    const res = await app.inject({ method: 'GET', url: done.downloadUrl! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = await unzip(res.rawPayload);

    const profile = JSON.parse(files.get('profile.json')!.toString());
    expect(profile.account).toMatchObject({ id: fan.user.id, email: fan.user.email, username: fan.user.username });
    expect(profile.account.password_hash).toBeUndefined();
    const messages = JSON.parse(files.get('messages.json')!.toString());
    expect(messages.map((m: { text: string }) => m.text)).toEqual([
      `Hi ${creator.user.name}, I am ${fan.user.username}`,
      `Thanks ${fan.user.name}! Mail me at ${creator.user.email}`,
    ]);
    const purchases = files.get('purchases.csv')!.toString();
    expect(purchases.split('\r\n')[0]).toContain('type');
    expect(purchases).toContain('video');
    expect(purchases).toContain(`From ${fan.user.name} with love`);
    const transactions = files.get('transactions.csv')!.toString().trim().split('\r\n');
    expect(transactions.length).toBeGreaterThanOrEqual(4); // header, top-up, purchase, tip
    expect(JSON.parse(files.get('data/follows.json')!.toString())[0]).toMatchObject({ creator_id: creator.user.id });
    expect(JSON.parse(files.get('data/push_subscriptions.json')!.toString())[0].auth).toBeUndefined();
    const stored = [...files.keys()].filter((k) => k.startsWith('media/'));
    expect(stored).toEqual([expect.stringContaining(`media/${fanPhoto.id}-`)]);
    expect(files.get(stored[0])!.subarray(0, 4).length).toBe(4);
    expect(files.get(stored[0])!.length).toBeGreaterThan(1000);

    // A creator's export adds its subscribers, earnings and content.
    const creatorExport = await readyExport(creator);
    const cfiles = await unzip((await app.inject({ method: 'GET', url: creatorExport.downloadUrl! })).rawPayload);
    expect(cfiles.has('earnings.csv')).toBe(true);
    expect(cfiles.has('subscribers.csv')).toBe(true);
    expect(JSON.parse(cfiles.get('data/content_items.json')!.toString())).toHaveLength(1);
    expect([...cfiles.keys()].filter((k) => k.startsWith('media/')).length).toBe(3);

    // Tampered or expired links do not open.
    const tampered = done.downloadUrl!.replace(/sig=.{4}/, 'sig=AAAA');
    expect((await app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    setClockOffset(8 * 24 * 3600 * 1000);
    expect((await app.inject({ method: 'GET', url: done.downloadUrl! })).statusCode).toBe(410);
    setClockOffset(0);
  });

  it('an admin can export a user (audited); others cannot see or start it', async () => {
    const { app, fan, creator } = await world();
    const admin = await buildAdmin(app);
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${fan.user.id}/data-export`,
      headers: admin.auth,
      payload: { reason: 'Subject access request by post' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await rows(app.ctx.db, sql`select * from audit_log where action = 'user.export'`);
    expect(entry).toMatchObject({
      actor_id: admin.user.id,
      target_id: fan.user.id,
      reason: 'Subject access request by post',
    });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/admin/users/${fan.user.id}/data-export`,
          headers: creator.auth,
          payload: { reason: 'nosy' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/privacy/exports', headers: creator.auth })).json().data,
    ).toEqual([]);
    await readyExport(fan, false);
  });
});

describe('erasure', () => {
  it('a fan erases itself: nothing of its e-mail, username or name is left in any table; the ledger keeps anonymised rows', async () => {
    const { app, fan, creator, fanPhoto } = await world();
    await readyExport(fan);
    const before = await rows(app.ctx.db, sql`select count(*)::int as n from ledger_entries`);
    const charges = await rows(app.ctx.db, sql`select id from wallet_charges where user_id = ${fan.user.id}`);

    const wrong = await app.inject({
      method: 'POST',
      url: '/api/privacy/erase',
      headers: fan.auth,
      payload: { password: 'nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('password');
    const res = await app.inject({
      method: 'POST',
      url: '/api/privacy/erase',
      headers: fan.auth,
      payload: { password: TEST_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().filesDeleted).toBeGreaterThan(0);

    expect(await whereItStillIs([fan.user.email!, fan.user.username!, fan.user.name])).toEqual([]);
    // The creator's own data is untouched.
    expect(await whereItStillIs([creator.user.email!])).not.toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: fan.auth })).statusCode).toBe(401);
    expect(await storageFor(app.ctx.config).stat(fanPhoto.variants.full.key)).toBeNull();
    expect(await rows(app.ctx.db, sql`select count(*)::int as n from ledger_entries`)).toEqual(before);
    expect(await rows(app.ctx.db, sql`select id from wallet_charges where user_id = ${fan.user.id}`)).toEqual(charges);
    expect((await verifyLedger(app.ctx.db)).ok).toBe(true);
    const [u] = await rows(
      app.ctx.db,
      sql`select username, email, password_hash, erased_at from users where id = ${fan.user.id}`,
    );
    expect(u).toMatchObject({ username: null, email: null, password_hash: null });
    expect(u.erased_at).not.toBeNull();
  });

  it('an admin erases a creator (audited): content and files go, so buyers lose access then; subscriptions stop', async () => {
    const { app, fan, creator, video } = await world();
    const admin = await buildAdmin(app);
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${creator.user.id}/erase`,
      headers: admin.auth,
      payload: { reason: 'Erasure request by e-mail' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await whereItStillIs([creator.user.email!, creator.user.username!, creator.user.name])).toEqual([]);
    expect(await rows(app.ctx.db, sql`select id from content_items where id = ${video._id}`)).toEqual([]);
    expect(await rows(app.ctx.db, sql`select id from entitlements where creator_id = ${creator.user.id}`)).toEqual([]);
    expect(await rows(app.ctx.db, sql`select id from media where owner_id = ${creator.user.id}`)).toEqual([]);
    const [entry] = await rows(app.ctx.db, sql`select * from audit_log where action = 'user.erase'`);
    expect(entry).toMatchObject({
      actor_id: admin.user.id,
      target_id: creator.user.id,
      reason: 'Erasure request by e-mail',
    });
    expect((await verifyLedger(app.ctx.db)).ok).toBe(true);
    // The fan is still there, with its purchase record.
    expect(
      await rows(app.ctx.db, sql`select type from wallet_charges where user_id = ${fan.user.id} order by type`),
    ).toEqual([{ type: 'tip' }, { type: 'video' }]);
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${creator.user.id}/erase`,
      headers: admin.auth,
      payload: { reason: 'twice' },
    });
    expect(again.statusCode).toBe(404);
  });
});
