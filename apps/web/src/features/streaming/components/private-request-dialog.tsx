import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
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
      title={t('streaming.privateWith', { name: creator.name })}
      description={t('streaming.request.billing')}
    >
      {sent ? (
        <div className="space-y-4" data-testid="private-request-sent" role="status">
          {sent.status === 'pending' && (
            <p>
              <Trans
                i18nKey="streaming.request.sent"
                values={{ amount: tokens(sent.pricePerMinute), name: creator.name }}
                components={{ strong: <strong /> }}
              />
            </p>
          )}
          {sent.status === 'rejected' && <p>{t('streaming.request.declined', { name: creator.name })}</p>}
          {sent.status === 'accepted' && <p>{t('streaming.request.accepted')}</p>}
          <div className="flex justify-end">
            <Button variant="ghost" onClick={cancel}>
              {sent.status === 'pending' ? t('streaming.request.cancelRequest') : t('streaming.close')}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4" data-testid="private-request-form">
          <p className="rounded-xl bg-zinc-50 p-3 text-sm dark:bg-zinc-950" data-testid="private-price">
            {offer === undefined
              ? t('streaming.request.loadingPrice')
              : unavailable
                ? t('streaming.request.unavailable', { name: creator.name })
                : t('streaming.perStartedMinute', { amount: tokens(offer.privateCallPrice) })}
          </p>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium">{t('streaming.request.when')}</legend>
            <div className="flex gap-2">
              {(['now', 'later'] as const).map((w) => (
                <label
                  key={w}
                  className="flex cursor-pointer items-center gap-2 rounded-full border border-zinc-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-zinc-700 dark:has-[:checked]:bg-brand-950/50"
                >
                  <input type="radio" name="when" value={w} checked={when === w} onChange={() => setWhen(w)} />
                  {w === 'now' ? t('streaming.request.now') : t('streaming.request.later')}
                </label>
              ))}
            </div>
          </fieldset>
          {when === 'later' && (
            <Field
              label={t('streaming.request.proposedTime')}
              type="datetime-local"
              value={at}
              required
              onChange={(e) => setAt(e.target.value)}
            />
          )}
          <div>
            <Label htmlFor="private-message">{t('streaming.request.message')}</Label>
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
              {t('streaming.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={unavailable} data-testid="send-private-request">
              {t('streaming.request.send')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
