import { describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer, buildSubscriptionEntitlement, buildUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { newId } from '../../db/ids';
import { addDays, now, setClockOffset } from '../../lib/clock';
import {
  access,
  accessMap,
  grant,
  grantRent,
  type Protectable,
  revoke,
  revokeAllFromCreator,
} from './entitlements.service';

const t = useTestApp();

function item(creatorId: string, visibility: Protectable['visibility'], objectId = newId()): Protectable {
  return { objectType: 'video', objectId, creatorId, visibility };
}
const viewer = (a: { user: { id: string; role: 'user' | 'performer' | 'admin' } }) => ({
  id: a.user.id,
  role: a.user.role,
});

describe('entitlements', () => {
  it('owner and admin see everything; strangers only free content', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const admin = await buildAdmin(app);
    const fan = await buildUser(app);
    const items = [item(creator.user.id, 'free'), item(creator.user.id, 'subscribers'), item(creator.user.id, 'sale')];
    for (const i of items) {
      expect((await access(app.ctx.db, viewer(creator), i)).canView).toBe(true);
      expect((await access(app.ctx.db, viewer(admin), i)).canView).toBe(true);
    }
    const fanAccess = await accessMap(app.ctx.db, viewer(fan), items);
    expect(items.map((i) => fanAccess.get(i.objectId)!.canView)).toEqual([true, false, false]);
    const anon = await accessMap(app.ctx.db, null, items);
    expect(items.map((i) => anon.get(i.objectId)!.canView)).toEqual([true, false, false]);
  });

  it('a subscription opens subscriber content until it ends, not for-sale content', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await buildSubscriptionEntitlement(app, fan.user.id, creator.user.id, addDays(now(), 30));
    const subs = item(creator.user.id, 'subscribers');
    const sale = item(creator.user.id, 'sale');
    const other = await buildPerformer(app);
    const otherSubs = item(other.user.id, 'subscribers');
    const map = await accessMap(app.ctx.db, viewer(fan), [subs, sale, otherSubs]);
    expect(map.get(subs.objectId)).toMatchObject({ canView: true, isSubscribed: true });
    expect(map.get(sale.objectId)!.canView).toBe(false);
    expect(map.get(otherSubs.objectId)!.canView).toBe(false);
    setClockOffset(31 * 86_400_000);
    expect((await access(app.ctx.db, viewer(fan), subs, now())).canView).toBe(false);
  });

  it('a purchase opens one item permanently; revocation closes it', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const sale = item(creator.user.id, 'sale');
    const g = { userId: fan.user.id, objectType: 'video', objectId: sale.objectId, creatorId: creator.user.id };
    await grant(app.ctx.db, { ...g, source: 'purchase', expiresAt: null });
    expect(await access(app.ctx.db, viewer(fan), sale)).toMatchObject({ canView: true, isBought: true });
    setClockOffset(3650 * 86_400_000);
    expect((await access(app.ctx.db, viewer(fan), sale, now())).canView).toBe(true);
    setClockOffset(0);
    await revoke(app.ctx.db, fan.user.id, 'video', sale.objectId);
    expect((await access(app.ctx.db, viewer(fan), sale)).canView).toBe(false);
  });

  it('a rent ends at expiry and renting again extends from the current end', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const scene = { ...item(creator.user.id, 'sale'), objectType: 'scene' };
    const g = { userId: fan.user.id, objectType: 'scene', objectId: scene.objectId, creatorId: creator.user.id };
    const first = await grantRent(app.ctx.db, { ...g, days: 2 });
    const second = await grantRent(app.ctx.db, { ...g, days: 2 });
    expect(second.expiresAt!.getTime() - first.expiresAt!.getTime()).toBe(2 * 86_400_000);
    setClockOffset(3 * 86_400_000);
    expect((await access(app.ctx.db, viewer(fan), scene, now())).canView).toBe(true);
    setClockOffset(5 * 86_400_000);
    expect((await access(app.ctx.db, viewer(fan), scene, now())).canView).toBe(false);
  });

  it('blocking revokes everything a fan holds from that creator only', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const other = await buildPerformer(app);
    const fan = await buildUser(app);
    await buildSubscriptionEntitlement(app, fan.user.id, creator.user.id, addDays(now(), 30));
    await buildSubscriptionEntitlement(app, fan.user.id, other.user.id, addDays(now(), 30));
    const revoked = await revokeAllFromCreator(app.ctx.db, fan.user.id, creator.user.id);
    expect(revoked).toHaveLength(1);
    expect((await access(app.ctx.db, viewer(fan), item(creator.user.id, 'subscribers'))).canView).toBe(false);
    expect((await access(app.ctx.db, viewer(fan), item(other.user.id, 'subscribers'))).canView).toBe(true);
  });
});
