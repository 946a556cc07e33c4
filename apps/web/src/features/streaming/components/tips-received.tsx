import { Gift } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui';
import { useRealtimeEvent } from '../../../lib/realtime';
import { tokens } from '../api';

interface TipLine {
  id: number;
  name: string;
  amount: number;
  message: string | null;
}

/** Tips received during this stream (from the room's `stream/tip` events), newest first. */
export function TipsReceived({ streamId }: { streamId: string }) {
  const { t } = useTranslation();
  const [tips, setTips] = useState<TipLine[]>([]);
  useRealtimeEvent('stream/tip', (p) => {
    if (p.streamId !== streamId) return;
    setTips((t) => [
      { id: Date.now() + Math.random(), name: p.sender?.name ?? 'A fan', amount: p.amount, message: p.message },
      ...t,
    ]);
  });
  const total = tips.reduce((sum, t) => sum + t.amount, 0);
  return (
    <Card data-testid="tips-received">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gift className="size-5 text-amber-500" aria-hidden="true" /> {t('streaming.tips.title')}{' '}
          <span className="text-zinc-500">{tokens(total)}</span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {tips.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('streaming.tips.empty')}</p>
        ) : (
          <ul className="space-y-2" aria-live="polite">
            {tips.map((tip) => (
              <li key={tip.id} className="text-sm" data-testid="tip-line">
                <span className="font-semibold">{tip.name}</span>{' '}
                {t('streaming.tips.tipped', { amount: tokens(tip.amount) })}
                {tip.message && <span className="text-zinc-600 dark:text-zinc-400"> · “{tip.message}”</span>}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
