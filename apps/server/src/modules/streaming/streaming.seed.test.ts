import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { fundWallet } from '../../../test/factories.money';
import { useTestApp } from '../../../test/harness';
import { privateSessions, streams } from '../../db/schema';
import { seedStreaming } from '../../seed/streaming';
import { verifyLedger } from '../ledger/ledger.service';

const t = useTestApp();

describe('demo streaming data', () => {
  it("kai's ended group stream has chat history and earnings; a private show was billed; the books balance", async () => {
    const { app } = t();
    const kai = await buildPerformer(app, { username: 'kai' });
    await buildPerformer(app, { username: 'luna' });
    const jamie = await buildUser(app, { username: 'jamie' });
    const alex = await buildUser(app, { username: 'alex' });
    await fundWallet(app, jamie.user.id, 3000);
    await fundWallet(app, alex.user.id, 3000);
    await seedStreaming(app.ctx);

    const [stream] = await app.ctx.db.select().from(streams).where(eq(streams.performerId, kai.user.id));
    expect(stream).toMatchObject({ status: 'ended', type: 'group', durationSeconds: 1860 });
    expect((await app.inject({ method: 'GET', url: `/api/messages/stream/${stream.id}` })).statusCode).toBe(401);
    const chat = await app.inject({
      method: 'GET',
      url: `/api/messages/stream/${stream.id}?limit=25`,
      headers: jamie.auth,
    });
    expect(chat.json().total).toBe(5);
    expect(chat.json().data.some((m: { type: string }) => m.type === 'tip')).toBe(true);
    const stats = await app.inject({ method: 'GET', url: '/api/performer/earning/stats', headers: kai.auth });
    expect(stats.json().bySource).toContainEqual(expect.objectContaining({ source: 'stream' }));
    const [show] = await app.ctx.db.select().from(privateSessions).where(eq(privateSessions.performerId, kai.user.id));
    expect(show).toMatchObject({ status: 'ended', endReason: 'fan_left', minutesBilled: 1, totalChargedCents: 300 });
    // Picked by the private-show sampling: the live monitor's queue has it (docs/compliance.md).
    expect(show.sampledAt).toBeInstanceOf(Date);
    expect(show.sampleReviewedAt).toBeNull();
    expect((await verifyLedger(app.ctx.db)).ok).toBe(true);
  });
});
