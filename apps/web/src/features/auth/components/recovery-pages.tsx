import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { client } from '../../../lib/api-client';
import i18n from '../../../lib/i18n';
import { useUiStore } from '../../../lib/ui-store';
import { useSettings } from '../../settings/api';
import { usePageTitle } from '../../settings/hooks';
import { preparePassword } from '../session';

export function Panel({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="m-auto w-full max-w-md">
      <div className="rounded-3xl border border-zinc-200/80 bg-white p-6 shadow-xl shadow-brand-900/5 sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="mb-4 text-2xl font-bold tracking-tight">{title}</h1>
        {children}
      </div>
    </div>
  );
}

export function Message({ ok, text }: { ok: boolean; text: string }) {
  return (
    <p
      role={ok ? 'status' : 'alert'}
      className={
        ok
          ? 'mb-4 text-sm font-medium text-emerald-700 dark:text-emerald-400'
          : 'mb-4 text-sm font-medium text-red-600 dark:text-red-400'
      }
    >
      {text}
    </p>
  );
}

/** /auth/forgot-password: always the same answer (the server never says whether the account exists). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const r = await client.post('/auth/users/forgot', { body: { email }, authRedirect: false });
      setMsg({ ok: true, text: r.message });
    } catch (err) {
      setMsg({ ok: false, text: getErrorMessage(err, t('errors.tryAgain')) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel title={t('auth.forgotTitle')}>
      {msg && <Message {...msg} />}
      <form onSubmit={onSubmit} className="space-y-4" aria-label={t('auth.forgotForm')}>
        <Field
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {t('auth.sendResetLink')}
        </Button>
      </form>
    </Panel>
  );
}

/** /auth/reset-password?token=…: new password (the confirm field is checked here and not sent, spec §5). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { clientSidePasswordHashing } = useSettings();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (password !== confirm) return setMsg({ ok: false, text: t('auth.passwordsDiffer') });
    setBusy(true);
    try {
      const r = await client.post('/auth/password-recovery', {
        body: { token, password: await preparePassword(password, clientSidePasswordHashing) },
        authRedirect: false,
      });
      toast.success(r.message);
      navigate('/auth/login', { replace: true });
    } catch (err) {
      setMsg({ ok: false, text: getErrorMessage(err, t('errors.tryAgain')) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel title={t('auth.resetTitle')}>
      {!token && <Message ok={false} text={t('auth.linkIncomplete')} />}
      {msg && <Message {...msg} />}
      <form onSubmit={onSubmit} className="space-y-4" aria-label={t('auth.resetForm')}>
        <Field
          label={t('auth.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.passwordHint')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          label={t('auth.confirmPassword')}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <Button type="submit" size="lg" className="w-full" loading={busy} disabled={!token}>
          {t('auth.setPassword')}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm">
        <Link to="/auth/forgot-password" className="text-brand-600 hover:underline dark:text-brand-400">
          {t('auth.askNewLink')}
        </Link>
      </p>
    </Panel>
  );
}

/** /auth/verify-email?token=…: confirms the address; a form to ask for a new link when it fails. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [email, setEmail] = useState('');
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current || !token) return;
    ran.current = true;
    client
      .post('/auth/email-verification/verify', { body: { token }, authRedirect: false })
      .then((r) => setMsg({ ok: true, text: r.message }))
      .catch((err) => setMsg({ ok: false, text: getErrorMessage(err, i18n.t('errors.tryAgain')) }));
  }, [token]);
  const resend = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const r = await client.post('/auth/email-verification', { body: { email }, authRedirect: false });
      setMsg({ ok: true, text: r.message });
    } catch (err) {
      setMsg({ ok: false, text: getErrorMessage(err, t('errors.tryAgain')) });
    }
  };
  return (
    <Panel title={t('auth.verifyTitle')}>
      {token && !msg && <Spinner label={t('auth.checkingLink')} />}
      {msg && <Message {...msg} />}
      {msg?.ok && token ? (
        <Button onClick={() => useUiStore.getState().openLogin()} size="lg" className="w-full">
          {t('auth.logIn')}
        </Button>
      ) : (
        <form onSubmit={resend} className="space-y-4" aria-label={t('auth.resendForm')}>
          <Field
            label={t('auth.email')}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            hint={t('auth.resendHint')}
          />
          <Button type="submit" variant="secondary" className="w-full">
            {t('auth.sendNewLink')}
          </Button>
        </form>
      )}
    </Panel>
  );
}
