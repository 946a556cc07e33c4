import {
  DECISION_GROUNDS,
  type Decision,
  type DecisionGround,
  type DecisionKind,
  type DecisionSource,
  REVIEW_OBJECT_TYPES,
  type ReviewObjectType,
  type ReviewReason,
} from '@marquee/shared';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import type { AppealRow, DecisionRow } from '../../db/schema';
import { type Message, msg } from '../../lib/i18n';
import { notify } from '../notifications';
import { findUserById } from '../users';
import { appealLink } from './decisions.link';
import { statementMail } from './decisions.mail';
import { appealsOf, decisionsOf, endDecisions, insertDecision } from './decisions.repo';
import { appealUntil, canAppeal } from './decisions.window';

/**
 * Moderation decisions and their statement of reasons (EU DSA Art. 17; docs/compliance.md "DSA").
 * Every path that restricts someone — takedown, review rejection, suspension, payment hold,
 * demotion, age restriction — calls `recordDecision` in its own transaction, then
 * `announceDecision` after commit: the affected user gets the statement (notification, mail, and
 * the page "Decisions about my account"), the notifier the outcome.
 */

export interface DecisionInput {
  /** The affected account; null when the item has no known owner (still counted). */
  userId: string | null;
  kind: DecisionKind;
  targetType: string;
  targetId: string;
  title?: string;
  facts: string;
  ground: DecisionGround;
  /** Taken by automated means (a hash match, a chargeback, a depicted person's request hiding at once). */
  automated?: boolean;
  notice?: { type: 'complaint' | 'report'; id: string; receivedAt: Date; notifierId?: string | null };
  /** The admin who decided; null for the system. */
  decidedById: string | null;
  data?: Record<string, unknown>;
}

export async function recordDecision(ctx: Pick<Ctx, 'now'>, tx: Executor, input: DecisionInput): Promise<DecisionRow> {
  const automated = input.automated ?? input.decidedById === null;
  const source: DecisionSource = input.notice ? 'notice' : automated ? 'automated' : 'own_initiative';
  return insertDecision(tx, {
    id: newId(),
    userId: input.userId,
    kind: input.kind,
    targetType: input.targetType,
    targetId: input.targetId,
    title: (input.title ?? '').slice(0, 300),
    facts: input.facts.slice(0, 5000),
    ground: input.ground,
    automated,
    source,
    noticeType: input.notice?.type ?? null,
    noticeId: input.notice?.id ?? null,
    noticeReceivedAt: input.notice?.receivedAt ?? null,
    notifierId: input.notice?.notifierId ?? null,
    decidedById: input.decidedById,
    data: input.data ?? {},
    createdAt: ctx.now(),
  });
}

/** The restriction was lifted by an admin outside an appeal (content restored, account reactivated, hold cleared). */
export async function liftDecisions(
  ctx: Pick<Ctx, 'now'>,
  tx: Executor,
  where: { kinds: DecisionKind[]; targetType: string; targetId: string },
): Promise<DecisionRow[]> {
  return endDecisions(tx, where, 'lifted', ctx.now());
}

export function presentDecision(d: DecisionRow, appeal: AppealRow | null, now: Date): Decision {
  const ground = (d.ground in DECISION_GROUNDS ? d.ground : 'other_terms') as DecisionGround;
  const open = canAppeal(d, appeal, now);
  return {
    _id: d.id,
    kind: d.kind,
    targetType: d.targetType,
    targetId: d.targetId,
    title: d.title,
    facts: d.facts,
    ground,
    groundBasis: DECISION_GROUNDS[ground].basis,
    groundRef: DECISION_GROUNDS[ground].ref,
    automated: d.automated,
    source: d.source,
    state: d.state,
    createdAt: d.createdAt.toISOString(),
    appealUntil: open ? appealUntil(d).toISOString() : null,
    canAppeal: open,
    appeal: appeal && presentAppeal(appeal),
  };
}

export const presentAppeal = (a: AppealRow) => ({
  _id: a.id,
  decisionId: a.decisionId,
  state: a.state,
  text: a.text,
  reply: a.reply,
  createdAt: a.createdAt.toISOString(),
  decidedAt: a.decidedAt?.toISOString() ?? null,
});

