import { CalendarClock, PhoneCall } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Avatar, Button, Card, CardContent, CardHeader, CardTitle, toast } from '../../../components/ui';
import { getErrorMessage } from '../../../lib/api';
import { useRealtimeEvent } from '../../../lib/realtime';
import { streamingApi, tokens, useIncomingRequests } from '../api';
import { useStreamingStore } from '../store';

/** Incoming private show requests: accept (opens the show) or reject. */
export function IncomingRequests() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useIncomingRequests();
  const requests = useStreamingStore((s) => s.privateRequests);
  const { setRequests, addRequest, removeRequest } = useStreamingStore.getState();
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    if (data) setRequests(data.data.filter((r) => r.status === 'pending'));
  }, [data, setRequests]);
  useRealtimeEvent('private/request', ({ request }) => {
    if (request.status === 'pending') addRequest(request);
    else removeRequest(request._id);
  });

  const accept = async (id: string) => {
    setBusy(id);
    try {
      const session = await streamingApi.accept(id);
      removeRequest(id);
      navigate(`/private/${session._id}`);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  const reject = async (id: string) => {
    setBusy(id);
    try {
      await streamingApi.reject(id);
      removeRequest(id);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card data-testid="incoming-requests">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <PhoneCall className="size-5 text-brand-600" aria-hidden="true" /> {t('streaming.requests')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {requests.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('streaming.noRequests')}</p>
        ) : (
          <ul className="space-y-3" aria-live="polite">
            {requests.map((r) => (
              <li key={r._id} className="rounded-xl bg-zinc-50 p-3 dark:bg-zinc-950" data-testid="private-request">
                <div className="flex items-center gap-3">
                  <Avatar src={r.user?.avatar} alt="" size="sm" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold">{r.user?.name ?? t('streaming.aFan')}</p>
                    <p className="text-xs text-zinc-600 dark:text-zinc-400">
                      {t('streaming.perMinuteShort', { amount: tokens(r.pricePerMinute) })}
                      {r.scheduledAt && (
                        <>
                          {' · '}
                          <CalendarClock className="inline size-3.5" aria-hidden="true" />{' '}
                          {new Date(r.scheduledAt).toLocaleString(undefined, {
                            dateStyle: 'medium',
                            timeStyle: 'short',
                          })}
                        </>
                      )}
                    </p>
                  </div>
                </div>
                {r.message && <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">“{r.message}”</p>}
                <div className="mt-3 flex gap-2">
                  <Button size="sm" loading={busy === r._id} onClick={() => accept(r._id)} data-testid="accept-request">
                    {t('streaming.accept')}
                  </Button>
                  <Button size="sm" variant="outline" disabled={busy === r._id} onClick={() => reject(r._id)}>
                    {t('streaming.reject')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
