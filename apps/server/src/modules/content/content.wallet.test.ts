import type { ContentItem } from '@marquee/shared';
import { describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { buildContent } from '../../../test/factories.catalogue';
import { fundWallet } from '../../../test/factories.money';
import { useTestApp } from '../../../test/harness';
import { setClockOffset } from '../../lib/clock';

const t = useTestApp();
const key = () => ({ 'idempotency-key': crypto.randomUUID() });

/** The catalogue through the real wallet: what the fan pays for opens, and only that. */
describe('catalogue purchases through the wallet', () => {
  it('buying a video opens its media; renting a scene opens it until the rental period ends', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 10_000);
    const video = await buildContent(app, creator, 'video', { visibility: 'sale', price: 5 });
    const bought = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/video/${video._id}`,
      headers: { ...fan.auth, ...key() },
      payload: {},
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const seen = (
      await app.inject({ url: `/api/performer-assets/videos/${video._id}`, headers: fan.auth })
    ).json<ContentItem>();
    expect(seen).toMatchObject({ unlocked: true, isBought: true });
    expect(seen.video?.url).toBeTruthy();

    const scene = await buildContent(app, creator, 'scene', {
      visibility: 'sale',
      price: 20,
      rentPrice: 3,
      rentDays: 2,
    });
    const rented = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/rent/scene/${scene._id}`,
      headers: { ...fan.auth, ...key() },
      payload: {},
    });
    expect(rented.statusCode, rented.body).toBe(200);
    expect((await app.inject({ url: `/api/user/scene/${scene._id}`, headers: fan.auth })).json().unlocked).toBe(true);
    setClockOffset(2 * 86_400_000 + 60_000);
    expect((await app.inject({ url: `/api/user/scene/${scene._id}`, headers: fan.auth })).json().unlocked).toBe(false);
  });

  it('a digital product bought through the wallet can be downloaded by its buyer only', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const other = await buildUser(app);
    await fundWallet(app, fan.user.id, 10_000);
    const product = await buildContent(app, creator, 'product', { price: 12 });
    const res = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/product/${product._id}`,
      headers: { ...fan.auth, ...key() },
      payload: { quantity: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await app.inject({ url: `/api/performer-assets/products/${product._id}/download-link`, headers: fan.auth }))
        .statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ url: `/api/performer-assets/products/${product._id}/download-link`, headers: other.auth }))
        .statusCode,
    ).toBe(403);
    const after = (await app.inject({ url: `/api/performer-assets/products/${product._id}` })).json<ContentItem>();
    expect(after.stats.purchases).toBe(1);
  });
});
