import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { streamingApi } from '../api';
import type { AgoraRoom } from '../lib/agora';

/** Watches a stream through Agora (audience role). The SDK is loaded only when this renders. */
export function AgoraPlayer({ channel, className }: { channel: string; className?: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'connecting' | 'playing' | 'waiting' | 'error'>('connecting');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let room: AgoraRoom | null = null;
    let cancelled = false;
    (async () => {
      try {
        const credentials = await streamingApi.agoraToken(channel, 'subscriber');
        const { joinAgora } = await import('../lib/agora');
        if (cancelled) return;
        room = await joinAgora({
          credentials,
          mode: 'live',
          remoteContainer: ref.current,
          onRemote: (present) => setState(present ? 'playing' : 'waiting'),
        });
        if (cancelled) void room.leave();
        else setState((s) => (s === 'connecting' ? 'waiting' : s));
      } catch (err) {
        setState('error');
        setError(getErrorMessage(err));
      }
    })();
    return () => {
      cancelled = true;
      void room?.leave();
    };
  }, [channel]);

  return (
    <div className={cn('relative bg-black', className)}>
      <div ref={ref} className="size-full" data-testid="agora-player" />
      {state !== 'playing' && (
        <div className="absolute inset-0 flex items-center justify-center p-4 text-center" role="status">
          <span className="rounded-full bg-black/60 px-3 py-1.5 text-sm text-white">
            {state === 'error'
              ? error
              : state === 'waiting'
                ? t('streaming.waitingCreatorVideo')
                : t('streaming.connecting')}
          </span>
        </div>
      )}
    </div>
  );
}
