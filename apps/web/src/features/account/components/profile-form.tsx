import type { Me } from '@marquee/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/input';
import { updateUser } from '../api';
import { EmailField, emailChange } from './email-field';
import { SaveStatus, Section, useSave } from './shared';

/** A fan's account fields (PUT /users). */
export function ProfileForm({ user }: { user: Me }) {
  const { t } = useTranslation();
  const [name, setName] = useState(user.name ?? '');
  const [username, setUsername] = useState(user.username ?? '');
  const [email, setEmail] = useState(user.email ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const { saving, status, run } = useSave();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(() =>
      updateUser({
        name: name.trim() || undefined,
        username: username.trim() && username.trim() !== user.username ? username.trim() : undefined,
        ...emailChange(user, email, currentPassword),
      }).then((me) => {
        // A new address waits for its link: the field shows the current one, the note the pending one.
        setEmail(me.email ?? '');
        setCurrentPassword('');
      }),
    );
  };
  return (
    <Section title={t('account.profile.title')} description={t('account.profile.description')}>
      <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label={t('account.profile.title')}>
        <Field
          label={t('account.profile.displayName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="name"
        />
        <Field
          label={t('account.profile.username')}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoCapitalize="none"
          hint={t('account.profile.usernameHint')}
        />
        <EmailField
          user={user}
          email={email}
          onEmail={setEmail}
          currentPassword={currentPassword}
          onCurrentPassword={setCurrentPassword}
        />
        <div className="flex items-center gap-4 sm:col-span-2">
          <Button type="submit" loading={saving}>
            {t('account.saveChanges')}
          </Button>
          <SaveStatus status={status} />
        </div>
      </form>
    </Section>
  );
}
