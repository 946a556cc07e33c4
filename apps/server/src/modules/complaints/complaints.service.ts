import crypto from 'node:crypto';
import {
  addBusinessDays,
  businessDaysLeft,
  type ComplaintBody,
  type ComplaintDecision,
  type ComplaintKind,
  type ComplaintTarget,
  type ComplaintUrgency,
  type DecisionGround,
} from '@marquee/shared';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import type { ComplaintRow, ComplaintTargetRef, DecisionRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import {
  type AdminActor,
  findModerationTarget,
  inAdminTx,
  type ModerationTarget,
  moderatorFor,
  tellCreatorAboutModeration,
} from '../admin';
import { audit } from '../audit';
import { announceDecisions, liftDecisions, recordDecision } from '../decisions';
import { notify } from '../notifications';
import { activeAdmins } from '../users';
import { contentOfLink } from './complaints.links';
import { complaintAckMail, complaintReplyMail } from './complaints.mail';
import {
  findComplaint,
  insertComplaint,
  lockComplaint,
  markEscalated,
  openCasesToEscalate,
  searchComplaints,
  updateComplaint,
} from './complaints.repo';

type ClockSettings = { holidays: ReadonlySet<string>; dueDays: number; dueSoonDays: number };

async function clockSettings(ctx: Pick<Ctx, 'settings'>): Promise<ClockSettings> {
  const [holidays, dueDays, dueSoonDays] = await Promise.all([
    ctx.settings.get('complaintHolidays'),
    ctx.settings.get('complaintDueBusinessDays'),
    ctx.settings.get('complaintDueSoonBusinessDays'),
  ]);
  return { holidays: new Set(holidays), dueDays, dueSoonDays };
}

/** A case number people can read out on the phone: C-YYMMDD-XXXXX (no 0/O or 1/I). */
function caseNumber(at: Date): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.randomBytes(5);
  const tail = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `C-${at.toISOString().slice(2, 10).replaceAll('-', '')}-${tail}`;
}

const TAKEDOWN_REASON = (c: { caseNumber: string }) => `Hidden pending review of report ${c.caseNumber}`;

/**
 * Files a complaint from anyone. The reported links are matched to this site's items; a depicted
 * person's request hides them at once, pending review (Mastercard AN 5196: a way for anyone
 * depicted to have content removed). The reporter gets an acknowledgment with the case number and
 * the date by which they will be answered; the admins are told.
 */
export async function fileComplaint(
  ctx: Ctx,
  body: ComplaintBody,
  meta: { ip: string | null; userId: string | null; locale: string },
) {
  const at = ctx.now();
  const clock = await clockSettings(ctx);
  const found = await resolveTargets(ctx.db, body.urls);
  const hide = body.kind === 'depicted';
  const hidden: DecisionRow[] = [];
  const row = await ctx.db.transaction(async (tx) => {
    const id = newId();
    const refs: ComplaintTargetRef[] = [];
    const number = caseNumber(at);
    for (const t of found) {
      const wasLive = !t.target.takenDown;
      if (hide && wasLive) {
        const after = await moderatorFor(t.type)!.setTakenDown(tx, t.target.id, {
          at,
          reason: TAKEDOWN_REASON({ caseNumber: number }),
        });
        // Hidden at once by a rule, pending a person's decision: an automated decision with its statement.
        if (after)
          hidden.push(
            await recordDecision(ctx, tx, {
              userId: after.creatorId,
              kind: 'removal',
              targetType: t.type,
              targetId: after.id,
              title: after.title,
              facts: TAKEDOWN_REASON({ caseNumber: number }),
              ground: GROUND_OF_KIND[body.kind],
              automated: true,
              notice: { type: 'complaint', id, receivedAt: at, notifierId: meta.userId },
              decidedById: null,
            }),
          );
        await audit(ctx, tx, {
          actorId: null,
          action: 'content.takedown',
          targetType: t.type,
          targetId: t.target.id,
          before: { takenDown: false },
          after: { takenDown: true },
          reason: TAKEDOWN_REASON({ caseNumber: number }),
          ip: meta.ip,
        });
      }
      refs.push({ type: t.type, id: t.target.id, hiddenByComplaint: hide && wasLive });
    }
    return insertComplaint(tx, {
      id,
      caseNumber: number,
      kind: body.kind,
      name: body.name,
      email: body.email,
      reporterId: meta.userId,
      reporterIp: meta.ip,
      locale: meta.locale,
      urls: body.urls,
      targets: refs,
      reason: body.reason,
      originalWork: body.originalWork ?? null,
      goodFaith: body.goodFaith,
      signature: body.signature,
      dueAt: addBusinessDays(at, clock.dueDays, clock.holidays),
      createdAt: at,
    });
  });
  await afterFiling(ctx, row, hidden);
  return { row, contentHidden: hidden.length > 0 };
}

