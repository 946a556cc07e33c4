import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { loadEnglish } from '../../../lib/i18n/english';
import { useRealtimeEvent } from '../../../lib/realtime';
import { useCurrentUser } from '../../auth/api';
import { useStreamingStore } from '../store';

/**
 * A creator anywhere in the app hears of a new private show request (the studio lists them to
 * accept or reject); the request is kept in the streaming state until it is answered.
 */
export function PrivateRequestToaster() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  useRealtimeEvent('private/request', ({ request }) => {
    if (!user?.isPerformer || request.performerId !== user._id) return;
    if (request.status !== 'pending') {
      useStreamingStore.getState().removeRequest(request._id);
      return;
    }
    useStreamingStore.getState().addRequest(request);
    if (pathname !== '/creator/live') {
      // The streaming texts are not in the first load: fetched with the first request (docs/i18n.md).
      void loadEnglish(['streaming']).then(() =>
        toast.info(t('streaming.request.incoming', { name: request.user?.name ?? t('streaming.aFan') })),
      );
    }
  });
  return null;
}
