import type { Poll } from '@marquee/shared';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/i18n/format';
import { feedsApi } from '../api';

/** A poll: options to vote on, then the results (after voting or once it ends). */
export function PollView({ poll: initial, canVote, onVoted }: { poll: Poll; canVote: boolean; onVoted?: () => void }) {
  const [poll, setPoll] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const { t } = useTranslation();
  const total = poll.totalVote ?? 0;
  const vote = async (optionId: string) => {
    setBusy(optionId);
    try {
      setPoll((await feedsApi.vote(optionId)).poll);
      onVoted?.();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <fieldset className="mt-3 rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800" aria-label={t('feeds.poll')}>
      <legend className="px-1 text-sm font-semibold">{poll.question}</legend>
      <div className="mt-1 space-y-2">
        {poll.options.map((o) => {
          const pct = poll.showResults && total > 0 ? Math.round(((o.totalVote ?? 0) / total) * 100) : 0;
          const mine = poll.votedOptionId === o._id;
          return poll.showResults ? (
            <div
              key={o._id}
              className="relative overflow-hidden rounded-xl border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800"
              data-testid="poll-result"
            >
              <div className="absolute inset-y-0 left-0 bg-brand-500/15" style={{ width: `${pct}%` }} aria-hidden />
              <div className="relative flex items-center justify-between gap-2">
                <span className={cn('flex items-center gap-1.5', mine && 'font-semibold')}>
                  {mine && <CheckCircle2 className="size-4 text-brand-600" aria-label={t('feeds.yourVote')} />}
                  {o.description}
                </span>
                <span className="tabular-nums text-zinc-500">{pct}%</span>
              </div>
            </div>
          ) : (
            <button
              key={o._id}
              type="button"
              disabled={!canVote || busy !== null}
              onClick={() => vote(o._id)}
              className="w-full rounded-xl border border-zinc-300 px-3 py-2 text-left text-sm font-medium hover:border-brand-500 hover:bg-brand-50 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              {o.description}
            </button>
          );
        })}
      </div>
      <p className="mt-2 text-xs text-zinc-500">
        {poll.showResults
          ? t('feeds.votes', { count: total })
          : canVote
            ? t('feeds.voteToSee')
            : t('feeds.unlockToVote')}
        {poll.endDate &&
          ` · ${t(poll.isEnded ? 'feeds.pollEnded' : 'feeds.pollEnds', { date: formatDate(poll.endDate, {}) })}`}
      </p>
    </fieldset>
  );
}
