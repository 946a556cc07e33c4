import type { AdminAppeal, AppealState } from '@marquee/shared/decisions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { client } from '../../../lib/api-client';
import { useApi } from '../../../lib/use-api';
import { Pager, SectionTitle, Select, TextArea } from '../../admin/components/kit';
import { useCurrentUser } from '../../auth/api';
import { usePageTitle } from '../../settings/hooks';
import { DecisionCard } from './decision-card';

/** Admin → Appeals (DSA Art. 20), for moderators and admins: uphold or reverse; whoever decided cannot. */
export default function AppealsSection() {
  const { t } = useTranslation();
  usePageTitle(t('dsa.adminTitle'));
  const [state, setState] = useState<AppealState>('open');
  const [page, setPage] = useState(1);
  const pageSize = 10;
  const { data, mutate } = useApi('/admin/appeals', { query: { state, page, pageSize } });
  return (
    <div>
      <SectionTitle title={t('dsa.adminTitle')}>
        <Select
          aria-label={t('dsa.adminTitle')}
          value={state}
          onChange={(e) => {
            setState(e.target.value as AppealState);
            setPage(1);
          }}
        >
          <option value="open">{t('dsa.adminOpen')}</option>
          <option value="upheld">{t('dsa.adminUpheld')}</option>
          <option value="reversed">{t('dsa.adminReversed')}</option>
        </Select>
      </SectionTitle>
      <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">{t('dsa.adminIntro')}</p>
      {data?.data.length === 0 && <EmptyState title={t('dsa.adminEmpty')} />}
      <div className="space-y-4">
        {data?.data.map((a) => (
          <AppealCard key={a._id} a={a} onDecided={() => mutate()} />
        ))}
      </div>
      {data && data.total > 0 && <Pager page={page} pageSize={pageSize} total={data.total} onPage={setPage} />}
    </div>
  );
}

function AppealCard({ a, onDecided }: { a: AdminAppeal; onDecided: () => void }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const mine = !!user && a.decisionBy === user._id;
  const decide = async (outcome: 'upheld' | 'reversed') => {
    setBusy(true);
    try {
      await client.post('/admin/appeals/{id}/decide', { path: { id: a._id }, body: { outcome, reply } });
      toast.success(t('dsa.decided'));
      onDecided();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const id = `reply-${a._id}`;
  return (
    <DecisionCard d={a.decision} onChanged={onDecided}>
      <div className="space-y-2">
        {a.user && <p className="text-zinc-600 dark:text-zinc-400">{t('dsa.by', { name: a.user.username })}</p>}
        {a.state === 'open' &&
          (mine ? (
            <p role="note">{t('dsa.sameModerator')}</p>
          ) : (
            <>
              <label htmlFor={id} className="block font-medium">
                {t('dsa.decideReply')}
              </label>
              <TextArea id={id} value={reply} onChange={(e) => setReply(e.target.value)} rows={2} />
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" disabled={busy || reply.trim().length < 5} onClick={() => decide('upheld')}>
                  {t('dsa.uphold')}
                </Button>
                <Button disabled={busy || reply.trim().length < 5} onClick={() => decide('reversed')}>
                  {t('dsa.reverse')}
                </Button>
              </div>
            </>
          ))}
      </div>
    </DecisionCard>
  );
}
