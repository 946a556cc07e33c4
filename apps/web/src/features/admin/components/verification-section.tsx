import { usePageTitle } from '../../settings/hooks';
import { SectionTitle } from './kit';
import { UsersTable } from './users-section';

export default function VerificationSection() {
  usePageTitle('Admin: verification queue');
  return (
    <div>
      <SectionTitle title="Verification queue" />
      <p className="mb-3 text-sm text-zinc-500">
        Creators waiting for an identity review. Open one to see the documents, then approve or reject with a reason.
      </p>
      <UsersTable fixed={{ role: 'performer', verificationStatus: 'pending' }} />
    </div>
  );
}
