import type { Comment } from '@marquee/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { useUiStore } from '../../../lib/ui-store';
import { useCurrentUser } from '../../auth/api';
import { CommentComposer } from '../../comments/components/comment-composer';
import { CommentText } from '../../comments/components/comment-text';
import { feedsApi, useComments } from '../api';

function CommentItem({
  c,
  feedId,
  onChange,
  isReply,
}: {
  c: Comment;
  feedId: string;
  onChange: () => void;
  isReply?: boolean;
}) {
  const { t } = useTranslation();
  const [replying, setReplying] = useState(false);
  const [showReplies, setShowReplies] = useState(false);
  const replies = useComments(showReplies ? feedId : undefined, c._id);
  const remove = async () => {
    try {
      await feedsApi.deleteComment(c._id);
      onChange();
    } catch (err) {
      toast.error(getErrorMessage(err));
    }
  };
  return (
    <li className="flex gap-3" data-testid="comment">
      <Avatar src={c.creator.avatar} alt={c.creator.name} size="xs" />
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          <span className="font-semibold">{c.creator.name || c.creator.username}</span> <CommentText text={c.text} />
        </p>
        {c.media?.url && (
          <a href={c.media.url} target="_blank" rel="noreferrer" className="mt-1 inline-block">
            <img
              src={c.media.thumbnail ?? c.media.url}
              alt={t('posts.attachedBy', { name: c.creator.name || c.creator.username })}
              className="max-h-48 rounded-xl"
              data-testid="comment-photo"
            />
          </a>
        )}
        <div className="mt-1 flex gap-3 text-xs text-zinc-500">
          <span>{new Date(c.createdAt).toLocaleString()}</span>
          {!isReply && (
            <button type="button" onClick={() => setReplying((r) => !r)}>
              {t('posts.reply')}
            </button>
          )}
          {c.canDelete && (
            <button type="button" onClick={remove}>
              {t('posts.delete')}
            </button>
          )}
          {!isReply && c.totalReply > 0 && (
            <button type="button" onClick={() => setShowReplies((s) => !s)}>
              {showReplies ? t('posts.hideReplies') : t('posts.viewReplies', { count: c.totalReply })}
            </button>
          )}
        </div>
        {replying && (
          <div className="mt-2">
            <CommentComposer
              objectType="feed"
              objectId={feedId}
              parentId={c._id}
              autoFocus
              placeholder={t('posts.replyTo', { name: c.creator.name || c.creator.username })}
              onPosted={() => {
                setReplying(false);
                setShowReplies(true);
                void replies.mutate();
                onChange();
              }}
            />
          </div>
        )}
        {showReplies && (
          <ul className="mt-3 space-y-3">
            {replies.data?.data.map((r) => (
              <CommentItem
                key={r._id}
                c={r}
                feedId={feedId}
                isReply
                onChange={() => {
                  void replies.mutate();
                  onChange();
                }}
              />
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/** Why the composer is missing: a visitor signs in (free posts too); a fan unlocks the post. */
function CannotComment() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const openLogin = useUiStore((s) => s.openLogin);
  if (user) return <p className="text-sm text-zinc-500">{t('posts.unlockToComment')}</p>;
  return (
    <p className="text-sm text-zinc-500">
      <button type="button" className="font-medium text-brand-600 underline dark:text-brand-400" onClick={openLogin}>
        {t('posts.signInToComment')}
      </button>
    </p>
  );
}

/** A post's comments with one level of replies. */
export function CommentsThread({
  feedId,
  canComment,
  onChange,
}: {
  feedId: string;
  canComment: boolean;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const { data, mutate } = useComments(feedId);
  const refresh = () => {
    void mutate();
    onChange();
  };
  return (
    <section aria-label={t('feeds.comments')} className="mt-6 space-y-4">
      <h2 className="text-lg font-semibold">
        {t('feeds.comments')} {data ? `(${data.total})` : ''}
      </h2>
      {canComment ? (
        <CommentComposer objectType="feed" objectId={feedId} placeholder={t('posts.writeComment')} onPosted={refresh} />
      ) : (
        <CannotComment />
      )}
      <ul className="space-y-4">
        {data?.data.map((c) => (
          <CommentItem key={c._id} c={c} feedId={feedId} onChange={refresh} />
        ))}
      </ul>
      {canComment && data && data.total === 0 && <p className="text-sm text-zinc-500">{t('posts.noComments')}</p>}
    </section>
  );
}
