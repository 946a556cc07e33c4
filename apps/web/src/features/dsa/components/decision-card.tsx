import type { Decision } from '@marquee/shared/decisions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { client } from '../../../lib/api-client';
import { DATE_TIME, formatDate } from '../../../lib/i18n/format';
import { Badge, TextArea } from '../../admin/components/kit';

const STATE_TONE = { in_force: 'red', lifted: 'zinc', reversed: 'green' } as const;

/** One decision's statement of reasons (DSA Art. 17), with its appeal or the appeal form. */
export function DecisionCard({
  d,
  onChanged,
  children,
  sendAppeal,
}: {
  d: Decision;
  onChanged: () => void;
  children?: React.ReactNode;
  /** How the appeal is sent; by default from the signed-in account (the statement link sends it its way). */
  sendAppeal?: (text: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <Card data-testid="decision">
      <CardContent className="space-y-2 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{t(`dsa.kind.${d.kind}`)}</span>
          {d.title && <span className="break-words text-zinc-600 dark:text-zinc-400">“{d.title}”</span>}
          <Badge tone={STATE_TONE[d.state]}>{t(`dsa.state_${d.state}`)}</Badge>
          <span className="text-xs text-zinc-500 dark:text-zinc-400">{formatDate(d.createdAt, DATE_TIME)}</span>
        </div>
        <dl className="grid gap-1 sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium">{t('dsa.facts')}</dt>
          <dd className="break-words">{d.facts || '—'}</dd>
          <dt className="font-medium">{t('dsa.ground')}</dt>
          <dd>
            {t(`dsa.grounds.${d.ground}`)} — {d.groundRef} ({t(`dsa.basis_${d.groundBasis}`)})
          </dd>
          <dt className="sr-only">{t('dsa.automated')}</dt>
          <dd className="sm:col-span-2 text-zinc-600 dark:text-zinc-400">
            {d.automated ? t('dsa.automatedYes') : t('dsa.automatedNo')} · {t(`dsa.source_${d.source}`)}
          </dd>
        </dl>
        {d.appeal && (
          <div className="rounded-md border border-zinc-200 p-2 dark:border-zinc-700" data-testid="appeal">
            <p className="font-medium">{t(`dsa.appeal_${d.appeal.state}`)}</p>
            <p className="break-words text-zinc-600 dark:text-zinc-400">{d.appeal.text}</p>
            {d.appeal.reply && (
              <p className="break-words">
                <span className="font-medium">{t('dsa.reply')}: </span>
                {d.appeal.reply}
              </p>
            )}
          </div>
        )}
        {children ?? (d.canAppeal && <AppealForm d={d} onSent={onChanged} send={sendAppeal} />)}
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('dsa.otherRemedies')}</p>
      </CardContent>
    </Card>
  );
}

const fromAccount = (d: Decision) => (text: string) =>
  client.post('/decisions/{id}/appeal', { path: { id: d._id }, body: { text } });

function AppealForm({
  d,
  onSent,
  send = fromAccount(d),
}: {
  d: Decision;
  onSent: () => void;
  send?: (text: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const id = `appeal-${d._id}`;
  return (
    <form
      className="space-y-2"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          await send(text);
          toast.success(t('dsa.appealSent'));
          onSent();
        } catch (err) {
          toast.error(getErrorMessage(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      {d.appealUntil && <p>{t('dsa.appealUntil', { date: formatDate(d.appealUntil, DATE_TIME) })}</p>}
      <label htmlFor={id} className="block font-medium">
        {t('dsa.appealLabel')}
      </label>
      <TextArea id={id} value={text} onChange={(e) => setText(e.target.value)} rows={3} required minLength={10} />
      <Button type="submit" disabled={busy || text.trim().length < 10}>
        {t('dsa.appealSubmit')}
      </Button>
    </form>
  );
}
