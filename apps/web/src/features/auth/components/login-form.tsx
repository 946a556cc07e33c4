import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/input';
import { getErrorMessage } from '../../../lib/api';
import { useUiStore } from '../../../lib/ui-store';
import { useSettings } from '../../settings/api';
import { postLoginPath } from '../api';
import { fieldError, type LoginFormValues, loginFormSchema } from '../schemas';
import { login, TotpRequiredError } from '../session';
import type { CurrentUser } from '../types';
import { SocialLoginButtons } from './social-buttons';

export interface LoginFormProps {
  /** Where a fan with a complete profile goes afterwards (spec §2: the page they were on). */
  returnTo: string;
  onSuccess?: (user: CurrentUser) => void;
}

export function LoginForm({ returnTo, onSuccess }: LoginFormProps) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const { clientSidePasswordHashing } = useSettings();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { username: '', password: '', remember: true, totpCode: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const user = await login(values, { hashPassword: clientSidePasswordHashing });
      onSuccess?.(user);
      navigate(postLoginPath(user, returnTo), { replace: true });
    } catch (err) {
      if (err instanceof TotpRequiredError) {
        setNeedsCode(true);
        setError(values.totpCode ? getErrorMessage(err, t('errors.incorrectCredentials')) : null);
        return;
      }
      setError(getErrorMessage(err, t('errors.incorrectCredentials')));
    }
  });

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('auth.logIn')}>
        {error && (
          <div
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300"
          >
            {error}
          </div>
        )}
        <Field
          label={t('auth.emailOrUsername')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={fieldError(t, errors.username?.message)}
          {...register('username')}
        />
        <Field
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          error={fieldError(t, errors.password?.message)}
          {...register('password')}
        />
        {needsCode && (
          <Field
            label={t('auth.authCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            hint={t('auth.authCodeHint')}
            error={fieldError(t, errors.totpCode?.message)}
            {...register('totpCode')}
          />
        )}
        <div className="flex items-center justify-between gap-3">
          <label className="flex cursor-pointer items-center gap-2.5 text-sm text-zinc-700 dark:text-zinc-300">
            <input type="checkbox" className="size-4 rounded accent-brand-600" {...register('remember')} />
            {t('auth.rememberMe')}
          </label>
          <Link
            to="/auth/forgot-password"
            onClick={() => useUiStore.getState().closeLogin()}
            className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
          >
            {t('auth.forgotPassword')}
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {t('auth.logIn')}
        </Button>
      </form>
      <SocialLoginButtons returnTo={returnTo} />
    </div>
  );
}

export default LoginForm;