/** A complaint's kind as the ground of the decision it leads to. */
const GROUND_OF_KIND: Record<ComplaintKind, DecisionGround> = {
  depicted: 'non_consensual',
  illegal: 'illegal_content',
  copyright: 'copyright',
};

async function afterFiling(ctx: Ctx, row: ComplaintRow, hidden: DecisionRow[]) {
  const site = await ctx.settings.get('siteName');
  await ctx.mail
    .send(complaintAckMail(row, site, hidden.length > 0))
    .catch((err) => ctx.log.error({ err }, 'complaint acknowledgment failed'));
  await announceDecisions(ctx, hidden);
  await tellAdmins(ctx, msg('notify.complaint.received', kindVars(row)));
}

const kindVars = (row: ComplaintRow) => ({
  caseNumber: row.caseNumber,
  kind: msg(`complaint.kind.${row.kind}` as const),
  dueAt: row.dueAt,
});

async function tellAdmins(ctx: Ctx, title: ReturnType<typeof msg>) {
  const admins = await activeAdmins(ctx);
  if (admins.length === 0) return;
  await notify(ctx, admins, { kind: 'system', title, link: '/admin/complaints' }).catch((err) =>
    ctx.log.error({ err }, 'complaint alert failed'),
  );
}

async function resolveTargets(db: Executor, urls: string[]) {
  const seen = new Set<string>();
  const out: Array<{ type: NonNullable<ReturnType<typeof contentOfLink>>['type']; target: ModerationTarget }> = [];
  for (const url of urls) {
    const ref = contentOfLink(url);
    if (!ref) continue;
    const target = await findModerationTarget(db, ref.type, ref.key);
    if (!target || seen.has(`${ref.type}:${target.id}`)) continue;
    seen.add(`${ref.type}:${target.id}`);
    out.push({ type: ref.type, target });
  }
  return out;
}

/** Where a case stands against its clock. */
export function urgencyOf(row: ComplaintRow, now: Date, clock: ClockSettings): ComplaintUrgency {
  if (row.status === 'closed') return 'closed';
  if (now > row.dueAt) return 'overdue';
  return businessDaysLeft(now, row.dueAt, clock.holidays) <= clock.dueSoonDays ? 'due_soon' : 'on_time';
}

async function presentTargets(db: Executor, refs: ComplaintTargetRef[]): Promise<ComplaintTarget[]> {
  const out: ComplaintTarget[] = [];
  const byType = new Map<string, string[]>();
  for (const r of refs) byType.set(r.type, [...(byType.get(r.type) ?? []), r.id]);
  const loaded = new Map<string, ModerationTarget>();
  for (const [type, ids] of byType) {
    for (const [id, t] of (await moderatorFor(type)?.load(db, ids)) ?? []) loaded.set(`${type}:${id}`, t);
  }
  for (const r of refs) {
    const t = loaded.get(`${r.type}:${r.id}`);
    out.push({
      type: r.type,
      id: r.id,
      title: t?.title ?? '',
      creatorId: t?.creatorId ?? null,
      link: t?.link ?? null,
      takenDown: t?.takenDown ?? false,
    });
  }
  return out;
}

function present(row: ComplaintRow, targets: ComplaintTarget[], now: Date, clock: ClockSettings) {
  return {
    _id: row.id,
    caseNumber: row.caseNumber,
    kind: row.kind,
    name: row.name,
    email: row.email,
    urls: row.urls,
    reason: row.reason,
    originalWork: row.originalWork,
    signature: row.signature,
    targets,
    status: row.status,
    urgency: urgencyOf(row, now, clock),
    businessDaysLeft: businessDaysLeft(now, row.dueAt, clock.holidays),
    decision: row.decision,
    reply: row.reply,
    hiddenPendingReview: row.status === 'open' && row.targets.some((t) => t.hiddenByComplaint),
    receivedAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedById,
    resolvedOnTime: row.decidedAt ? row.decidedAt <= row.dueAt : null,
  };
}

