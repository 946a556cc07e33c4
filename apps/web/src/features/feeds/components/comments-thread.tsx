import type { Comment } from '@marquee/shared';
import { useState } from 'react';
import { Avatar, Button, toast } from '../../../components/ui';
import { getErrorMessage } from '../../../lib/api';
import { feedsApi, useComments } from '../api';

function CommentForm({
  onSubmit,
  placeholder,
  autoFocus,
}: {
  onSubmit: (text: string) => Promise<void>;
  placeholder: string;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex gap-2"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!text.trim()) return;
        setBusy(true);
        try {
          await onSubmit(text.trim());
          setText('');
        } catch (err) {
          toast.error(getErrorMessage(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <input
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        // biome-ignore lint/a11y/noAutofocus: opening a reply box means typing in it
        autoFocus={autoFocus}
        maxLength={2000}
        className="h-10 min-w-0 flex-1 rounded-full border border-zinc-300 bg-transparent px-4 text-sm dark:border-zinc-700"
      />
      <Button type="submit" loading={busy} disabled={!text.trim()}>
        Send
      </Button>
    </form>
  );
}

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
          <span className="font-semibold">{c.creator.name || c.creator.username}</span>{' '}
          <span className="whitespace-pre-line">{c.text}</span>
        </p>
        {c.media?.url && <img src={c.media.thumbnail ?? c.media.url} alt="" className="mt-1 max-h-48 rounded-xl" />}
        <div className="mt-1 flex gap-3 text-xs text-zinc-500">
          <span>{new Date(c.createdAt).toLocaleString()}</span>
          {!isReply && (
            <button type="button" onClick={() => setReplying((r) => !r)}>
              Reply
            </button>
          )}
          {c.canDelete && (
            <button type="button" onClick={remove}>
              Delete
            </button>
          )}
          {!isReply && c.totalReply > 0 && (
            <button type="button" onClick={() => setShowReplies((s) => !s)}>
              {showReplies ? 'Hide replies' : `View ${c.totalReply} repl${c.totalReply === 1 ? 'y' : 'ies'}`}
            </button>
          )}
        </div>
        {replying && (
          <div className="mt-2">
            <CommentForm
              autoFocus
              placeholder={`Reply to ${c.creator.name || c.creator.username}`}
              onSubmit={async (text) => {
                await feedsApi.comment(feedId, text, c._id);
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
  const { data, mutate } = useComments(feedId);
  const refresh = () => {
    void mutate();
    onChange();
  };
  return (
    <section aria-label="Comments" className="mt-6 space-y-4">
      <h2 className="text-lg font-semibold">Comments {data ? `(${data.total})` : ''}</h2>
      {canComment ? (
        <CommentForm
          placeholder="Write a comment"
          onSubmit={async (text) => {
            await feedsApi.comment(feedId, text);
            refresh();
          }}
        />
      ) : (
        <p className="text-sm text-zinc-500">Unlock this post to join the conversation.</p>
      )}
      <ul className="space-y-4">
        {data?.data.map((c) => (
          <CommentItem key={c._id} c={c} feedId={feedId} onChange={refresh} />
        ))}
      </ul>
      {data && data.total === 0 && <p className="text-sm text-zinc-500">No comments yet. Be the first!</p>}
    </section>
  );
}
