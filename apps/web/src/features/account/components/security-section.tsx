import type { Me } from '@marquee/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/input';
import { changePassword, disableTotp, enableTotp, setupTotp } from '../api';
import { SaveStatus, Section, useSave } from './shared';

export function PasswordForm({ user }: { user: Me }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const { saving, status, run } = useSave();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (next !== confirm) {
      await run(() => Promise.reject({ message: 'The new passwords do not match' }));
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
    <Section title="Password" description="Changing it signs you out everywhere else.">
      <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-3" aria-label="Change password">
        {user.hasPassword && (
          <Field
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        )}
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          hint="At least 8 characters."
        />
        <Field
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <div className="flex items-center gap-4 sm:col-span-3">
          <Button type="submit" loading={saving} disabled={!next}>
            Update password
          </Button>
          <SaveStatus status={status} />
        </div>
      </form>
    </Section>
  );
}

export function TwoFactorSection({ user }: { user: Me }) {
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [code, setCode] = useState('');
  const { saving, status, run } = useSave();
  const start = () => run(async () => setSetup(await setupTotp()), 'Scan the key with your authenticator app');
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await run(() => (user.totpEnabled ? disableTotp(code) : enableTotp(code)));
    if (ok) {
      setSetup(null);
      setCode('');
    }
  };
  return (
    <Section title="Two-factor authentication" description="Ask for a code from an authenticator app when logging in.">
      <p className="mb-4 text-sm">
        Status: <strong>{user.totpEnabled ? 'On' : 'Off'}</strong>
      </p>
      {!user.totpEnabled && !setup && (
        <Button variant="secondary" onClick={start} loading={saving}>
          Set up two-factor authentication
        </Button>
      )}
      {setup && (
        <div className="mb-4 space-y-2 text-sm">
          <p>Add this key to your authenticator app (or open the link on your phone), then enter the code it shows.</p>
          <code className="block rounded-lg bg-zinc-100 px-3 py-2 font-mono break-all dark:bg-zinc-800">
            {setup.secret}
          </code>
          <a href={setup.otpauthUrl} className="text-brand-600 underline dark:text-brand-400">
            Open in authenticator app
          </a>
        </div>
      )}
      {(setup || user.totpEnabled) && (
        <form onSubmit={confirm} className="flex flex-wrap items-end gap-3" aria-label="Two-factor code">
          <Field
            label="6-digit code"
            inputMode="numeric"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
          />
          <Button type="submit" loading={saving} variant={user.totpEnabled ? 'secondary' : 'primary'}>
            {user.totpEnabled ? 'Turn off' : 'Turn on'}
          </Button>
        </form>
      )}
      <div className="mt-3">
        <SaveStatus status={status} />
      </div>
    </Section>
  );
}
