import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useUiStore } from '../../../lib/ui-store';
import { useSettings } from '../../settings/api';
import { useCurrentPath } from '../hooks';

// Forms (react-hook-form + zod) load when a modal first opens, keeping them out of the main chunk.
const LoginForm = lazy(() => import('./login-form'));
const RegisterPanel = lazy(() => import('./register-panel'));

function FormFallback() {
  const { t } = useTranslation();
  return (
    <div className="flex h-64 items-center justify-center text-brand-600">
      <Spinner label={t('common.loading')} />
    </div>
  );
}

/** The login and register modals (spec §2); their open state lives in the UI store. */
export function AuthModals() {
  const { siteName } = useSettings();
  const loginOpen = useUiStore((s) => s.loginOpen);
  const registerOpen = useUiStore((s) => s.registerOpen);
  const { closeLogin, closeRegister, openLogin, openRegister } = useUiStore.getState();
  const currentPath = useCurrentPath();
  const { t } = useTranslation();

  return (
    <>
      <Dialog
        open={loginOpen}
        onOpenChange={(open) => (open ? openLogin() : closeLogin())}
        title={t('auth.welcomeBack')}
        description={t('auth.loginDescription', { siteName })}
      >
        <Suspense fallback={<FormFallback />}>
          <LoginForm returnTo={currentPath} onSuccess={closeLogin} />
        </Suspense>
        <p className="mt-5 text-center text-sm text-zinc-600 dark:text-zinc-400">
          {t('auth.newHere')}{' '}
          <button
            type="button"
            onClick={() => openRegister()}
            className="font-semibold text-brand-600 hover:underline dark:text-brand-400"
          >
            {t('auth.createAnAccount')}
          </button>
        </p>
      </Dialog>

      <Dialog
        open={registerOpen}
        onOpenChange={(open) => (open ? openRegister() : closeRegister())}
        title={t('auth.join', { siteName })}
        description={t('auth.joinDescription')}
      >
        <Suspense fallback={<FormFallback />}>
          <RegisterPanel onDone={closeRegister} />
        </Suspense>
        <p className="mt-5 text-center text-sm text-zinc-600 dark:text-zinc-400">
          {t('auth.haveAccount')}{' '}
          <button
            type="button"
            onClick={openLogin}
            className="font-semibold text-brand-600 hover:underline dark:text-brand-400"
          >
            {t('auth.logIn')}
          </button>
        </p>
      </Dialog>
    </>
  );
}
