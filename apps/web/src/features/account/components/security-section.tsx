import type { Me } from '@marquee/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/input';
import { changePassword, disableTotp, enableTotp, setupTotp } from '../api';
import { SaveStatus, Section, useSave } from './shared';

export function PasswordForm({ user }: { user: Me }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const { saving, status, run } = useSave();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (next !== confirm) {
      await run(() => Promise.reject({ message: t('account.password.mismatch') }));
      return;
    }
    const ok = await run(() =>
      changePassword({
        password: next,
        currentPassword: user.hasPassword ? current : undefined,
        source: user.isPerformer ? 'performer' : 'user',
      }),
    );
    if (ok) {
      setCurrent('');
      setNext('');
      setConfirm('');
    }
  };
  return (
    <Section title={t('account.password.title')} description={t('account.password.description')}>
      <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-3" aria-label={t('account.password.form')}>
        {user.hasPassword && (
          <Field
            label={t('account.password.current')}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        )}
        <Field
          label={t('account.password.new')}
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          hint={t('account.password.newHint')}
        />
        <Field
          label={t('account.password.confirm')}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <div className="flex items-center gap-4 sm:col-span-3">
          <Button type="submit" loading={saving} disabled={!next}>
            {t('account.password.update')}
          </Button>
          <SaveStatus status={status} />
        </div>
      </form>
    </Section>
  );
}

export function TwoFactorSection({ user }: { user: Me }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [code, setCode] = useState('');
  const { saving, status, run } = useSave();
  const start = () => run(async () => setSetup(await setupTotp()), t('account.twoFactor.scan'));
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await run(() => (user.totpEnabled ? disableTotp(code) : enableTotp(code)));
    if (ok) {
      setSetup(null);
      setCode('');
    }
  };
  return (
    <Section title={t('account.twoFactor.title')} description={t('account.twoFactor.description')}>
      <p className="mb-4 text-sm">
        {t('account.twoFactor.status')}{' '}
        <strong>{user.totpEnabled ? t('account.twoFactor.on') : t('account.twoFactor.off')}</strong>
      </p>
      {!user.totpEnabled && !setup && (
        <Button variant="secondary" onClick={start} loading={saving}>
          {t('account.twoFactor.setUp')}
        </Button>
      )}
      {setup && (
        <div className="mb-4 space-y-2 text-sm">
          <p>{t('account.twoFactor.instructions')}</p>
          <code className="block rounded-lg bg-zinc-100 px-3 py-2 font-mono break-all dark:bg-zinc-800">
            {setup.secret}
          </code>
          <a href={setup.otpauthUrl} className="text-brand-600 underline dark:text-brand-400">
            {t('account.twoFactor.open')}
          </a>
        </div>
      )}
      {(setup || user.totpEnabled) && (
        <form onSubmit={confirm} className="flex flex-wrap items-end gap-3" aria-label={t('account.twoFactor.form')}>
          <Field
            label={t('account.twoFactor.code')}
            inputMode="numeric"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
          />
          <Button type="submit" loading={saving} variant={user.totpEnabled ? 'secondary' : 'primary'}>
            {user.totpEnabled ? t('account.twoFactor.turnOff') : t('account.twoFactor.turnOn')}
          </Button>
        </form>
      )}
      <div className="mt-3">
        <SaveStatus status={status} />
      </div>
    </Section>
  );
}
