import { Gift } from 'lucide-react';
import { useState } from 'react';
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
          <Gift className="size-5 text-amber-500" aria-hidden="true" /> Tips{' '}
          <span className="text-zinc-500">{tokens(total)}</span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {tips.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Tips sent during this stream show up here.</p>
        ) : (
          <ul className="space-y-2" aria-live="polite">
            {tips.map((t) => (
              <li key={t.id} className="text-sm" data-testid="tip-line">
                <span className="font-semibold">{t.name}</span> tipped {tokens(t.amount)}
                {t.message && <span className="text-zinc-600 dark:text-zinc-400"> · “{t.message}”</span>}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
