import { describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { mediaFor } from '../../../test/factories.catalogue';
import { buildMedia } from '../../../test/factories.media';
import { buildConversation } from '../../../test/factories.messages';
import { useTestApp } from '../../../test/harness';

const t = useTestApp();

/** One price rule (issue 24 item 3): every creator-set price reads the admin's minimum/maximumContentPrice. */
describe('price limits from the site settings', () => {
  it('posts, catalogue items (sale and rent), paid and mass messages all follow the admin limits', async () => {
    const { app } = t();
    await app.ctx.settings.update({ minimumContentPrice: 2, maximumContentPrice: 100 }, null);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const post = (url: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api${url}`, headers: creator.auth, payload });
    const refused = async (res: Awaited<ReturnType<typeof post>>, code: string) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code });
      expect(res.json().message).toMatch(/between 2.00 and 100.00 tokens/);
    };

    await refused(await post('/performer/feeds', { text: 'x', visibility: 'sale', price: 1 }), 'FEED_PRICE_RANGE');
    await refused(await post('/performer/feeds', { text: 'x', visibility: 'sale', price: 101 }), 'FEED_PRICE_RANGE');
    expect((await post('/performer/feeds', { text: 'x', visibility: 'sale', price: 100 })).statusCode).toBe(200);

    const gallery = await mediaFor(app, creator.user.id, 'gallery');
    const galleries = '/performer/performer-assets/galleries';
    await refused(await post(galleries, { title: 'G', visibility: 'sale', price: 1.5, ...gallery }), 'INVALID_PRICE');
    const ok = await post(galleries, { title: 'G', visibility: 'sale', price: 2, ...gallery });
    expect(ok.statusCode, ok.body).toBe(200);
    const rent = await post('/performer/scene', {
      title: 'S',
      visibility: 'sale',
      price: 5,
      rentPrice: 1,
      rentDays: 2,
    });
    await refused(rent, 'INVALID_PRICE');
    expect(rent.json().details).toEqual([expect.objectContaining({ field: 'rentPrice' })]);

    const conv = await buildConversation(app, fan.user.id, creator.user.id);
    const photo = await buildMedia(app, creator.user.id);
    await refused(
      await post(`/messages/conversations/${conv.id}`, { fileIds: [photo.id], price: 150 }),
      'MESSAGE_PRICE_RANGE',
    );
    const photo2 = await buildMedia(app, creator.user.id);
    await refused(
      await post('/mass-messages', { audience: 'followers', fileIds: [photo2.id], price: 1 }),
      'MESSAGE_PRICE_RANGE',
    );
  });
});
