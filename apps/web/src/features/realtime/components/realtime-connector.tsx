import { useEffect } from 'react';
import { sessionEnded } from '../../../lib/api';
import { connectRealtime, disconnectRealtime, on, revokedElsewhere } from '../../../lib/realtime';
import { useUiStore } from '../../../lib/ui-store';
import { useCurrentUser } from '../../auth/api';

/**
 * Opens the socket once the user is logged in and closes it on logout or unmount (spec §4). A
 * session revoked elsewhere (password change, suspension, erasure) ends here too: to the login page.
 */
export function RealtimeConnector() {
  const token = useUiStore((s) => s.token);
  const { user } = useCurrentUser();
  const userId = user?._id;

  useEffect(() => {
    if (!token || !userId) return;
    void connectRealtime(token, useUiStore.getState().setRealtimeStatus);
    const offRevoked = on('auth/revoked', () => {
      if (!revokedElsewhere()) return; // our own logout or erasure: it signs out by itself
      disconnectRealtime();
      sessionEnded();
    });
    return () => {
      offRevoked();
      disconnectRealtime();
      useUiStore.getState().setRealtimeStatus('initialized');
    };
  }, [token, userId]);

  return null;
}
