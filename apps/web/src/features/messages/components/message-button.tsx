import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api';
import { useUiStore } from '../../../lib/ui-store';
import { useCurrentUser } from '../../auth/api';
import { createConversation } from '../api';

/** The profile's Message button: opens (or creates) the private conversation with the creator. */
export function MessageButton({ creator }: { creator: { _id: string } }) {
  const { user, isLoggedIn } = useCurrentUser();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  if (user?._id === creator._id) return null;

  async function start() {
    if (!isLoggedIn) {
      useUiStore.getState().openLogin();
      return;
    }
    setBusy(true);
    try {
      const c = await createConversation(creator._id, 'performer');
      navigate(`/messages/${c._id}`);
    } catch (err) {
      // A refusal the fan can act on (subscribe first, blocked) is named; anything else is the spec's text.
      toast.error(
        isApiError(err) && err.statusCode >= 400 && err.statusCode < 500 ? err.message : t('errors.tryAgain'),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="outline" loading={busy} onClick={() => void start()}>
      <MessageCircle className="size-4" aria-hidden="true" /> {t('messages.message')}
    </Button>
  );
}
