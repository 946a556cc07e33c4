import type { AdminAppeal } from '@marquee/shared';
import type { Ctx } from '../../context';
import { newId } from '../../db/ids';
import type { AppealRow, DecisionRow } from '../../db/schema';
import { appError, conflict, forbidden, notFound } from '../../lib/errors';
import { localeOf, msg, render } from '../../lib/i18n';
import { isAdmin } from '../../plugins/auth';
import { type AdminActor, inAdminTx } from '../admin';
import { canAppeal, findDecision, kindText, presentAppeal, presentDecision, setDecisionState } from '../decisions';
import { notify } from '../notifications';
import { activeStaff, findUserById } from '../users';
import { insertAppeal, lockAppeal, searchAppeals, updateAppeal } from './appeals.repo';
import { undoRestriction } from './appeals.undo';

/**
 * Appeals against moderation decisions (EU DSA Art. 20; docs/compliance.md "DSA"): the affected
 * user appeals from their account within six months; a moderator or admin other than the one who
 * decided upholds or reverses; a reversal undoes the restriction where it can.
 */

export async function fileAppeal(ctx: Ctx, userId: string, decisionId: string, text: string) {
  const appeal = await ctx.db.transaction(async (tx) => {
    const d = await findDecision(tx, decisionId, true);
    // Someone else's decision is not found (no hint that it exists); withheld statements neither.
    if (!d || d.userId !== userId || d.data.withheld) throw notFound('Decision');
    if (d.state === 'reversed') throw conflict(msg('error.appeals.alreadyReversed'), 'ALREADY_REVERSED');
    if (!canAppeal(d, null, ctx.now())) throw conflict(msg('error.appeals.windowClosed'), 'APPEAL_WINDOW_CLOSED');
    const row = await insertAppeal(tx, { id: newId(), decisionId, userId, text, createdAt: ctx.now() });
    if (!row) throw conflict(msg('error.appeals.alreadyAppealed'), 'ALREADY_APPEALED');
    return { row, d };
  });
  const staff = await activeStaff(ctx);
  await notify(ctx, staff, {
    kind: 'system',
    title: msg('notify.appeal.received', { kind: kindText(appeal.d.kind) }),
    link: '/admin/appeals',
  }).catch((err) => ctx.log.error({ err }, 'appeal alert failed'));
  return presentDecision(appeal.d, appeal.row, ctx.now());
}

function presentAdmin(
  r: { appeal: AppealRow; decision: DecisionRow; username: string | null },
  now: Date,
): AdminAppeal {
  return {
    ...presentAppeal(r.appeal),
    decision: presentDecision(r.decision, r.appeal, now),
    user: r.appeal.userId ? { _id: r.appeal.userId, username: r.username ?? '' } : null,
    decidedBy: r.appeal.decidedById,
    decisionBy: r.decision.decidedById,
  };
}

export async function appealQueue(ctx: Ctx, q: { state?: AppealRow['state']; page: number; pageSize: number }) {
  const { rows, total } = await searchAppeals(ctx.db, {
    state: q.state,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  const now = ctx.now();
  return { data: rows.map((r) => presentAdmin(r, now)), total };
}

/**
 * Staff (a moderator or an admin) decide an appeal. The person who took the decision may not (403
 * APPEAL_SAME_MODERATOR), nor the appellant; a moderator may not reverse the suspension of a staff
 * account (403, as `setUserStatus`: staff accounts are the admins' business). A reversal undoes the restriction in the same transaction and marks the
 * decision reversed; the user is told (notification and mail) after commit.
 */
export async function decideAppeal(
  ctx: Ctx,
  actor: AdminActor,
  id: string,
  outcome: 'upheld' | 'reversed',
  reply: string,
) {
  const { appeal, decision, followUp } = await inAdminTx(ctx, actor, async (txCtx, tx, record) => {
    const before = await lockAppeal(tx, id);
    if (!before) throw notFound('Appeal');
    if (before.state !== 'open') throw conflict(msg('error.appeals.alreadyDecided'), 'APPEAL_DECIDED');
    const d = await findDecision(tx, before.decisionId, true);
    if (!d) throw notFound('Decision');
    if (d.decidedById === actor.user.id || before.userId === actor.user.id)
      throw appError(403, 'APPEAL_SAME_MODERATOR', msg('error.appeals.sameModerator'));
    if (outcome === 'reversed' && d.kind === 'suspension' && d.userId && !isAdmin(actor.user)) {
      const affected = await findUserById(tx, d.userId);
      if (affected && (isAdmin(affected) || affected.staffRole))
        throw forbidden('Only admins can change the status of a staff account');
    }
    const after = await updateAppeal(tx, id, {
      state: outcome,
      reply,
      decidedById: actor.user.id,
      decidedAt: txCtx.now(),
    });
    let followUp: (() => Promise<void>) | null = null;
    if (outcome === 'reversed') {
      followUp = await undoRestriction(txCtx, tx, record, d, actor.user.id);
      await setDecisionState(tx, d.id, 'reversed', txCtx.now());
    }
    await record({
      action: `appeal.${outcome === 'reversed' ? 'reverse' : 'uphold'}`,
      targetType: 'decision',
      targetId: d.id,
      before: { state: d.state },
      after: { state: outcome === 'reversed' ? 'reversed' : d.state, appealId: id },
      reason: reply,
    });
    return {
      appeal: after,
      decision: { ...d, state: outcome === 'reversed' ? ('reversed' as const) : d.state },
      followUp,
    };
  });
  await followUp?.();
  await tellAppellant(ctx, appeal, decision);
  return presentAdmin({ appeal, decision, username: null }, ctx.now());
}

async function tellAppellant(ctx: Ctx, appeal: AppealRow, d: DecisionRow) {
  if (!appeal.userId) return;
  const outcome = appeal.state === 'reversed' ? 'reversed' : 'upheld';
  try {
    await notify(ctx, appeal.userId, {
      kind: 'moderation',
      title: msg(outcome === 'reversed' ? 'notify.appeal.reversed' : 'notify.appeal.upheld', {
        kind: kindText(d.kind),
      }),
      body: appeal.reply ?? undefined,
      link: '/account/decisions',
    });
    const user = await findUserById(ctx.db, appeal.userId);
    if (!user?.email) return;
    const locale = localeOf(user.locale);
    const site = await ctx.settings.get('siteName');
    await ctx.mail.send({
      to: user.email,
      subject: render(locale, msg('mail.appeal.subject', { site })),
      text: render(
        locale,
        msg('mail.appeal.body', {
          name: user.username ?? '',
          kind: kindText(d.kind),
          title: d.title || d.targetType,
          outcome: msg(`appeal.outcome.${outcome}` as const),
          reply: appeal.reply ?? '',
        }),
      ),
      template: 'appeal-decision',
    });
  } catch (err) {
    ctx.log.error({ err, appealId: appeal.id }, 'appeal notice failed');
  }
}
