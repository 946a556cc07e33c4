import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { audit } from '../audit';

/**
 * Random sampling of private shows for a moderator's look (issue 26 item 2): when a show starts,
 * it is picked with the probability of the setting `privateShowSamplePercent`; a pick is stamped on
 * the session (`sampledAt`, the Live monitor's queue of sampled shows) and audited
 * (`stream.sample`, no actor: the system) in the transaction that starts the show.
 */
export async function sampleOnStart(
  ctx: Pick<Ctx, 'settings' | 'now'>,
  tx: Executor,
  sessionId: string,
  at: Date,
  draw: () => number = Math.random,
): Promise<{ sampledAt?: Date }> {
  const percent = await ctx.settings.get('privateShowSamplePercent');
  if (percent <= 0 || draw() * 100 >= percent) return {};
  await audit(ctx, tx, {
    actorId: null,
    action: 'stream.sample',
    targetType: 'private_session',
    targetId: sessionId,
    after: { percent },
  });
  return { sampledAt: at };
}
