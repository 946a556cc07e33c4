import type { Notification, PayoutRequest } from '@marquee/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer } from '../../../test/factories';
import { earnThroughTips, requestPayout, setBankDetails } from '../../../test/factories.payouts';
import { useTestApp } from '../../../test/harness';
import { verifyLedger } from '../ledger/ledger.service';

const t = useTestApp();
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  expect((await verifyLedger(t().app.ctx.db)).ok).toBe(true);
});

async function listen(token: string) {
  const { app } = t();
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const socket = connect(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    transports: ['websocket'],
    query: { token },
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('auth/success', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
const next = <T>(s: Socket, event: string) => new Promise<T>((r) => s.once(event, r));

describe('payouts in realtime', () => {
  it('the creator is told of each change on their socket (the request itself and a notification); nobody else is', async () => {
    const { app } = t();
    await app.ctx.settings.update({ payoutHoldDays: 0 }, null);
    const creator = await buildPerformer(app);
    const other = await buildPerformer(app);
    const admin = await buildAdmin(app);
    await earnThroughTips(app, creator, [100]);
    await setBankDetails(app, creator);
    const [mine, theirs] = await Promise.all([listen(creator.token), listen(other.token)]);
    const leaked: string[] = [];
    theirs.on('payout/updated', () => leaked.push('payout/updated'));

    const created = next<PayoutRequest>(mine, 'payout/updated');
    const told = next<Notification>(mine, 'notification/new');
    const id = (await requestPayout(app, creator, 70)).json()._id;
    expect(await created).toMatchObject({ _id: id, status: 'pending', amount: 70 });
    expect(await told).toMatchObject({ kind: 'payout', title: 'Payout requested', link: '/creator/payouts' });

    const approved = next<PayoutRequest>(mine, 'payout/updated');
    await app.inject({
      method: 'POST',
      url: `/api/admin/payout-requests/${id}/approve`,
      headers: admin.auth,
      payload: {},
    });
    expect((await approved).status).toBe('approved');
    const paid = next<PayoutRequest>(mine, 'payout/updated');
    await app.inject({
      method: 'POST',
      url: `/api/admin/payout-requests/${id}/mark-paid`,
      headers: admin.auth,
      payload: { reference: 'RT-1' },
    });
    const p = await paid;
    expect(p).toMatchObject({ status: 'paid', reference: 'RT-1' });
    // the socket payload is the creator's view: masked
    expect(JSON.stringify(p.paymentAccountInfo)).not.toMatch(/DE89370400440532013000/);
    expect(leaked).toEqual([]);
  });
});
