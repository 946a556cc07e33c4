import { Ban, Gift, Lock, PhoneCall, Radio, VideoOff } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { type ApiError, getErrorMessage, isApiError } from '../../../lib/api';
import { useRealtimeEvent } from '../../../lib/realtime';
import { useUiStore } from '../../../lib/ui-store';
import { useCurrentUser } from '../../auth/api';
import { usePageTitle } from '../../settings/hooks';
import { TipDialog } from '../../wallet/components/tip-dialog';
import { UnlockDialog } from '../../wallet/components/unlock-dialog';
import { type JoinStreamResponse, type Stream, streamingApi, tokens, useStream } from '../api';
import { useMediaQuery } from '../hooks/use-media-query';
import { useStreamRoom } from '../hooks/use-stream-room';
import { AgoraPlayer } from './agora-player';
import { HlsPlayer } from './hls-player';
import { LiveBadge, ViewerCount } from './live-badge';
import { PrivateRequestDialog } from './private-request-dialog';
import { StreamChat } from './stream-chat';

type JoinState =
  | { kind: 'loading' }
  | { kind: 'joined'; join: JoinStreamResponse }
  | { kind: 'error'; error: ApiError | Error };

/** Joins the stream (GET /streaming/join/{id}) and renews the signed HLS URL before it expires. */
function useJoin(streamId: string) {
  const [state, setState] = useState<JoinState>({ kind: 'loading' });
  const join = useCallback(async () => {
    try {
      const res = await streamingApi.join(streamId);
      setState({ kind: 'joined', join: res });
      return res;
    } catch (err) {
      setState({ kind: 'error', error: err as ApiError });
      return null;
    }
  }, [streamId]);

  useEffect(() => {
    void join();
  }, [join]);

  const expiresAt = state.kind === 'joined' ? state.join.hlsExpiresAt : null;
  useEffect(() => {
    if (!expiresAt) return;
    const ms = Math.max(5_000, new Date(expiresAt).getTime() - Date.now() - 60_000);
    const timer = setTimeout(() => void join(), ms);
    return () => clearTimeout(timer);
  }, [expiresAt, join]);

  return { state, rejoin: join };
}

function Blocked({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={Ban}
      level={1}
      title={title}
      description={description}
      className="mx-auto max-w-xl"
      action={
        <Link to="/live" className={buttonClasses('outline')}>
          {t('streaming.seeWhoIsLive')}
        </Link>
      }
    />
  );
}

function Ended({ stream }: { stream?: Stream }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={VideoOff}
      level={1}
      title={t('streaming.watch.ended')}
      description={stream?.performer ? t('streaming.watch.notLive', { name: stream.performer.name }) : undefined}
      className="mx-auto max-w-xl"
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Link to="/live" className={buttonClasses('primary')}>
            {t('streaming.seeWhoIsLive')}
          </Link>
          {stream?.performer?.username && (
            <Link to={`/${stream.performer.username}`} className={buttonClasses('outline')}>
              {t('streaming.watch.visit', { name: stream.performer.name })}
            </Link>
          )}
        </div>
      }
    />
  );
}

function PaywallPanel({ stream, onUnlocked }: { stream: Stream; onUnlocked: () => void }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const who = stream.performer?.name ?? t('streaming.theCreator');
  return (
    <div className="mx-auto max-w-xl">
      <EmptyState
        icon={Lock}
        level={1}
        title={stream.title}
        description={t(stream.type === 'group' ? 'streaming.watch.paywallGroup' : 'streaming.watch.paywallPaid', {
          name: who,
          amount: tokens(stream.price),
        })}
        action={
          <Button
            onClick={() => (user ? setOpen(true) : useUiStore.getState().openLogin())}
            data-testid="unlock-stream"
          >
            <Lock className="size-4" aria-hidden="true" />{' '}
            {t('streaming.watch.unlockFor', { amount: tokens(stream.price) })}
          </Button>
        }
      />
      <UnlockDialog
        open={open}
        onOpenChange={setOpen}
        title={t('streaming.watch.unlockTitle')}
        description={t('streaming.watch.titleBy', { title: stream.title, name: who })}
        price={stream.price}
        onConfirm={() => streamingApi.buySession(stream._id)}
        card={{ type: 'stream', id: stream._id }}
        onDone={onUnlocked}
        successMessage="Enjoy the show!"
      />
    </div>
  );
}

