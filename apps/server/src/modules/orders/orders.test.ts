import { afterEach, describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { fundWallet } from '../../../test/factories.money';
import { useTestApp } from '../../../test/harness';
import { newId } from '../../db/ids';
import { verifyLedger } from '../ledger/ledger.service';
import { registerPurchasable } from '../wallet/purchasables';

const t = useTestApp();
afterEach(async () => expect((await verifyLedger(t().app.ctx.db)).ok).toBe(true));

const address = {
  name: 'Alex Fan',
  country: 'US',
  state: 'TX',
  city: 'Austin',
  streetAddress: '1 Main St',
  zipCode: '78701',
  phone: '555-0100',
};

describe('addresses', () => {
  it('creates, lists (default first), edits and deletes only my own addresses', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const other = await buildUser(app);
    const a = await app.inject({ method: 'POST', url: '/api/addresses/create', headers: fan.auth, payload: address });
    expect(a.json()).toMatchObject({ city: 'Austin', isDefault: true });
    const b = await app.inject({
      method: 'POST',
      url: '/api/addresses/create',
      headers: fan.auth,
      payload: { ...address, city: 'Dallas', isDefault: true },
    });
    const list = await app.inject({ method: 'GET', url: '/api/addresses/search', headers: fan.auth });
    expect(list.json()).toMatchObject({
      total: 2,
      data: [
        { city: 'Dallas', isDefault: true },
        { city: 'Austin', isDefault: false },
      ],
    });
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/addresses/${a.json()._id}`,
          headers: other.auth,
          payload: address,
        })
      ).statusCode,
    ).toBe(404);
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/addresses/${a.json()._id}`,
      headers: fan.auth,
      payload: { ...address, city: 'Houston' },
    });
    expect(edited.json()).toMatchObject({ city: 'Houston' });
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/addresses/${b.json()._id}`, headers: other.auth })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/addresses/${b.json()._id}`, headers: fan.auth })).statusCode,
    ).toBe(200);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/addresses/create',
      headers: fan.auth,
      payload: { ...address, city: '' },
    });
    expect(missing.json()).toMatchObject({ statusCode: 400, message: 'body.city: City is required' });
  });
});

describe('orders', () => {
  it('the creator sees and ships the order; the fan may change the address only until it ships', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const stranger = await buildUser(app);
    await fundWallet(app, fan.user.id, 10_000);
    const productId = newId();
    registerPurchasable('product', async (_tx, id) =>
      id === productId
        ? {
            creatorId: creator.user.id,
            title: 'Signed poster',
            priceCents: 2_500,
            forSale: true,
            isPhysical: true,
            stock: null,
            objectType: 'product',
          }
        : null,
    );
    const home = (
      await app.inject({ method: 'POST', url: '/api/addresses/create', headers: fan.auth, payload: address })
    ).json();
    const work = (
      await app.inject({
        method: 'POST',
        url: '/api/addresses/create',
        headers: fan.auth,
        payload: { ...address, city: 'Dallas' },
      })
    ).json();
    const bought = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/product/${productId}`,
      headers: fan.auth,
      payload: { deliveryAddressId: home._id },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const orderId = bought.json().charge.orderId;

    const creatorList = await app.inject({ method: 'GET', url: '/api/orders/search', headers: creator.auth });
    expect(creatorList.json()).toMatchObject({
      total: 1,
      data: [{ _id: orderId, deliveryStatus: 'processing', user: { _id: fan.user.id }, totalPrice: 25 }],
    });
    const fanList = await app.inject({ method: 'GET', url: '/api/orders/users/search', headers: fan.auth });
    expect(fanList.json()).toMatchObject({ total: 1, data: [{ _id: orderId, deliveryAddress: { city: 'Austin' } }] });
    expect((await app.inject({ method: 'GET', url: '/api/orders/search', headers: fan.auth })).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: stranger.auth })).statusCode,
    ).toBe(404);

    const moved = await app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/update/delivery-address`,
      headers: fan.auth,
      payload: { deliveryAddressId: work._id },
    });
    expect(moved.json()).toMatchObject({ deliveryAddress: { city: 'Dallas' } });
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/orders/${orderId}/update`,
          headers: fan.auth,
          payload: { deliveryStatus: 'shipping' },
        })
      ).statusCode,
    ).toBe(403);
    const shipped = await app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/update`,
      headers: creator.auth,
      payload: { deliveryStatus: 'shipping', shippingCode: '1Z999' },
    });
    expect(shipped.json()).toMatchObject({ deliveryStatus: 'shipping', shippingCode: '1Z999' });
    const late = await app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/update/delivery-address`,
      headers: fan.auth,
      payload: { deliveryAddressId: home._id },
    });
    expect(late.json()).toMatchObject({ statusCode: 409, code: 'ALREADY_SHIPPED' });
    const back = await app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/update`,
      headers: creator.auth,
      payload: { deliveryStatus: 'processing' },
    });
    expect(back.statusCode).toBe(409);
    const notifications = await app.inject({ method: 'GET', url: '/api/notifications', headers: fan.auth });
    if (notifications.statusCode === 200) expect(JSON.stringify(notifications.json())).toContain('is shipping');
  });
});
