import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { buildContent } from '../../../test/factories.catalogue';
import { fundWallet } from '../../../test/factories.money';
import { useTestApp } from '../../../test/harness';
import { expectErrorShape } from '../../../test/route-checks';
import { auditLog, notifications } from '../../db/schema';

const t = useTestApp();

const address = {
  name: 'Alex Fan',
  country: 'US',
  state: 'TX',
  city: 'Austin',
  streetAddress: '1 Main St',
  zipCode: '78701',
};

describe('admin orders', () => {
  it('lists every order with filters and moves one along its statuses; buyer and creator are told; audited', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 10_000);
    const product = await buildContent(app, creator, 'product', {
      title: 'Signed poster',
      productType: 'physical',
      stock: 5,
      price: 12,
    });
    const home = (
      await app.inject({ method: 'POST', url: '/api/addresses/create', headers: fan.auth, payload: address })
    ).json();
    const bought = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/product/${product._id}`,
      headers: fan.auth,
      payload: { deliveryAddressId: home._id },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const orderId: string = bought.json().charge.orderId;

    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/orders?deliveryStatus=processing',
      headers: admin.auth,
    });
    expect(list.json()).toMatchObject({
      total: 1,
      data: [{ _id: orderId, title: 'Signed poster', user: { _id: fan.user.id }, performer: { _id: creator.user.id } }],
    });
    const number = list.json().data[0].orderNumber as string;
    const byNumber = await app.inject({ method: 'GET', url: `/api/admin/orders?q=${number}`, headers: admin.auth });
    expect(byNumber.json().total).toBe(1);
    const none = await app.inject({
      method: 'GET',
      url: '/api/admin/orders?deliveryStatus=shipping',
      headers: admin.auth,
    });
    expect(none.json().total).toBe(0);

    const noReason = await app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${orderId}/status`,
      headers: admin.auth,
      payload: { deliveryStatus: 'shipping' },
    });
    expect(expectErrorShape(noReason, 400).message).toMatch(/reason/);

    const shipped = await app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${orderId}/status`,
      headers: admin.auth,
      payload: { deliveryStatus: 'shipping', shippingCode: 'TRACK-1', reason: 'Creator asked support to update it' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ deliveryStatus: 'shipping', shippingCode: 'TRACK-1' });

    const told = async (userId: string) =>
      app.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'order')));
    expect((await told(fan.user.id)).map((n) => n.title)).toContain(`Your order ${number} is shipping`);
    expect((await told(creator.user.id)).map((n) => n.title)).toContain(
      `Order ${number} (Signed poster) is now shipping`,
    );

    const [entry] = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'order.status'));
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      targetId: orderId,
      before: { deliveryStatus: 'processing' },
      after: { deliveryStatus: 'shipping', shippingCode: 'TRACK-1' },
      reason: 'Creator asked support to update it',
    });

    const back = await app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${orderId}/status`,
      headers: admin.auth,
      payload: { deliveryStatus: 'processing', reason: 'Going back' },
    });
    expect(expectErrorShape(back, 409).code).toBe('INVALID_ORDER_STATUS');
    const missing = await app.inject({
      method: 'PUT',
      url: '/api/admin/orders/00000000-0000-4000-8000-000000000000/status',
      headers: admin.auth,
      payload: { deliveryStatus: 'delivered', reason: 'No such order' },
    });
    expect(missing.statusCode).toBe(404);
    const byFan = await app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${orderId}/status`,
      headers: fan.auth,
      payload: { deliveryStatus: 'delivered', reason: 'I say so' },
    });
    expect(byFan.statusCode).toBe(403);
  });
});
