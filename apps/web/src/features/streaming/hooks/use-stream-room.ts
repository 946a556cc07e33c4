import type { Stream, StreamViewers } from '@marquee/shared/streaming';
import { useEffect, useState } from 'react';
import i18n from '../../../lib/i18n';
import { useRealtimeEvent } from '../../../lib/realtime';
import { useUiStore } from '../../../lib/ui-store';
import { realtimeStreaming } from '../api';

/**
 * Joins the socket room of a stream (chat, viewers, tips, end) while mounted, again after every
 * reconnect, and follows what the room reports.
 */
export function useStreamRoom(streamId: string | undefined, enabled = true) {
  const status = useUiStore((s) => s.realtimeStatus);
  const [viewers, setViewers] = useState<StreamViewers | null>(null);
  const [ended, setEnded] = useState<string | null>(null);
  const [updated, setUpdated] = useState<Stream | null>(null);
  const [joinError, setJoinError] = useState<string | null>(null);

  useEffect(() => {
    if (!streamId || !enabled || status !== 'connected') return;
    let left = false;
    realtimeStreaming
      .join(streamId)
      .then((res) => {
        if (left) return;
        setJoinError(null);
        setViewers((v) => ({ streamId, viewers: v?.viewers ?? [], count: res.viewerCount }));
      })
      .catch(
        (err: { message?: string }) => !left && setJoinError(err.message ?? i18n.t('streaming.devices.joinFailed')),
      );
    return () => {
      left = true;
      realtimeStreaming.leave(streamId);
    };
  }, [streamId, enabled, status]);

  useRealtimeEvent('stream/viewers', (p) => p.streamId === streamId && setViewers(p));
  useRealtimeEvent('stream/ended', (p) => p.streamId === streamId && setEnded(p.reason));
  useRealtimeEvent('stream/updated', (p) => p.stream._id === streamId && setUpdated(p.stream));

  return { viewers, ended, updated, joinError };
}
