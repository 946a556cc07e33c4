import { Camera, CircleStop, MonitorUp, Radio } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses, Card, CardContent, Dialog, toast } from '../../../components/ui';
import { getErrorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useRealtimeEvent } from '../../../lib/realtime';
import { useCurrentUser } from '../../auth/api';
import { ModeratorWarning } from '../../live-monitor/components/moderator-warning';
import { PeopleInContent } from '../../releases/components/people-in-content';
import { useSettings } from '../../settings/api';
import { usePageTitle } from '../../settings/hooks';
import { realtimeStreaming, type Stream, streamingApi, tokens, useCreatorLiveStream, useStreamSettings } from '../api';
import { useStreamRoom } from '../hooks/use-stream-room';
import type { AgoraRoom } from '../lib/agora';
import { Broadcaster } from '../lib/broadcaster';
import { useMediaDevices } from '../lib/media-devices';
import { DevicePicker } from './device-picker';
import { GoLiveForm } from './go-live-form';
import { IncomingRequests } from './incoming-requests';
import { LiveBadge, ViewerCount } from './live-badge';
import { ObsCard } from './obs-card';
import { PricesCard } from './prices-card';
import { StreamChat } from './stream-chat';
import { TipsReceived } from './tips-received';
import { ViewerList } from './viewer-list';

type Source = 'browser' | 'obs';

