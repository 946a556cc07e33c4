import type { Me } from '@marquee/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/input';
import { updateUser } from '../api';
import { EmailField, emailChange } from './email-field';
import { SaveStatus, Section, useSave } from './shared';

/** A fan's account fields (PUT /users). */
export function ProfileForm({ user }: { user: Me }) {
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
    <Section title="Profile" description="Your name, username and email address.">
      <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label="Profile">
        <Field label="Display name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
        <Field
          label="Username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoCapitalize="none"
          hint="3–30 letters, digits, _ or ."
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
            Save changes
          </Button>
          <SaveStatus status={status} />
        </div>
      </form>
    </Section>
  );
}