export async function complaintQueue(
  ctx: Ctx,
  q: { status?: 'open' | 'closed'; kind?: ComplaintKind; page: number; pageSize: number },
) {
  const clock = await clockSettings(ctx);
  const { rows, total } = await searchComplaints(ctx.db, q, {
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  const targets = await presentTargets(
    ctx.db,
    rows.flatMap((r) => r.targets),
  );
  const byKey = new Map(targets.map((t) => [`${t.type}:${t.id}`, t]));
  const now = ctx.now();
  return {
    data: rows.map((r) =>
      present(
        r,
        r.targets.map((t) => byKey.get(`${t.type}:${t.id}`)!),
        now,
        clock,
      ),
    ),
    total,
  };
}

export async function complaintDetail(ctx: Ctx, id: string) {
  const row = await findComplaint(ctx.db, id);
  if (!row) throw notFound('Complaint');
  return present(row, await presentTargets(ctx.db, row.targets), ctx.now(), await clockSettings(ctx));
}

/**
 * Closes a case. "removed" takes every named item down (the creator gets the reply as the
 * statement of reasons); "no_action" puts back what this complaint hid. The reporter gets the
 * reply by mail. One transaction with its audit rows; mail and notices after commit.
 */
export async function decideComplaint(
  ctx: Ctx,
  actor: AdminActor,
  id: string,
  decision: ComplaintDecision,
  reply: string,
) {
  const at = ctx.now();
  const changed: Array<{ target: ModerationTarget & { decision: DecisionRow | null }; takedown: boolean }> = [];
  const row = await inAdminTx(ctx, actor, async (_c, tx, record) => {
    const before = await lockComplaint(tx, id);
    if (!before) throw notFound('Complaint');
    if (before.status === 'closed') throw conflict(msg('error.complaints.alreadyDecided'), 'COMPLAINT_DECIDED');
    for (const ref of before.targets) {
      const moderator = moderatorFor(ref.type);
      const current = (await moderator?.load(tx, [ref.id]))?.get(ref.id);
      if (!moderator || !current) continue;
      const takedown = decision === 'removed';
      const undo = !takedown && ref.hiddenByComplaint && current.takedownReason === TAKEDOWN_REASON(before);
      if ((takedown && current.takenDown && current.takedownReason !== TAKEDOWN_REASON(before)) || (!takedown && !undo))
        continue;
      const after = await moderator.setTakenDown(tx, ref.id, takedown ? { at, reason: reply } : null);
      if (!after) continue;
      // What this complaint hid at once is now decided: the interim decision ends, a removal is recorded.
      await liftDecisions(ctx, tx, { kinds: ['removal'], targetType: ref.type, targetId: ref.id });
      const restriction = takedown
        ? await recordDecision(ctx, tx, {
            userId: after.creatorId,
            kind: 'removal',
            targetType: ref.type,
            targetId: ref.id,
            title: after.title,
            facts: reply,
            ground: GROUND_OF_KIND[before.kind],
            notice: { type: 'complaint', id: before.id, receivedAt: before.createdAt, notifierId: before.reporterId },
            decidedById: actor.user.id,
          })
        : null;
      changed.push({ target: { ...after, decision: restriction }, takedown });
      await record({
        action: takedown ? 'content.takedown' : 'content.restore',
        targetType: ref.type,
        targetId: ref.id,
        before: { takenDown: current.takenDown },
        after: { takenDown: after.takenDown },
        reason: `Report ${before.caseNumber}: ${reply}`,
      });
    }
    const after = await updateComplaint(tx, id, {
      status: 'closed',
      decision,
      reply,
      decidedById: actor.user.id,
      decidedAt: at,
    });
    await record({
      action: 'complaint.decide',
      targetType: 'complaint',
      targetId: id,
      before: { status: before.status },
      after: { status: 'closed', decision, onTime: at <= before.dueAt },
      reason: reply,
    });
    return after;
  });
  const site = await ctx.settings.get('siteName');
  await ctx.mail.send(complaintReplyMail(row, site)).catch((err) => ctx.log.error({ err }, 'complaint reply failed'));
  for (const c of changed) {
    await tellCreatorAboutModeration(ctx, actor.user.id, c.target, c.takedown, c.takedown ? reply : undefined);
  }
  return complaintDetail(ctx, id);
}

export const COMPLAINT_ESCALATION_JOB = 'complaints.escalate';

/**
 * The clock's escalation: admins are told once when a case becomes due soon (within the setting's
 * business days) and once when it is overdue. Safe on several instances (each stage is marked once).
 */
export async function escalateComplaints(ctx: Ctx): Promise<number> {
  const now = ctx.now();
  const clock = await clockSettings(ctx);
  let told = 0;
  for (const row of await openCasesToEscalate(ctx.db, 'overdue', now)) {
    if (!(await markEscalated(ctx.db, row.id, 'overdue', now))) continue;
    await tellAdmins(ctx, msg('notify.complaint.overdue', { caseNumber: row.caseNumber, dueAt: row.dueAt }));
    told += 1;
  }
  const soonBy = addBusinessDays(now, clock.dueSoonDays, clock.holidays);
  for (const row of await openCasesToEscalate(ctx.db, 'dueSoon', soonBy)) {
    if (urgencyOf(row, now, clock) === 'on_time') continue;
    if (!(await markEscalated(ctx.db, row.id, 'dueSoon', now))) continue;
    if (row.overdueNotifiedAt) continue;
    await tellAdmins(ctx, msg('notify.complaint.dueSoon', { caseNumber: row.caseNumber, dueAt: row.dueAt }));
    told += 1;
  }
  return told;
}

export function registerComplaintJobs(ctx: Ctx) {
  ctx.jobs.work(COMPLAINT_ESCALATION_JOB, async () => {
    const n = await escalateComplaints(ctx);
    if (n > 0) ctx.log.info({ told: n }, 'complaints escalated');
  });
  ctx.jobs.schedule(COMPLAINT_ESCALATION_JOB, '*/15 * * * *');
}
