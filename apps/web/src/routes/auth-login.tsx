import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginForm } from '../features/auth/components/login-form';
import { useSettings } from '../features/settings/api';
import { usePageTitle } from '../features/settings/hooks';
import { takeReturnTo } from '../lib/return-to';
import { useUiStore } from '../lib/ui-store';

export default function LoginPage() {
  const { siteName } = useSettings();
  const returnTo = useMemo(() => takeReturnTo('/'), []);
  const { t } = useTranslation();
  usePageTitle(t('auth.logIn'));
  return (
    <div className="m-auto w-full max-w-md">
      <div className="rounded-3xl border border-zinc-200/80 bg-white p-6 shadow-xl shadow-brand-900/5 sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="text-2xl font-bold tracking-tight">{t('auth.loginPageHeading', { siteName })}</h1>
        <p className="mt-1.5 mb-6 text-sm text-zinc-600 dark:text-zinc-400">{t('auth.loginPageIntro')}</p>
        <LoginForm returnTo={returnTo} />
      </div>
      <p className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
        {t('auth.noAccount')}{' '}
        <button
          type="button"
          onClick={() => useUiStore.getState().openRegister('fan')}
          className="font-semibold text-brand-600 hover:underline dark:text-brand-400"
        >
          {t('auth.signUp')}
        </button>
      </p>
    </div>
  );
}
