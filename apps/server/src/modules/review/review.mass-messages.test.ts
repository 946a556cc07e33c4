import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer, buildSubscriptionEntitlement, buildUser } from '../../../test/factories';
import { buildMedia } from '../../../test/factories.media';
import { useTestApp } from '../../../test/harness';
import { messages, reviewItems } from '../../db/schema';
import { deliverMassMessage } from '../mass-messages/mass-messages.service';

const t = useTestApp({ jobs: true });

async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('review before publication: mass messages', () => {
  it('a mass message with paid media waits for review, is delivered once approved, never when rejected', async () => {
    const { app } = t();
    await app.ctx.settings.update({ adultSite: true }, null);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    await buildSubscriptionEntitlement(app, fan.user.id, creator.user.id, new Date(Date.now() + 86_400_000));
    const send = async (text: string) => {
      const photo = await buildMedia(app, creator.user.id);
      const res = await app.inject({
        method: 'POST',
        url: '/api/mass-messages',
        headers: creator.auth,
        payload: { audience: 'subscribers', text, fileIds: [photo.id], price: 5 },
      });
      expect(res.statusCode, res.body).toBe(202);
      return res.json()._id as string;
    };
    const approved = await send('approve me');
    const rejected = await send('reject me');
    const delivered = async () => (await app.ctx.db.select().from(messages)).filter((m) => m.massMessageId !== null);
    // the delivery job finds nothing approved to send (run here too, whatever the queue's timing)
    await deliverMassMessage(app.ctx, approved);
    await deliverMassMessage(app.ctx, rejected);
    expect(await delivered()).toHaveLength(0);

    const rowOf = async (id: string) =>
      (await app.ctx.db.select().from(reviewItems).where(eq(reviewItems.objectId, id)))[0];
    const decide = (id: string, body: object) =>
      app.inject({ method: 'POST', url: `/api/admin/review/${id}/decision`, headers: admin.auth, payload: body });
    expect((await decide((await rowOf(rejected)).id, { action: 'reject', reason: 'spam' })).statusCode).toBe(200);
    expect((await decide((await rowOf(approved)).id, { action: 'approve' })).statusCode).toBe(200);
    const sent = await waitFor(delivered, (rows) => rows.length > 0);
    expect(sent).toHaveLength(1);
    expect(sent[0].massMessageId).toBe(approved);
    const report = (
      await app.inject({ method: 'GET', url: `/api/mass-messages/${rejected}`, headers: creator.auth })
    ).json();
    expect(report.status).toBe('cancelled');
  });
});
