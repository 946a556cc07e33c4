import type { Feed } from '@marquee/shared';
import { Lock } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { lazyNamed } from '../../../lib/lazy-named';
import { SubscribeButton } from '../../subscriptions/components/subscribe-button';
import { feedsApi } from '../api';

const UnlockDialog = lazyNamed(() => import('../../wallet/components/unlock-dialog'), 'UnlockDialog');

/** A locked post: the teaser or blurred preview, what it holds, and how to unlock it. */
export function LockedOverlay({ feed, onUnlocked }: { feed: Feed; onUnlocked: () => void }) {
  const [confirming, setConfirming] = useState(false);
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
          {feed.fileCount > 0 ? `${feed.fileCount} file${feed.fileCount === 1 ? '' : 's'} · ` : ''}
          {feed.isSale ? 'Pay-per-view post' : 'For subscribers only'}
        </p>
        {feed.isSale ? (
          <Button onClick={() => setConfirming(true)} data-testid="unlock-button">
            Unlock for {feed.price.toFixed(2)} tokens
          </Button>
        ) : (
          <SubscribeButton
            performer={feed.performer ?? { _id: feed.performerId }}
            label="Subscribe to see"
            onSubscribed={onUnlocked}
          />
        )}
      </div>
      <Suspense fallback={null}>
        {confirming && (
          <UnlockDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Unlock this post?"
            description="The tokens are taken from your wallet. You keep access forever."
            price={feed.price}
            confirmLabel={`Unlock for ${feed.price.toFixed(2)} tokens`}
            onConfirm={() => feedsApi.unlock(feed._id)}
            successMessage="Post unlocked"
            onDone={onUnlocked}
          />
        )}
      </Suspense>
    </div>
  );
}
