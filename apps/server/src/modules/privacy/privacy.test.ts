import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { type Actor, buildAdmin, buildPerformer, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { buildContent } from '../../../test/factories.catalogue';
import { buildMedia } from '../../../test/factories.media';
import { buildConversation, sendMessage } from '../../../test/factories.messages';
import { fundWallet } from '../../../test/factories.money';
import { buildFollow, buildUserBlock } from '../../../test/factories.profiles';
import { buildPushSubscription } from '../../../test/factories.push';
import { useTestApp } from '../../../test/harness';
import { setClockOffset } from '../../lib/clock';
import { storageFor } from '../../lib/storage';
import { verifyLedger } from '../ledger/ledger.service';
import { chargeWallet } from '../wallet/charges.service';
import { EXPORT_PARTS, NOT_EXPORTED } from './privacy.export.tables';
import { rows, textColumns } from './privacy.repo';

const t = useTestApp({ jobs: true });

/** A fan and a creator who talk and follow (no media: no ffmpeg needed). */
async function people() {
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
  const conversation = await buildConversation(app, fan.user.id, creator.user.id);
  await sendMessage(app, fan, conversation.id, { text: `Hi ${creator.user.name}, I am ${fan.user.username}` });
  await sendMessage(app, creator, conversation.id, {
    text: `Thanks ${fan.user.name}! Mail me at ${creator.user.email}`,
  });
  await buildFollow(app, fan.user.id, creator.user.id);
  await buildPushSubscription(app, fan.user.id);
  return { app, creator, fan, conversation };
}

/** A fan and a creator who did a bit of everything together. */
async function world() {
  const { app, creator, fan, conversation } = await people();
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

/** The export of an account, downloaded and unzipped. */
async function exportOf(actor: Actor) {
  const { app } = t();
  const done = await readyExport(actor);
  return unzip((await app.inject({ method: 'GET', url: done.downloadUrl! })).rawPayload);
}

const allText = (files: Map<string, Buffer>) =>
  [...files.entries()]
    .filter(([k]) => !k.startsWith('media/'))
    .map(([, v]) => v.toString())
    .join('\n');

describe('what an export holds (issue 23 item 15)', () => {
  it("holds the person's own data, never another person's report, private block reason or deleted message", async () => {
    const { app, fan, creator, conversation } = await people();
    const tag = Math.random().toString(36).slice(2, 8);
    const reportText = `Reporter statement ${tag}`;
    const blockReason = `Private block reason ${tag}`;
    const deletedText = `Deleted words ${tag}`;
    const report = await app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: fan.auth,
      payload: { targetType: 'performer', targetId: creator.user.id, reason: 'spam', description: reportText },
    });
    expect(report.statusCode, report.body).toBe(201);
    const sent = await sendMessage(app, creator, conversation.id, { text: deletedText });
    const del = await app.inject({ method: 'DELETE', url: `/api/messages/${sent._id}`, headers: creator.auth });
    expect(del.statusCode, del.body).toBe(200);
    await buildUserBlock(app, creator.user.id, fan.user.id, blockReason);

    // The reported creator: no report about them, not the reporter's words; their own block reason and message are theirs.
    const mine = await exportOf(creator);
    expect(mine.has('data/reports.json')).toBe(false);
    expect(allText(mine)).not.toContain(reportText);
    expect(JSON.parse(mine.get('data/user_blocks.json')!.toString())).toEqual([
      expect.objectContaining({ user_id: fan.user.id, reason: blockReason }),
    ]);
    expect(JSON.parse(mine.get('messages.json')!.toString()).map((m: { text: string }) => m.text)).toContain(
      deletedText,
    );

    // The blocked fan: not the creator's private reason, not the message its sender deleted; its own report is there.
    const theirs = await exportOf(fan);
    const text = allText(theirs);
    expect(text).not.toContain(blockReason);
    expect(text).not.toContain(deletedText);
    expect(theirs.has('data/user_blocks.json')).toBe(false);
    expect(JSON.parse(theirs.get('data/reports.json')!.toString())).toEqual([
      expect.objectContaining({ target_id: creator.user.id, description: reportText }),
    ]);
    const messages = JSON.parse(theirs.get('messages.json')!.toString()) as Array<{ text: string }>;
    expect(messages.map((m) => m.text)).toEqual([
      `Hi ${creator.user.name}, I am ${fan.user.username}`,
      `Thanks ${fan.user.name}! Mail me at ${creator.user.email}`,
    ]);
  });

  it('every table is either exported by the allow-list or named as not exported, and every listed column exists', async () => {
    const { app } = t();
    const tables = await rows(
      app.ctx.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const decided = new Set([...EXPORT_PARTS.map((p) => p.table), ...Object.keys(NOT_EXPORTED)]);
    expect(tables.map((r) => String(r.name)).filter((n) => !decided.has(n))).toEqual([]);
    const columns = await rows(
      app.ctx.db,
      sql`select table_name || '.' || column_name as name from information_schema.columns where table_schema = 'public'`,
    );
    const known = new Set(columns.map((c) => String(c.name)));
    const missing = EXPORT_PARTS.flatMap((p) => p.columns.map((c) => `${p.table}.${c}`)).filter((c) => !known.has(c));
    expect(missing).toEqual([]);
    // Secrets are never on the list.
    const secret = /password_hash|totp_secret|token|credentials|sealed|stream_key|endpoint|^auth$|p256dh|idempotency/;
    expect(EXPORT_PARTS.flatMap((p) => p.columns.filter((c) => secret.test(c)).map((c) => `${p.table}.${c}`))).toEqual(
      [],
    );
  });
});

describe('one open export per account (issue 23 item 17)', () => {
  it('30 concurrent requests start one export; the others get a 409 naming the open export, never a 5xx', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => app.inject({ method: 'POST', url: '/api/privacy/exports', headers: fan.auth })),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200)).toEqual(Array(29).fill(409));
    const refused = answers.find((r) => r.statusCode === 409)!.json();
    expect(refused.code).toBe('EXPORT_IN_PROGRESS');
    const made = await rows(app.ctx.db, sql`select id from data_exports where user_id = ${fan.user.id}`);
    expect(made).toHaveLength(1);
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
    // A verified creator is on record (§2257): only the records store keeps their name and former username.
    const left = await whereItStillIs([creator.user.email!, creator.user.username!, creator.user.name]);
    expect(left.filter((l) => !l.startsWith('records_2257_people.'))).toEqual([]);
    expect(left.sort()).toEqual([
      `records_2257_people.aliases holds ${creator.user.username}`,
      `records_2257_people.legal_name holds ${creator.user.name}`,
    ]);
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
