import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../settings/hooks';
import { SectionTitle } from './kit';
import { UsersTable } from './users-section';

export default function VerificationSection() {
  const { t } = useTranslation();
  usePageTitle(t('adminUsers.verification.pageTitle'));
  return (
    <div>
      <SectionTitle title={t('adminUsers.verification.title')} />
      <p className="mb-3 text-sm text-zinc-500">{t('adminUsers.verification.intro')}</p>
      <UsersTable fixed={{ role: 'performer', verificationStatus: 'pending' }} />
    </div>
  );
}
