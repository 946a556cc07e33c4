import type { Me } from '@marquee/shared';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../auth/api';
import { PrivacySection } from '../../privacy/components/privacy-section';
import { PushSettingsSection } from '../../push/components/push-settings';
import { usePageTitle } from '../../settings/hooks';
import { usePerformerProfile } from '../api';
import { CreatorProfileForm } from './creator-profile-form';
import { PayoutSettingsSection, VerificationSection, WelcomeVideoSection } from './creator-sections';
import { ImagesSection } from './images-section';
import { LanguageSection } from './language-section';
import { LinkedAccountsSection } from './linked-accounts';
import { ProfileForm } from './profile-form';
import { PasswordForm, TwoFactorSection } from './security-section';

function Missing({ user }: { user: Me }) {
  const { t } = useTranslation();
  const missing = !user.username ? (!user.email ? 'both' : 'username') : !user.email ? 'email' : null;
  if (!missing) return null;
  return (
    <p
      role="status"
      className="mt-4 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-900/50 dark:bg-amber-950/40 dark:text-amber-200"
    >
      {t(`account.missing.${missing}`)}
    </p>
  );
}

/** /user/account and /creator/account: every profile field, photos, password, 2FA, linked accounts, verification. */
export function AccountPage({ kind }: { kind: 'user' | 'creator' }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const isCreator = kind === 'creator' && user?.isPerformer;
  const { data: profile } = usePerformerProfile(Boolean(isCreator));
  const title = kind === 'creator' ? t('account.creatorTitle') : t('account.userTitle');
  usePageTitle(title);
  if (!user || (isCreator && !profile)) return <PageSpinner />;
  return (
    <div className="mx-auto max-w-3xl pb-16">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <Missing user={user} />
      {isCreator && profile ? (
        <>
          <VerificationSection profile={profile} />
          <CreatorProfileForm key={profile._id} profile={profile} />
        </>
      ) : (
        <ProfileForm user={user} />
      )}
      <ImagesSection user={user} />
      {isCreator && profile && <WelcomeVideoSection profile={profile} />}
      {isCreator && profile && <PayoutSettingsSection profile={profile} />}
      <PasswordForm user={user} />
      <TwoFactorSection user={user} />
      <LinkedAccountsSection />
      <LanguageSection />
      <PushSettingsSection isCreator={Boolean(user.isPerformer)} />
      <PrivacySection isCreator={Boolean(user.isPerformer)} />
    </div>
  );
}
