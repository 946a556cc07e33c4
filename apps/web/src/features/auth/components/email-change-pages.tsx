import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api';
import { client } from '../../../lib/api-client';
import i18n from '../../../lib/i18n';
import { Message, Panel } from './recovery-pages';

type Result = { ok: boolean; text: string };

async function post(path: '/users/email-change/confirm' | '/users/email-change/undo', token: string): Promise<Result> {
  try {
    const r = await client.post(path, { body: { token }, authRedirect: false });
    return { ok: true, text: r.message };
  } catch (err) {
    return { ok: false, text: getErrorMessage(err, i18n.t('errors.tryAgain')) };
  }
}

/** /auth/email-change/confirm?token=…: the link mailed to the new address; it takes effect at once. */
export function EmailChangeConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<Result | null>(null);
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current || !token) return;
    ran.current = true;
    void post('/users/email-change/confirm', token).then(setResult);
  }, [token]);
  return (
    <Panel title={t('auth.emailChangeTitle')}>
      {!token && <Message ok={false} text={t('auth.linkIncomplete')} />}
      {token && !result && <Spinner label={t('auth.checkingLink')} />}
      {result && <Message {...result} />}
    </Panel>
  );
}

/**
 * /auth/email-change/undo?token=…: the link mailed to the old address. It signs every session
 * out, so it waits for a click (a mail scanner opening the page must not trigger it).
 */
export function EmailChangeUndoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
  const undo = async () => {
    setBusy(true);
    setResult(await post('/users/email-change/undo', token));
    setBusy(false);
  };
  return (
    <Panel title={t('auth.emailUndoTitle')}>
      {!token && <Message ok={false} text={t('auth.linkIncomplete')} />}
      {result && <Message {...result} />}
      {token && !result?.ok && (
        <div className="space-y-4">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('auth.emailUndoIntro')}</p>
          <Button onClick={undo} size="lg" className="w-full" loading={busy}>
            {t('auth.emailUndoButton')}
          </Button>
        </div>
      )}
      {result?.ok && (
        <Link to="/auth/forgot-password" className="font-medium text-brand-600 hover:underline dark:text-brand-400">
          {t('auth.forgotPassword')}
        </Link>
      )}
    </Panel>
  );
}
