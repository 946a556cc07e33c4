import { eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../context';
import { streams, users } from '../db/schema';
import { acceptRequest, joinSession, leaveSession, requestPrivate } from '../modules/streaming/private.service';
import { sendStreamMessage, tipInStream } from '../modules/streaming/streaming.chat';
import { endStream, goLive, setDuration, updateStreaming } from '../modules/streaming/streaming.service';
import { chargeWallet } from '../modules/wallet/charges.service';

/**
 * Demo streaming, through the real services: kai and luna offer private shows
 * (per-minute prices); kai ran a paid group stream yesterday that jamie bought,
 * chatted in and tipped in (so it shows in kai's earnings and the chat history);
 * alex had a one-minute private show with kai. Nobody is live, so any demo
 * creator can go live at once.
 */
export async function seedStreaming(ctx: Ctx) {
  const rows = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['luna', 'kai', 'alex', 'jamie']));
  const u = Object.fromEntries(rows.map((r) => [r.username, r.id])) as Record<string, string | undefined>;
  if (!u.luna || !u.kai || !u.alex || !u.jamie) return;
  const kai = { id: u.kai, role: 'performer' };
  const luna = { id: u.luna, role: 'performer' };
  const jamie = { id: u.jamie, role: 'user' };
  const alex = { id: u.alex, role: 'user' };

  await updateStreaming(ctx, kai, { privateCallPrice: 3, groupCallPrice: 5 });
  await updateStreaming(ctx, luna, { privateCallPrice: 2.5, groupCallPrice: 4 });

  const stream = await goLive(ctx, kai, {
    title: 'Sunset in Lisbon: live photo walk',
    description: 'Golden hour over the Tagus, camera settings explained as we go.',
    type: 'group',
    price: 5,
  });
  await chargeWallet(ctx, { userId: jamie.id, type: 'stream', id: stream._id });
  await sendStreamMessage(ctx, kai, stream._id, 'Welcome everyone! We start at the Miradouro da Graça.');
  await sendStreamMessage(ctx, jamie, stream._id, 'The light is unreal, what lens is that?');
  await sendStreamMessage(ctx, kai, stream._id, '35mm at f/2.8, shutter 1/500.');
  await tipInStream(ctx, jamie, stream._id, { amount: 10, message: 'For the next coffee' }, {});
  await sendStreamMessage(ctx, jamie, stream._id, 'Thanks for the walk, see you next week!');
  await setDuration(ctx, kai, stream._id, 1860);
  await endStream(ctx, kai, stream._id);
  // It ran yesterday evening.
  const started = new Date(ctx.now().getTime() - 86_400_000);
  await ctx.db
    .update(streams)
    .set({ startedAt: started, endedAt: new Date(started.getTime() + 1860_000), createdAt: started })
    .where(eq(streams.id, stream._id));

  const request = await requestPrivate(ctx, alex, {
    performerId: kai.id,
    message: 'Could you show me your Lisbon edits?',
  });
  const session = await acceptRequest(ctx, kai, request._id);
  // The demo show is picked by the private-show sampling, so the live monitor's queue has one to look at.
  const samplePercent = await ctx.settings.get('privateShowSamplePercent');
  await ctx.settings.update({ privateShowSamplePercent: 100 }, null);
  await joinSession(ctx, alex, session._id);
  await joinSession(ctx, kai, session._id);
  await ctx.settings.update({ privateShowSamplePercent: samplePercent }, null);
  await leaveSession(ctx, alex, session._id);
}