/** The watch page: the player (full screen on phones), chat, tips, private show request. */
export function WatchPage({ streamId }: { streamId: string }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const { data: info, mutate: refreshInfo } = useStream(streamId);
  const { state, rejoin } = useJoin(streamId);
  const joined = state.kind === 'joined' ? state.join : null;
  const stream = joined?.stream ?? info;
  const room = useStreamRoom(streamId, !!joined && !!user);
  const [tipOpen, setTipOpen] = useState(false);
  const [privateOpen, setPrivateOpen] = useState(false);
  const [muted, setMuted] = useState(false);
  const [removed, setRemoved] = useState(false);
  // One chat at a time: over the video on phones, beside it on wide screens, under it in between.
  const phone = !useMediaQuery('(min-width: 640px)');
  const wide = useMediaQuery('(min-width: 1024px)');
  usePageTitle(stream ? `${stream.performer?.name ?? t('streaming.live')}: ${stream.title}` : t('streaming.live'));

  useEffect(() => setMuted(joined?.muted ?? false), [joined?.muted]);
  useRealtimeEvent('stream/muted', (p) => {
    if (p.streamId !== streamId || p.userId !== user?._id) return;
    setMuted(p.muted);
    toast.info(p.muted ? t('streaming.watch.mutedToast') : t('streaming.watch.unmutedToast'));
  });
  useRealtimeEvent('stream/removed', (p) => {
    if (p.streamId === streamId && p.userId === user?._id) setRemoved(true);
  });

  if (removed) {
    return <Blocked title={t('streaming.watch.removed')} description={t('streaming.watch.removedText')} />;
  }
  if (room.ended || stream?.status === 'ended') return <Ended stream={stream} />;
  if (state.kind === 'loading') return <PageSpinner />;
  if (state.kind === 'error') {
    const err = state.error;
    const code = isApiError(err) ? err.code : undefined;
    const status = isApiError(err) ? err.statusCode : 0;
    if (code === 'STREAM_PAYMENT_REQUIRED' && info) {
      return (
        <PaywallPanel
          stream={info}
          onUnlocked={() => {
            void rejoin();
            void refreshInfo();
          }}
        />
      );
    }
    if (code === 'STREAM_NOT_LIVE') return <Ended stream={info} />;
    if (code === 'REMOVED_FROM_STREAM')
      return <Blocked title={t('streaming.watch.removed')} description={t('streaming.watch.removedText')} />;
    if (code === 'BLOCKED' || code === 'COUNTRY_BLOCKED')
      return <Blocked title={t('streaming.watch.unavailable')} description={t('streaming.watch.unavailableText')} />;
    if (status === 404)
      return <Blocked title={t('streaming.watch.notFound')} description={t('streaming.watch.notFoundText')} />;
    return <Blocked title={t('streaming.watch.notOpened')} description={getErrorMessage(err)} />;
  }

  const s = state.join.stream;
  const who = s.performer;
  const isOwner = user?._id === s.performerId;
  const viewerCount = room.viewers?.count ?? s.viewerCount;
  const player =
    joined?.provider === 'agora' && joined.agora ? (
      <AgoraPlayer channel={joined.agora.channel} className="size-full" />
    ) : joined?.hlsUrl ? (
      <HlsPlayer src={joined.hlsUrl} streamKey={s._id} className="size-full" />
    ) : (
      <div className="flex size-full items-center justify-center text-white">{t('streaming.watch.noVideo')}</div>
    );

  const actions = !isOwner && (
    <div className="flex gap-2">
      <Button
        size="sm"
        variant="inverse"
        onClick={() => (user ? setTipOpen(true) : useUiStore.getState().openLogin())}
        data-testid="stream-tip-button"
      >
        <Gift className="size-4" aria-hidden="true" /> {t('streaming.watch.tip')}
      </Button>
      <Button
        size="sm"
        variant="inverse"
        onClick={() => (user ? setPrivateOpen(true) : useUiStore.getState().openLogin())}
        data-testid="request-private"
      >
        <PhoneCall className="size-4" aria-hidden="true" /> {t('streaming.privateShow')}
      </Button>
    </div>
  );

  return (
    <div className="-mx-4 -my-6 sm:mx-0 sm:my-0" data-testid="watch-page">
      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_360px] lg:gap-6">
        {/* Phones: the player fills the screen under the header, chat and actions float over it. */}
        <div className="relative h-[calc(100dvh-4rem)] overflow-hidden bg-black sm:h-auto sm:rounded-2xl lg:self-start">
          <div className="absolute inset-0 sm:relative sm:aspect-video">{player}</div>
          <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between gap-2 bg-gradient-to-b from-black/70 to-transparent p-3">
            <div className="pointer-events-auto flex min-w-0 items-center gap-2">
              <Link to={who?.username ? `/${who.username}` : '/live'} className="shrink-0">
                <Avatar src={who?.avatar} alt={who?.name ?? ''} size="sm" />
              </Link>
              <div className="min-w-0">
                <h1 className="truncate text-sm font-semibold text-white">{s.title}</h1>
                <p className="truncate text-xs text-white/80">{who?.name}</p>
              </div>
            </div>
            <div className="flex shrink-0 items-center gap-1.5">
              <LiveBadge />
              <ViewerCount count={viewerCount} />
            </div>
          </div>
          {phone && (
            <div className="absolute inset-x-0 bottom-0 flex max-h-[45%] flex-col gap-2 bg-gradient-to-t from-black/80 via-black/50 to-transparent p-3 pt-10">
              {chat('overlay', 'min-h-0 flex-1')}
              {actions}
            </div>
          )}
        </div>
        {!phone && (
          <div className="mt-4 flex flex-col gap-4 lg:mt-0">
            {actionsDesktop()}
            {chat('panel', wide ? 'h-[min(560px,calc(100dvh-14rem))]' : 'h-96')}
          </div>
        )}
      </div>
      {s.description && (
        <p className="mt-4 hidden max-w-3xl whitespace-pre-line text-zinc-700 sm:block dark:text-zinc-300">
          {s.description}
        </p>
      )}
      {user && who && (
        <>
          <TipDialog
            creator={{ _id: s.performerId, name: who.name, username: who.username }}
            open={tipOpen}
            onOpenChange={setTipOpen}
            onSend={(amount, message) => streamingApi.tip(s._id, amount, message)}
          />
          <PrivateRequestDialog
            creator={{ _id: s.performerId, name: who.name }}
            open={privateOpen}
            onOpenChange={setPrivateOpen}
          />
        </>
      )}
    </div>
  );

  function chat(variant: 'overlay' | 'panel', className: string) {
    return (
      <StreamChat
        streamId={s._id}
        conversationId={joined?.conversationId ?? s.conversationId}
        muted={muted}
        variant={variant}
        className={className}
      />
    );
  }

  function actionsDesktop() {
    return (
      <div className="rounded-2xl border border-zinc-200/80 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <div className="flex items-center gap-3">
          <Avatar src={who?.avatar} alt="" size="md" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold">{who?.name}</p>
            {who?.username && (
              <Link to={`/${who.username}`} className="text-sm text-brand-700 hover:underline dark:text-brand-300">
                @{who.username}
              </Link>
            )}
          </div>
          <Radio className="size-5 text-red-600" aria-hidden="true" />
        </div>
        {!isOwner ? (
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => (user ? setTipOpen(true) : useUiStore.getState().openLogin())}
              data-testid="stream-tip-button-desktop"
            >
              <Gift className="size-4" aria-hidden="true" /> {t('streaming.watch.sendTip')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => (user ? setPrivateOpen(true) : useUiStore.getState().openLogin())}
            >
              <PhoneCall className="size-4" aria-hidden="true" /> {t('streaming.watch.requestPrivate')}
            </Button>
          </div>
        ) : (
          <Button size="sm" variant="outline" className="mt-3" onClick={() => navigate('/creator/live')}>
            {t('streaming.watch.openStudio')}
          </Button>
        )}
      </div>
    );
  }
}
