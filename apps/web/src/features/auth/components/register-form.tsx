import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/input';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { setToken } from '../../../lib/cookies';
import { useUiStore } from '../../../lib/ui-store';
import { useSettings } from '../../settings/api';
import { creatorRegisterFormSchema, fieldError, type RegisterFormValues, registerFormSchema } from '../schemas';
import { register as registerAccount } from '../session';

export interface RegisterFormProps {
  accountType: 'fan' | 'creator';
  onDone?: () => void;
}

export function RegisterForm({ accountType: role, onDone }: RegisterFormProps) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const { clientSidePasswordHashing } = useSettings();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues>({
    resolver: zodResolver(role === 'creator' ? creatorRegisterFormSchema : registerFormSchema),
    defaultValues: { name: '', username: '', email: '', password: '', dateOfBirth: '' },
  });
  const [documents, setDocuments] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      if (role === 'creator' && documents.length) setProgress(0);
      const res = await registerAccount(role, values, {
        hashPassword: clientSidePasswordHashing,
        documents: role === 'creator' ? documents : undefined,
        onProgress: setProgress,
      });
      onDone?.();
      if (res?.token) {
        setToken(res.token, false);
        useUiStore.getState().setToken(res.token);
        navigate(role === 'creator' ? '/creator/account' : '/user/account');
        toast.success(t('auth.accountReady'));
      } else {
        toast.success(res?.message || t('auth.accountCreated'));
        useUiStore.getState().openLogin();
      }
    } catch (err) {
      setError(getErrorMessage(err));
    } finally {
      setProgress(null);
    }
  });

  const prefix = role === 'creator' ? 'creator' : 'fan';
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-label={role === 'creator' ? t('auth.creatorSignUp') : t('auth.fanSignUp')}
    >
      {error && (
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300"
        >
          {error}
        </div>
      )}
      <Field
        id={`${prefix}-name`}
        label={t('auth.displayName')}
        autoComplete="name"
        error={fieldError(t, errors.name?.message)}
        {...register('name')}
      />
      <Field
        id={`${prefix}-username`}
        label={t('auth.username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={fieldError(t, errors.username?.message)}
        {...register('username')}
      />
      <Field
        id={`${prefix}-email`}
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        error={fieldError(t, errors.email?.message)}
        {...register('email')}
      />
      <Field
        id={`${prefix}-password`}
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.passwordHint')}
        error={fieldError(t, errors.password?.message)}
        {...register('password')}
      />
      {role === 'creator' && (
        <>
          <Field
            id="creator-dob"
            label={t('auth.dateOfBirth')}
            type="date"
            required
            hint={t('auth.dateOfBirthHint')}
            error={fieldError(t, errors.dateOfBirth?.message)}
            {...register('dateOfBirth')}
          />
          <div>
            <label
              htmlFor="creator-documents"
              className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200"
            >
              {t('auth.identityDocument')}
            </label>
            <input
              id="creator-documents"
              type="file"
              multiple
              accept="image/*,application/pdf"
              onChange={(e) => setDocuments(Array.from(e.target.files ?? []).slice(0, 5))}
              className="block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700"
            />
            <p className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">{t('auth.identityDocumentHint')}</p>
          </div>
          {progress !== null && <ProgressBar value={progress} label={t('auth.uploading', { progress })} />}
        </>
      )}
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        {role === 'creator' ? t('auth.createCreatorAccount') : t('auth.createAccount')}
      </Button>
      <p className="text-center text-xs text-zinc-500 dark:text-zinc-400">
        <Trans
          i18nKey="auth.agreeTerms"
          components={{
            terms: (
              // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated link text inside.
              <a href="/page/terms-of-service" className="font-medium text-brand-600 underline dark:text-brand-400" />
            ),
          }}
        />
      </p>
    </form>
  );
}

export default RegisterForm;
