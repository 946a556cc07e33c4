import type { Feed } from '@marquee/shared';
import { Lock } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { lazyNamed } from '../../../lib/lazy-named';
import { SubscribeButton } from '../../subscriptions/components/subscribe-button';
import { tokens } from '../../wallet/api';
import { feedsApi } from '../api';

const UnlockDialog = lazyNamed(() => import('../../wallet/components/unlock-dialog'), 'UnlockDialog');

/** A locked post: the teaser or blurred preview, what it holds, and how to unlock it. */
export function LockedOverlay({ feed, onUnlocked }: { feed: Feed; onUnlocked: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const { t } = useTranslation();
  const preview =
    feed.thumbnail?.thumbnail ?? feed.thumbnail?.url ?? feed.files[0]?.blurredUrl ?? feed.teaser?.blurredUrl;
  const teaser = feed.teaser?.url ?? feed.files.find((f) => f.teaserUrl)?.teaserUrl;
  return (
    <div className="relative mt-3 overflow-hidden rounded-2xl bg-zinc-900" data-testid="locked-overlay">
      {teaser ? (
        <video className="aspect-[4/5] w-full object-cover opacity-70" src={teaser} muted autoPlay loop playsInline />
      ) : preview ? (
        <img className="aspect-[4/5] w-full object-cover" src={preview} alt="" />
      ) : (
        <div className="aspect-[4/5] w-full bg-gradient-to-br from-zinc-800 to-zinc-950" />
      )}
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/40 p-6 text-center text-white">
        <Lock className="size-8" aria-hidden />
        <p className="text-sm font-medium">
          {feed.fileCount > 0 ? `${t('feeds.files', { count: feed.fileCount })} · ` : ''}
          {feed.isSale ? t('feeds.payPerViewPost') : t('feeds.subscribersOnly')}
        </p>
        {feed.isSale ? (
          <Button onClick={() => setConfirming(true)} data-testid="unlock-button">
            {t('feeds.unlockFor', { amount: tokens(feed.price) })}
          </Button>
        ) : (
          <SubscribeButton
            performer={feed.performer ?? { _id: feed.performerId }}
            label={t('feeds.subscribeToSee')}
            onSubscribed={onUnlocked}
          />
        )}
      </div>
      <Suspense fallback={null}>
        {confirming && (
          <UnlockDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('feeds.unlockTitle')}
            description={t('feeds.unlockText')}
            price={feed.price}
            confirmLabel={t('feeds.unlockFor', { amount: tokens(feed.price) })}
            onConfirm={() => feedsApi.unlock(feed._id)}
            card={{ type: 'feed', id: feed._id }}
            successMessage={t('feeds.unlocked')}
            onDone={onUnlocked}
          />
        )}
      </Suspense>
    </div>
  );
}