function clock(seconds: number) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h ? `${h}:` : ''}${String(m).padStart(h ? 2 : 1, '0')}:${String(s).padStart(2, '0')}`;
}

function useElapsed(startedAt: string | undefined) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!startedAt) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [startedAt]);
  return startedAt ? Math.max(0, Math.floor((now - new Date(startedAt).getTime()) / 1000)) : 0;
}

/** The go-live studio: camera preview and devices, stream details, OBS key, chat, viewers, tips, requests. */
export function StudioPage() {
  const { t } = useTranslation();
  usePageTitle(t('streaming.goLive'));
  const { user } = useCurrentUser();
  const { streamingProvider } = useSettings();
  const { data: settings } = useStreamSettings();
  const provider = settings?.provider ?? streamingProvider;
  const { stream: current, mutate: refreshCurrent, isLoading } = useCreatorLiveStream(user?._id);
  const [stream, setStream] = useState<Stream | null>(null);
  const [source, setSource] = useState<Source>('browser');
  const [busy, setBusy] = useState(false);
  const [goLiveError, setGoLiveError] = useState<string | null>(null);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [ingest, setIngest] = useState<'idle' | 'sending' | 'receiving' | 'error'>('idle');
  const devices = useMediaDevices();
  const preview = useRef<HTMLVideoElement>(null);
  const agoraLocal = useRef<HTMLDivElement>(null);
  const broadcaster = useRef<Broadcaster | null>(null);
  const agora = useRef<AgoraRoom | null>(null);
  const live = stream ?? (current?.status === 'live' ? current : null);
  const room = useStreamRoom(live?._id);
  const elapsed = useElapsed(live?.startedAt);

  // The camera preview opens with the page (the browser asks for permission once).
  // biome-ignore lint/correctness/useExhaustiveDependencies: open once on mount
  useEffect(() => {
    if (source === 'browser') void devices.start();
  }, []);
  useEffect(() => {
    if (preview.current) preview.current.srcObject = devices.stream;
  }, [devices.stream]);

  useRealtimeEvent('stream/ingest', (p) => {
    if (p.streamId !== live?._id) return;
    setIngest(p.state === 'receiving' ? 'receiving' : p.state === 'error' ? 'error' : 'idle');
    if (p.state === 'error' && p.message) toast.error(p.message);
  });

  const stopMedia = useCallback(async () => {
    await broadcaster.current?.stop();
    broadcaster.current = null;
    await agora.current?.leave().catch(() => undefined);
    agora.current = null;
  }, []);
  useEffect(
    () => () => {
      void stopMedia();
    },
    [stopMedia],
  );

  // Record how long the stream ran (only grows on the server), every 30 s while live.
  useEffect(() => {
    if (!live) return;
    const t = setInterval(() => {
      const seconds = Math.floor((Date.now() - new Date(live.startedAt).getTime()) / 1000);
      void streamingApi.setDuration(live._id, seconds).catch(() => undefined);
    }, 30_000);
    return () => clearInterval(t);
  }, [live]);

  const startBroadcast = async (s: Stream) => {
    if (source !== 'browser') return;
    if (provider === 'agora') {
      const credentials = await streamingApi.agoraToken(s._id, 'publisher');
      const { joinAgora } = await import('../lib/agora');
      devices.stop(); // Agora opens the devices itself
      agora.current = await joinAgora({
        credentials,
        mode: 'live',
        publish: { ...devices.choice, localContainer: agoraLocal.current },
      });
      setIngest('receiving');
      return;
    }
    const media = devices.stream ?? (await devices.start());
    if (!media) throw new Error(t('streaming.studio.cameraFirst'));
    const b = new Broadcaster({
      stream: media,
      timeslice: 1000,
      send: async (chunk, seq) => {
        await realtimeStreaming.publish(s._id, seq, chunk);
      },
      onError: (err) => {
        broadcaster.current = null; // shows "Resume camera" (a new broadcast restarts at chunk 0)
        setIngest('error');
        toast.error(t('streaming.studio.broadcastStoppedReason', { reason: getErrorMessage(err) }));
      },
    });
    broadcaster.current = b;
    b.start();
    setIngest('sending');
  };

  const goLive = async (body: Parameters<typeof streamingApi.goLive>[0]) => {
    setBusy(true);
    setGoLiveError(null);
    try {
      const s = await streamingApi.goLive(body);
      setStream(s);
      await startBroadcast(s);
      void refreshCurrent();
      toast.success(t('streaming.studio.youAreLive'));
    } catch (err) {
      // A refusal for consent stays on the form, next to the people it names; others are a toast.
      if ((err as { code?: string }).code === 'CONSENT_MISSING') setGoLiveError(getErrorMessage(err));
      else toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const end = async () => {
    if (!live) return;
    setBusy(true);
    try {
      await stopMedia();
      await streamingApi.setDuration(live._id, elapsed).catch(() => undefined);
      await streamingApi.end(live._id);
      setStream(null);
      setIngest('idle');
      setConfirmEnd(false);
      await refreshCurrent();
      toast.success(t('streaming.studio.streamEnded'));
      if (source === 'browser' && provider !== 'agora') void devices.start();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const clearChat = async () => {
    if (!live) return;
    try {
      const res = await streamingApi.clearChat(live.conversationId ?? live._id);
      toast.success(t('streaming.studio.messagesDeleted', { count: res.deleted }));
    } catch (err) {
      toast.error(getErrorMessage(err));
    }
  };

  const broadcasting = !!broadcaster.current || !!agora.current;

  return (
    <div className="mx-auto max-w-6xl" data-testid="studio">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex items-center gap-2 text-2xl font-extrabold tracking-tight sm:text-3xl">
          <Radio className="size-7 text-red-600" aria-hidden="true" /> {t('streaming.studio.title')}
        </h1>
        {live && (
          <div className="flex items-center gap-2">
            <LiveBadge size="md" />
            <span className="font-mono text-sm tabular-nums">
              <span className="sr-only">{t('streaming.studio.timeLive')} </span>
              {clock(elapsed)}
            </span>
            <ViewerCount count={room.viewers?.count ?? live.viewerCount} className="text-sm" />
          </div>
        )}
      </div>
      {live && (
        <div className="mb-5">
          <ModeratorWarning id={live._id} />
        </div>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="space-y-6">
          <Card className="overflow-hidden">
            <div className="relative aspect-[3/4] bg-black sm:aspect-video">
              <video
                ref={preview}
                autoPlay
                muted
                playsInline
                className={cn('size-full -scale-x-100 object-cover', (source === 'obs' || agora.current) && 'hidden')}
                data-testid="camera-preview"
              />
              <div ref={agoraLocal} className={cn('absolute inset-0', !agora.current && 'hidden')} />
              {source === 'obs' && (
                <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-6 text-center text-white">
                  <MonitorUp className="size-10" aria-hidden="true" />
                  <p className="font-semibold">
                    {ingest === 'receiving' ? t('streaming.studio.receiving') : t('streaming.studio.waitingSoftware')}
                  </p>
                  <p className="text-sm text-white/80">{t('streaming.studio.obsSends')}</p>
                </div>
              )}
              {source === 'browser' && devices.status !== 'ready' && !agora.current && (
                <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-white">
                  <Camera className="size-10" aria-hidden="true" />
                  <p className="max-w-sm text-sm">{devices.error ?? t('streaming.studio.preview')}</p>
                  <Button variant="inverse" onClick={() => devices.start()} loading={devices.status === 'asking'}>
                    {t('streaming.studio.turnOnCamera')}
                  </Button>
                </div>
              )}
              {live && (
                <span
                  className="absolute top-3 left-3 rounded-full bg-black/60 px-3 py-1 text-xs font-semibold text-white"
                  role="status"
                >
                  {ingest === 'receiving'
                    ? t('streaming.studio.fansReceiving')
                    : ingest === 'sending'
                      ? t('streaming.studio.sending')
                      : ingest === 'error'
                        ? t('streaming.studio.broadcastStopped')
                        : t('streaming.studio.waitingVideo')}
                </span>
              )}
            </div>
            <CardContent className="space-y-4">
              <fieldset className="flex gap-2">
                <legend className="sr-only">{t('streaming.studio.broadcastFrom')}</legend>
                {(['browser', 'obs'] as const).map((s) => (
                  <button
                    key={s}
                    type="button"
                    aria-pressed={source === s}
                    disabled={!!live}
                    onClick={() => {
                      setSource(s);
                      if (s === 'obs') devices.stop();
                      else void devices.start();
                    }}
                    className={buttonClasses(source === s ? 'secondary' : 'outline', 'sm')}
                  >
                    {s === 'browser' ? (
                      <>
                        <Camera className="size-4" aria-hidden="true" /> {t('streaming.studio.thisBrowser')}
                      </>
                    ) : (
                      <>
                        <MonitorUp className="size-4" aria-hidden="true" /> {t('streaming.studio.software')}
                      </>
                    )}
                  </button>
                ))}
              </fieldset>
              {source === 'browser' && <DevicePicker devices={devices} disabled={!!live} />}
              {live ? (
                <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-zinc-50 p-4 dark:bg-zinc-950">
                  <div className="min-w-0">
                    <p className="truncate font-semibold">{live.title}</p>
                    <p className="text-sm text-zinc-600 dark:text-zinc-400">
                      {live.isFree
                        ? t('streaming.studio.freePublic')
                        : `${t(`streaming.types.${live.type === 'group' ? 'group' : 'public'}.label`)} · ${tokens(live.price)}`}
                      {' · '}
                      <Link
                        to={`/live/${live._id}`}
                        className="font-medium text-brand-700 underline dark:text-brand-300"
                      >
                        {t('streaming.studio.watchPage')}
                      </Link>
                    </p>
                  </div>
                  <div className="flex gap-2">
                    {!broadcasting && source === 'browser' && (
                      <Button
                        variant="outline"
                        onClick={() => startBroadcast(live).catch((e) => toast.error(getErrorMessage(e)))}
                      >
                        {t('streaming.studio.resumeCamera')}
                      </Button>
                    )}
                    <Button variant="danger" onClick={() => setConfirmEnd(true)} data-testid="end-stream">
                      <CircleStop className="size-4" aria-hidden="true" /> {t('streaming.studio.endStream')}
                    </Button>
                  </div>
                </div>
              ) : (
                !isLoading && (
                  <GoLiveForm
                    defaultGroupPrice={settings?.groupCallPrice ?? 0}
                    busy={busy}
                    error={goLiveError}
                    disabled={source === 'browser' && devices.status !== 'ready' && provider !== 'agora'}
                    onSubmit={goLive}
                  />
                )
              )}
            </CardContent>
          </Card>
          {!live && settings?.nextStreamId && (
            <Card>
              <CardContent>
                <PeopleInContent
                  subjectType="stream"
                  subjectId={settings.nextStreamId}
                  title={t('releases.streamTitle')}
                  mediaIds={[]}
                  heading={t('releases.streamPeople')}
                  hint={t('releases.streamPeopleHint')}
                />
              </CardContent>
            </Card>
          )}
          {source === 'obs' && <ObsCard />}
          {live && <ViewerList streamId={live._id} live={room.viewers} />}
          <PricesCard />
          {source === 'browser' && <ObsCard />}
        </div>
        <div className="space-y-6">
          {live ? (
            <>
              <StreamChat
                streamId={live._id}
                conversationId={live.conversationId}
                canModerate
                className="h-[28rem]"
                onClearAll={clearChat}
              />
              <TipsReceived streamId={live._id} />
            </>
          ) : (
            <Card>
              <CardContent className="text-sm text-zinc-600 dark:text-zinc-400">
                {t('streaming.studio.intro')}
              </CardContent>
            </Card>
          )}
          <IncomingRequests />
        </div>
      </div>
      <Dialog
        open={confirmEnd}
        onOpenChange={setConfirmEnd}
        title={t('streaming.studio.endTitle')}
        description={t('streaming.studio.endText')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirmEnd(false)}>
              {t('streaming.studio.keepStreaming')}
            </Button>
            <Button variant="danger" loading={busy} onClick={end} data-testid="confirm-end-stream">
              {t('streaming.studio.endStream')}
            </Button>
          </>
        }
      />
    </div>
  );
}
