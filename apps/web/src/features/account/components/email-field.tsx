import type { Me } from '@marquee/shared';
import { Trans, useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/input';

/**
 * The email of an account form. A new address is not set at once: the server mails it a link
 * and keeps the current one until it is opened (docs/accounts.md), so a changed address asks
 * for the current password and the pending address is shown until it is confirmed.
 */
export function EmailField({
  user,
  email,
  onEmail,
  currentPassword,
  onCurrentPassword,
}: {
  user: Pick<Me, 'email' | 'emailVerified' | 'hasPassword' | 'pendingEmail'>;
  email: string;
  onEmail: (value: string) => void;
  currentPassword: string;
  onCurrentPassword: (value: string) => void;
}) {
  const { t } = useTranslation();
  const changed = isNewEmail(user, email);
  return (
    <>
      <Field
        label={t('account.email.label')}
        type="email"
        value={email}
        onChange={(e) => onEmail(e.target.value)}
        autoComplete="email"
        hint={user.email && !user.emailVerified ? t('account.email.notVerified') : undefined}
      />
      {changed && user.hasPassword && (
        <Field
          label={t('account.email.currentPassword')}
          type="password"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(e) => onCurrentPassword(e.target.value)}
          hint={t('account.email.passwordHint')}
        />
      )}
      {user.pendingEmail && (
        <p role="status" className="text-sm text-zinc-600 sm:col-span-2 dark:text-zinc-400">
          <Trans
            i18nKey="account.email.pending"
            values={{ pending: user.pendingEmail, current: user.email ?? t('account.email.unset') }}
            components={{ strong: <strong /> }}
          />
        </p>
      )}
    </>
  );
}

/** The address to send when it differs from the account's (undefined: leave it). */
export function isNewEmail(user: Pick<Me, 'email'>, email: string): boolean {
  const value = email.trim().toLowerCase();
  return Boolean(value) && value !== (user.email ?? '').toLowerCase();
}

/** The email fields of PUT /users or PUT /performers/{id}: nothing when the address did not change. */
export function emailChange(user: Pick<Me, 'email'>, email: string, currentPassword: string) {
  if (!isNewEmail(user, email)) return {};
  return { email: email.trim(), currentPassword: currentPassword || undefined };
}
