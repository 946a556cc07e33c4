import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dialog, Field, Label, toast } from '../../../components/ui';
import { getErrorMessage } from '../../../lib/api';
import { useRealtimeEvent } from '../../../lib/realtime';
import { type PrivateRequest, streamingApi, tokens, useStreamOffer } from '../api';

/**
 * A fan asks a creator for a private show, now or at a proposed time. Once accepted, the fan is
 * taken to the show (the `private/request` event carries the session).
 */
export function PrivateRequestDialog({
  creator,
  open,
  onOpenChange,
}: {
  creator: { _id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<PrivateRequest | null>(null);
  const { data: offer } = useStreamOffer(creator._id, open);
  const unavailable = offer !== undefined && !offer.privateShowsAvailable;

  useRealtimeEvent('private/request', ({ request }) => {
    if (!sent || request._id !== sent._id) return;
    setSent(request);
    if (request.status === 'accepted' && request.sessionId) {
      onOpenChange(false);
      navigate(`/private/${request.sessionId}`);
    }
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const req = await streamingApi.requestPrivate(creator._id, {
        scheduledAt: when === 'later' && at ? new Date(at).toISOString() : undefined,
        message: message.trim() || undefined,
      });
      setSent(req);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    if (sent?.status === 'pending') await streamingApi.cancel(sent._id).catch(() => undefined);
    setSent(null);
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : void cancel())}
      title={`Private show with ${creator.name}`}
      description="Billed per started minute from your wallet while the show runs. It stops by itself when your balance runs out."
    >
      {sent ? (
        <div className="space-y-4" data-testid="private-request-sent" role="status">
          {sent.status === 'pending' && (
            <p>
              Request sent at <strong>{tokens(sent.pricePerMinute)}</strong> per minute. Waiting for {creator.name} to
              accept…
            </p>
          )}
          {sent.status === 'rejected' && <p>{creator.name} declined your request this time.</p>}
          {sent.status === 'accepted' && <p>Accepted! Opening the show…</p>}
          <div className="flex justify-end">
            <Button variant="ghost" onClick={cancel}>
              {sent.status === 'pending' ? 'Cancel request' : 'Close'}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4" data-testid="private-request-form">
          <p className="rounded-xl bg-zinc-50 p-3 text-sm dark:bg-zinc-950" data-testid="private-price">
            {offer === undefined
              ? 'Loading the price…'
              : unavailable
                ? `${creator.name} does not take private shows right now.`
                : `${tokens(offer.privateCallPrice)} per started minute`}
          </p>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium">When</legend>
            <div className="flex gap-2">
              {(['now', 'later'] as const).map((w) => (
                <label
                  key={w}
                  className="flex cursor-pointer items-center gap-2 rounded-full border border-zinc-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-zinc-700 dark:has-[:checked]:bg-brand-950/50"
                >
                  <input type="radio" name="when" value={w} checked={when === w} onChange={() => setWhen(w)} />
                  {w === 'now' ? 'Now' : 'At a time'}
                </label>
              ))}
            </div>
          </fieldset>
          {when === 'later' && (
            <Field
              label="Proposed time"
              type="datetime-local"
              value={at}
              required
              onChange={(e) => setAt(e.target.value)}
            />
          )}
          <div>
            <Label htmlFor="private-message">Message (optional)</Label>
            <textarea
              id="private-message"
              rows={3}
              maxLength={500}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              className="block w-full rounded-xl border border-zinc-300 bg-white px-3.5 py-2 text-[15px] dark:border-zinc-700 dark:bg-zinc-900"
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={unavailable} data-testid="send-private-request">
              Send request
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
