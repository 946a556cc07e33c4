import type { Feed } from '@marquee/shared';
import { Gift } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../../lib/lazy-named';
import { useUiStore } from '../../../lib/ui-store';
import { useCurrentUser } from '../../auth/api';

// The dialog loads on the first tip (every post card shows the button).
const TipDialog = lazyNamed(() => import('../../wallet/components/tip-dialog'), 'TipDialog');

/**
 * Tip from a post card: opens the wallet's TipDialog in place (sign-in first for visitors).
 * The tip goes to the post's creator and names the post (the creator's notification links to it).
 * Hidden on the creator's own posts.
 */
export function PostTipButton({ feed }: { feed: Feed }) {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const { t } = useTranslation();
  if (user && user._id === feed.performerId) return null;
  const creator = { _id: feed.performerId, name: feed.performer?.name, username: feed.performer?.username };
  return (
    <>
      <button
        type="button"
        aria-label={t('feeds.sendTip')}
        aria-haspopup="dialog"
        onClick={() => (user ? setOpen(true) : useUiStore.getState().openLogin())}
        className="flex items-center gap-1.5 rounded-full px-2.5 py-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800"
        data-testid="post-tip"
      >
        <Gift className="size-5" /> <span className="hidden sm:inline">{t('feeds.tip')}</span>
      </button>
      {user && open && (
        <Suspense fallback={null}>
          <TipDialog creator={creator} feedId={feed._id} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