/** "Decisions about my account and content", newest first, each with its appeal. */
export async function myDecisions(ctx: Pick<Ctx, 'db' | 'now'>, userId: string, page: number, pageSize: number) {
  const rows = await decisionsOf(ctx.db, userId, pageSize + 1, (page - 1) * pageSize);
  const appeals = new Map(
    (
      await appealsOf(
        ctx.db,
        rows.map((r) => r.id),
      )
    ).map((a) => [a.decisionId, a]),
  );
  const now = ctx.now();
  return {
    data: rows.slice(0, pageSize).map((r) => presentDecision(r, appeals.get(r.id) ?? null, now)),
    more: rows.length > pageSize,
  };
}

export const kindText = (kind: DecisionKind) => msg(`decision.kind.${kind}` as const);
export const groundText = (ground: string) =>
  msg(`decision.ground.${(ground in DECISION_GROUNDS ? ground : 'other_terms') as DecisionGround}` as const);

/** The statement's parts, in the reader's language when rendered. */
function statementVars(d: DecisionRow) {
  const reasonCode = d.data.reasonCode as ReviewReason | undefined;
  return {
    kind: kindText(d.kind),
    title: d.title || d.targetType,
    ground: groundText(d.ground),
    ref: DECISION_GROUNDS[d.ground as DecisionGround]?.ref ?? '',
    // A review rejection's facts are the reviewer's reason (translated) and note.
    facts: reasonCode
      ? msg('notify.review.statement', { reason: msg(`review.reason.${reasonCode}` as const), note: d.facts })
      : d.facts,
    automated: d.automated ? msg('notify.decision.automated') : '',
    until: appealUntil(d),
  };
}

/** The notice's title: the wording each restriction always had, a general one for the others. */
function titleOf(d: DecisionRow): Message {
  if (d.kind === 'removal' && d.automated && d.noticeType === 'complaint')
    return msg('notify.complaint.hidden', { title: d.title || d.targetType });
  if (d.kind === 'removal') return msg('notify.moderation.takenDown', { title: d.title || d.targetType });
  if (d.kind === 'review_rejection' && (REVIEW_OBJECT_TYPES as readonly string[]).includes(d.targetType))
    return msg('notify.review.rejected', { what: msg(`review.object.${d.targetType as ReviewObjectType}` as const) });
  return msg('notify.decision.title', { kind: kindText(d.kind), title: d.title || d.targetType });
}

/**
 * After commit: the statement of reasons to the affected user (in-app and by mail, always: it is
 * not a preference) and the outcome to the notifier. Failures are logged, never thrown.
 */
export async function announceDecision(ctx: Ctx, d: DecisionRow): Promise<void> {
  try {
    if (d.userId) {
      const user = await findUserById(ctx.db, d.userId);
      const vars = statementVars(d);
      await notify(ctx, d.userId, {
        kind: 'moderation',
        title: titleOf(d),
        body: msg('notify.decision.body', vars),
        link: '/account/decisions',
        actorId: d.decidedById ?? undefined,
        data: { decisionId: d.id, kind: d.kind },
      });
      if (user?.email) {
        const site = await ctx.settings.get('siteName');
        await ctx.mail.send(statementMail({ ...user, email: user.email }, site, { ...vars, link: appealLink(ctx, d) }));
      }
    }
    if (d.notifierId && d.notifierId !== d.userId)
      await notify(ctx, d.notifierId, {
        kind: 'moderation',
        title: msg('notify.decision.notifier', { title: d.title || d.targetType, kind: kindText(d.kind) }),
      });
  } catch (err) {
    ctx.log.error({ err, decisionId: d.id }, 'statement of reasons failed');
  }
}

export async function announceDecisions(ctx: Ctx, rows: DecisionRow[]): Promise<void> {
  for (const d of rows) await announceDecision(ctx, d);
}

/** A notifier whose report led to no restriction is told so too. */
export async function tellNotifierNoAction(ctx: Ctx, notifierId: string, title: string): Promise<void> {
  await notify(ctx, notifierId, {
    kind: 'moderation',
    title: msg('notify.decision.notifierNoAction', { title }),
  }).catch((err) => ctx.log.error({ err }, 'notifier notice failed'));
}
export { findDecision, setDecisionState } from './decisions.repo';
