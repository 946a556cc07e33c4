import type { PerformerProfile } from '@marquee/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { UploadField } from '../../../components/ui/upload-field';
import { MediaUploadField } from '../../media/components/media-upload-field';
import { refreshMe, startVerification } from '../api';
import { SaveStatus, Section, useSave } from './shared';

export function VerificationSection({ profile }: { profile: PerformerProfile }) {
  const { t } = useTranslation();
  const { saving, status, run } = useSave();
  const status_ = profile.verificationStatus ?? 'unverified';
  return (
    <Section title={t('account.verification.title')} id="verification">
      <p className="text-sm" data-testid="verification-status">
        {t('account.verification.status')}{' '}
        <strong className="capitalize">{t(`account.verification.state.${status_}`)}</strong> —{' '}
        {t(`account.verification.text.${status_}`)}
      </p>
      {profile.verificationNote && (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          {t('account.verification.note', { note: profile.verificationNote })}
        </p>
      )}
      {profile.documents.length > 0 && (
        <ul className="mt-3 list-disc pl-5 text-sm">
          {profile.documents.map((d) => (
            <li key={d._id}>
              {d.originalName} <span className="text-zinc-500">({d.kind.replace('_', ' ')})</span>
            </li>
          ))}
        </ul>
      )}
      {status_ !== 'verified' && (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <UploadField
            endpoint="/performers/documents/upload"
            fieldName="idFront"
            label={t('account.verification.document')}
            accept="image/*,application/pdf"
            maxSizeMB={20}
            hint={t('account.verification.documentHint')}
            onUploaded={() => refreshMe()}
          />
          <div className="flex flex-col justify-end gap-2">
            <Button
              variant="secondary"
              loading={saving}
              disabled={status_ === 'pending'}
              onClick={() =>
                run(async () => {
                  const r = await startVerification(profile._id);
                  if (r.url) globalThis.open(r.url, '_blank', 'noopener');
                }, t('account.verification.requested'))
              }
            >
              {t('account.verification.ask')}
            </Button>
            <SaveStatus status={status} />
          </div>
        </div>
      )}
    </Section>
  );
}

/** Payout details live on /creator/payouts (sealed at rest, shown masked); here a summary and the way there. */
export function PayoutSettingsSection({ profile }: { profile: PerformerProfile }) {
  const { t } = useTranslation();
  const b = profile.bankingSettings;
  const paypal = profile.paymentGatewaySettings?.paypalEmail;
  return (
    <Section title={t('account.payoutDetails.title')} description={t('account.payoutDetails.description')}>
      <ul className="space-y-1 text-sm" data-testid="payout-details-summary">
        <li>
          {t('account.payoutDetails.bank')}{' '}
          {b ? (
            <span className="font-mono">
              {b.firstName} {b.lastName} · {b.bankName} · {b.iban ?? b.accountNumber}
            </span>
          ) : (
            t('account.payoutDetails.notSet')
          )}
        </li>
        <li>
          {t('account.payoutDetails.paypal')}{' '}
          {paypal ? <span className="font-mono">{paypal}</span> : t('account.payoutDetails.notSet')}
        </li>
      </ul>
      <Link
        to="/creator/payouts"
        className="mt-4 inline-flex text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
      >
        {t('account.payoutDetails.manage')}
      </Link>
    </Section>
  );
}

export function WelcomeVideoSection({ profile }: { profile: PerformerProfile }) {
  const { t } = useTranslation();
  // While a new video processes the profile URL has nothing to play yet; reload the player once it is ready.
  const [processing, setProcessing] = useState(false);
  const [version, setVersion] = useState(0);
  return (
    <Section title={t('account.welcome.title')} description={t('account.welcome.description')}>
      {profile.welcomeVideo && !processing && (
        // biome-ignore lint/a11y/useMediaCaption: creators' own clips have no captions
        <video key={version} src={profile.welcomeVideo} controls className="mb-4 max-h-64 rounded-xl" />
      )}
      <MediaUploadField
        endpoint="/performers/welcome-video/upload"
        label={t('account.welcome.title')}
        accept="video/*"
        onUploaded={() => {
          setProcessing(true);
          void refreshMe();
        }}
        onProcessed={() => {
          setProcessing(false);
          setVersion((v) => v + 1);
        }}
      />
    </Section>
  );
}
