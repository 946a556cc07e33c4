import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import type { DecisionRow } from '../../db/schema';
import { applyUserStatus, moderatorFor } from '../admin';
import type { AuditEntry } from '../audit';
import { clearChargebackHold } from '../payments';
import { reverseRejection } from '../review';

type Recorder = (e: Omit<AuditEntry, 'actorId' | 'ip'>) => Promise<unknown>;
type FollowUp = () => Promise<void>;

/**
 * What reversing a decision undoes, per kind, in the appeal's transaction (audited like the
 * restriction's own undo). Returns a follow-up to run after commit (a review item is published).
 * Demotion and age restriction have no path yet (docs/compliance.md), so nothing to undo; an
 * ended live stream cannot be resumed, so its reversal is the record alone.
 */
export async function undoRestriction(
  ctx: Ctx,
  tx: Executor,
  record: Recorder,
  d: DecisionRow,
  actorId: string,
): Promise<FollowUp | null> {
  const audited = (action: string) =>
    record({ action, targetType: d.targetType, targetId: d.targetId, reason: `Appeal reversed decision ${d.id}` });
  switch (d.kind) {
    case 'removal': {
      const after = await moderatorFor(d.targetType)?.setTakenDown(tx, d.targetId, null);
      if (after) await audited('content.restore');
      return null;
    }
    case 'review_rejection': {
      // A withdrawal of consent (data.consentWithdrawn) carries no review item: the person's
      // withdrawal stands whatever the appeal says, so nothing is republished.
      const id = d.data.reviewItemId;
      return typeof id === 'string' ? reverseRejection(ctx, tx, id, actorId) : null;
    }
    case 'suspension':
      if (d.userId) {
        await applyUserStatus(ctx, tx, d.userId, 'active');
        await audited('user.reactivate');
      }
      return null;
    case 'payment_hold':
      if (d.userId && (await clearChargebackHold(ctx, tx, d.userId)).cleared)
        await audited('user.chargeback_hold_cleared');
      return null;
    default:
      return null;
  }
}
