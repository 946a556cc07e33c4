import type { PrivateEndReason } from '@marquee/shared/streaming';
import { PRIVATE_HEARTBEAT_INTERVAL_SECONDS } from '@marquee/shared/streaming';
import { AlertTriangle, PhoneOff, VideoOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses, EmptyState, PageSpinner, toast } from '../../../components/ui';
import { getErrorMessage, isApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import i18n from '../../../lib/i18n';
import { formatAmount } from '../../../lib/i18n/format';
import { emit, useRealtimeEvent } from '../../../lib/realtime';
import { useUiStore } from '../../../lib/ui-store';
import { useCurrentUser } from '../../auth/api';
import { ModeratorWarning } from '../../live-monitor/components/moderator-warning';
import { useSettings } from '../../settings/api';
import { usePageTitle } from '../../settings/hooks';
import { useWallet } from '../../wallet/api';
import { type PrivateSession, realtimeStreaming, streamingApi, tokens, usePrivateSession } from '../api';
import type { AgoraRoom } from '../lib/agora';
import { useMediaDevices } from '../lib/media-devices';
import { PeerCall } from '../lib/peer';

function clock(seconds: number) {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

function endText(reason: PrivateEndReason | null, isFan: boolean, other: string) {
  switch (reason) {
    case 'balance':
      return isFan ? i18n.t('streaming.end.balanceFan') : i18n.t('streaming.end.balance', { name: other });
    case 'fan_left':
      return isFan ? i18n.t('streaming.end.fanLeftFan') : i18n.t('streaming.end.fanLeft', { name: other });
    case 'creator_left':
      return isFan ? i18n.t('streaming.end.creatorLeftFan', { name: other }) : i18n.t('streaming.end.creatorLeft');
    case 'network':
      return i18n.t('streaming.end.network');
    case 'admin':
      return i18n.t('streaming.end.admin');
    case 'not_started':
      return i18n.t('streaming.end.notStarted');
    default:
      return i18n.t('streaming.end.default');
  }
}

function useTicker(active: boolean) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

/** A private show: both videos over WebRTC (or Agora), the running cost and time, ends when the server says. */
export function PrivateShowPage({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  usePageTitle(t('streaming.privateShow'));
  const { user } = useCurrentUser();
  const { streamingProvider } = useSettings();
  const { data: loaded, error } = usePrivateSession(sessionId);
  const [session, setSession] = useState<PrivateSession | null>(null);
  const status = useUiStore((s) => s.realtimeStatus);
  const devices = useMediaDevices();
  const localRef = useRef<HTMLVideoElement>(null);
  const remoteRef = useRef<HTMLVideoElement>(null);
  const agoraRemote = useRef<HTMLDivElement>(null);
  const peer = useRef<PeerCall | null>(null);
  const agora = useRef<AgoraRoom | null>(null);
  const [remoteOn, setRemoteOn] = useState(false);
  const [lowBalance, setLowBalance] = useState<{ secondsLeft: number; at: number } | null>(null);
  const [balance, setBalance] = useState<number | null>(null);
  const [leaving, setLeaving] = useState(false);
  const s = session ?? loaded ?? null;
  const isFan = !!user && s?.userId === user._id;
  const other =
    (isFan ? s?.performer?.name : s?.user?.name) ?? (isFan ? t('streaming.theCreator') : t('streaming.theFan'));
  const ended = s?.status === 'ended';
  const now = useTicker(!ended);
  const { data: wallet } = useWallet(isFan);
  const useAgora = streamingProvider === 'agora';
  const hasSession = !!s;

  useEffect(() => {
    if (loaded) setSession((cur) => cur ?? loaded);
  }, [loaded]);

  // Camera and microphone for the built-in path (Agora opens its own).
  // biome-ignore lint/correctness/useExhaustiveDependencies: open once
  useEffect(() => {
    if (!useAgora) void devices.start();
  }, [useAgora]);
  useEffect(() => {
    if (localRef.current) localRef.current.srcObject = devices.stream;
  }, [devices.stream]);

  // Join the show over the socket (again after a reconnect) and keep the heartbeat going.
  useEffect(() => {
    if (!hasSession || ended || status !== 'connected') return;
    realtimeStreaming
      .privateJoin(sessionId)
      .then((res) => setSession(res.session))
      .catch((err) => toast.error(getErrorMessage(err)));
    const t = setInterval(() => realtimeStreaming.heartbeat(sessionId), PRIVATE_HEARTBEAT_INTERVAL_SECONDS * 1000);
    return () => clearInterval(t);
  }, [sessionId, hasSession, ended, status]);

  // WebRTC: one peer connection once the camera is on; the fan offers when the show is live.
  useEffect(() => {
    if (useAgora || !s || ended || !devices.stream || peer.current) return;
    peer.current = new PeerCall({
      iceServers: s.iceServers,
      polite: !isFan,
      local: devices.stream,
      send: (data) => emit('private/signal', { sessionId, data }),
      onRemote: (remote) => {
        if (remoteRef.current) remoteRef.current.srcObject = remote;
        setRemoteOn(true);
      },
      onState: (state) => {
        if (state === 'failed' && isFan) void peer.current?.offer();
      },
    });
  }, [useAgora, s, ended, devices.stream, isFan, sessionId]);

  const liveNow = s?.status === 'live';
  // biome-ignore lint/correctness/useExhaustiveDependencies: offer again once the peer exists (it needs the camera)
  useEffect(() => {
    if (liveNow && isFan && peer.current) void peer.current.offer();
  }, [liveNow, isFan, devices.stream]);

  // Agora: both parties publish and subscribe in the session's channel.
  useEffect(() => {
    if (!useAgora || !hasSession || ended || agora.current) return;
    let cancelled = false;
    (async () => {
      const credentials = await streamingApi.agoraToken(sessionId, 'publisher');
      const { joinAgora } = await import('../lib/agora');
      if (cancelled) return;
      agora.current = await joinAgora({
        credentials,
        mode: 'rtc',
        publish: { localContainer: null },
        remoteContainer: agoraRemote.current,
        onRemote: setRemoteOn,
      });
    })().catch((err) => toast.error(getErrorMessage(err)));
    return () => {
      cancelled = true;
    };
  }, [useAgora, hasSession, ended, sessionId]);

  useRealtimeEvent('private/session', (p) => {
    if (p.session._id === sessionId) setSession(p.session);
  });
  useRealtimeEvent('private/signal', (p) => {
    if (p.sessionId === sessionId && p.fromUserId !== user?._id) void peer.current?.receive(p.data);
  });
  useRealtimeEvent('private/low-balance', (p) => {
    if (p.sessionId !== sessionId) return;
    setLowBalance({ secondsLeft: p.secondsLeft, at: Date.now() });
    setBalance(p.balance);
  });
  useRealtimeEvent('balance/updated', (p) => setBalance(p.balance));

  // When the server ends the show: hang up and release the camera.
  useEffect(() => {
    if (!ended) return;
    peer.current?.close();
    peer.current = null;
    void agora.current?.leave();
    agora.current = null;
    devices.stop();
  }, [ended, devices.stop]);
  useEffect(
    () => () => {
      peer.current?.close();
      void agora.current?.leave();
    },
    [],
  );

  const leave = async () => {
    setLeaving(true);
    try {
      setSession(await streamingApi.endSession(sessionId));
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setLeaving(false);
    }
  };

  if (error) {
    const code = isApiError(error) ? error.statusCode : 0;
    return (
      <EmptyState
        icon={VideoOff}
        level={1}
        className="mx-auto max-w-xl"
        title={code === 404 || code === 403 ? t('streaming.privateNotFound') : t('streaming.showNotOpened')}
        description={getErrorMessage(error)}
      />
    );
  }
  if (!s) return <PageSpinner />;

  const seconds = s.startedAt
    ? Math.max(
        0,
        Math.floor(((s.endedAt ? new Date(s.endedAt).getTime() : now) - new Date(s.startedAt).getTime()) / 1000),
      )
    : 0;
  const currentBalance = balance ?? wallet?.balance ?? null;
  const warnLeft = lowBalance ? Math.max(0, lowBalance.secondsLeft - Math.floor((now - lowBalance.at) / 1000)) : null;

  if (ended) {
    return (
      <div className="mx-auto max-w-xl" data-testid="private-ended">
        <EmptyState
          icon={PhoneOff}
          level={1}
          title={t('streaming.privateEnded')}
          description={
            <>
              {endText(s.endReason, isFan, other)}
              <span className="mt-3 block font-semibold text-zinc-900 dark:text-white" data-testid="private-summary">
                {t('streaming.minutes', { count: s.minutesBilled })} · {tokens(s.totalCharged)}
              </span>
            </>
          }
          action={
            <Link to={isFan ? '/live' : '/creator/live'} className={buttonClasses('primary')}>
              {isFan ? t('streaming.seeWhoIsLive') : t('streaming.backToStudio')}
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div className="-mx-4 -my-6 sm:mx-auto sm:my-0 sm:max-w-5xl" data-testid="private-show">
      <h1 className="sr-only">{t('streaming.privateWith', { name: other })}</h1>
      {!isFan && (
        <div className="absolute inset-x-4 top-20 z-20 sm:static sm:mb-3">
          <ModeratorWarning id={sessionId} />
        </div>
      )}
      <div className="relative h-[calc(100dvh-4rem)] overflow-hidden bg-zinc-950 sm:aspect-video sm:h-auto sm:rounded-2xl">
        {/* biome-ignore lint/a11y/useMediaCaption: live video call */}
        <video
          ref={remoteRef}
          autoPlay
          playsInline
          className={cn('size-full object-cover', useAgora && 'hidden')}
          data-testid="remote-video"
        />
        <div ref={agoraRemote} className={cn('absolute inset-0', !useAgora && 'hidden')} />
        {!remoteOn && (
          <div className="absolute inset-0 flex items-center justify-center p-6 text-center" role="status">
            <span className="rounded-full bg-black/60 px-4 py-2 text-sm text-white">
              {s.status === 'waiting'
                ? t('streaming.waitingFor', { name: other })
                : t('streaming.connectingTo', { name: other })}
            </span>
          </div>
        )}
        {!useAgora && (
          <video
            ref={(el) => {
              localRef.current = el;
              // The page may render after the camera opened: attach it here too.
              if (el && el.srcObject !== devices.stream) el.srcObject = devices.stream;
            }}
            autoPlay
            muted
            playsInline
            className="absolute top-3 right-3 aspect-[3/4] w-24 -scale-x-100 rounded-xl border-2 border-white/70 bg-black object-cover shadow-lg sm:w-40"
            data-testid="local-video"
          />
        )}
        <div className="absolute inset-x-0 top-0 flex items-center gap-2 bg-gradient-to-b from-black/70 to-transparent p-3 pr-32 text-white sm:pr-48">
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-bold',
              s.status === 'live' ? 'bg-red-600' : 'bg-zinc-600',
            )}
          >
            {s.status === 'live' ? t('streaming.privateLiveBadge') : t('streaming.privateBadge')}
          </span>
          <span className="truncate text-sm font-semibold">{other}</span>
        </div>
        {lowBalance && isFan && warnLeft !== null && (
          <div
            role="alert"
            className="absolute inset-x-3 top-16 flex items-start gap-2 rounded-xl bg-amber-500 p-3 text-sm font-medium text-black shadow-lg sm:inset-x-auto sm:left-3 sm:max-w-md"
            data-testid="low-balance-warning"
          >
            <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <span>
              {warnLeft < 60 ? t('streaming.lowBalanceSeconds', { n: warnLeft }) : t('streaming.lowBalanceMinute')}{' '}
              <Link to="/wallet" target="_blank" className="underline">
                {t('streaming.topUp')}
              </Link>
            </span>
          </div>
        )}
        <div className="absolute inset-x-0 bottom-0 flex flex-wrap items-end justify-between gap-3 bg-gradient-to-t from-black/80 to-transparent p-4 pt-12 text-white">
          <dl className="grid grid-cols-3 gap-x-5 text-sm" data-testid="private-meter">
            <div>
              <dt className="text-white/70">{t('streaming.time')}</dt>
              <dd className="font-mono text-lg font-semibold tabular-nums" data-testid="private-time">
                {clock(seconds)}
              </dd>
            </div>
            <div>
              <dt className="text-white/70">{isFan ? t('streaming.costTokens') : t('streaming.earnedTokens')}</dt>
              <dd className="text-lg font-semibold tabular-nums" data-testid="private-cost">
                {formatAmount(s.totalCharged)}
              </dd>
            </div>
            <div>
              <dt className="text-white/70">{isFan ? t('streaming.balanceTokens') : t('streaming.tokensPerMin')}</dt>
              <dd
                className="text-lg font-semibold tabular-nums"
                data-testid={isFan ? 'private-balance' : 'private-rate'}
              >
                {isFan
                  ? currentBalance === null
                    ? '…'
                    : formatAmount(currentBalance)
                  : formatAmount(s.pricePerMinute)}
              </dd>
            </div>
          </dl>
          <Button variant="danger" onClick={leave} loading={leaving} data-testid="leave-private">
            <PhoneOff className="size-4" aria-hidden="true" /> {isFan ? t('streaming.leave') : t('streaming.endShow')}
          </Button>
        </div>
      </div>
      <p className="mt-3 hidden text-sm text-zinc-600 sm:block dark:text-zinc-400">
        {t('streaming.perStartedMinute', { amount: tokens(s.pricePerMinute) })} ·{' '}
        {t('streaming.chargedSoFar', { count: s.minutesBilled })}
      </p>
    </div>
  );
}
