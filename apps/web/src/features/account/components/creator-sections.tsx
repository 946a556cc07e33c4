import type { PerformerProfile } from '@marquee/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/input';
import { UploadField } from '../../../components/ui/upload-field';
import { MediaUploadField } from '../../media/components/media-upload-field';
import { refreshMe, saveBanking, savePaypal, startVerification } from '../api';
import { SaveStatus, Section, useSave } from './shared';

const STATUS_TEXT: Record<string, string> = {
  unverified: 'Not verified. Upload an identity document and ask for verification to sell content and receive payouts.',
  pending: 'Waiting for review. We will let you know when your identity is verified.',
  verified: 'Verified. You can sell content and receive payouts.',
  rejected: 'Rejected. Please upload a clearer document and ask again.',
};

export function VerificationSection({ profile }: { profile: PerformerProfile }) {
  const { saving, status, run } = useSave();
  const status_ = profile.verificationStatus ?? 'unverified';
  return (
    <Section title="Identity verification" id="verification">
      <p className="text-sm" data-testid="verification-status">
        Status: <strong className="capitalize">{status_}</strong> — {STATUS_TEXT[status_]}
      </p>
      {profile.verificationNote && (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">Note from the team: {profile.verificationNote}</p>
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
            label="Identity document"
            accept="image/*,application/pdf"
            maxSizeMB={20}
            hint="Passport, ID card or driving licence (photo or PDF). Only you and our team can see it."
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
                }, 'Verification requested')
              }
            >
              Ask for verification
            </Button>
            <SaveStatus status={status} />
          </div>
        </div>
      )}
    </Section>
  );
}

export function PayoutSettingsSection({ profile }: { profile: PerformerProfile }) {
  const b = profile.bankingSettings ?? {};
  const [bank, setBank] = useState({
    firstName: b.firstName ?? '',
    lastName: b.lastName ?? '',
    bankName: b.bankName ?? '',
    accountNumber: b.accountNumber ?? '',
    routingNumber: b.routingNumber ?? '',
    swiftCode: b.swiftCode ?? '',
  });
  const [paypal, setPaypal] = useState(profile.paymentGatewaySettings?.paypalEmail ?? '');
  const bankSave = useSave();
  const ppSave = useSave();
  const set = (k: keyof typeof bank) => (e: { target: { value: string } }) =>
    setBank((s) => ({ ...s, [k]: e.target.value }));
  const onBank = (e: FormEvent) => {
    e.preventDefault();
    void bankSave.run(() =>
      saveBanking(profile._id, Object.fromEntries(Object.entries(bank).filter(([, v]) => v.trim()))),
    );
  };
  return (
    <Section title="Payout details" description="Where we send your earnings.">
      <form onSubmit={onBank} className="grid gap-4 sm:grid-cols-2" aria-label="Bank transfer">
        <Field label="First name" value={bank.firstName} onChange={set('firstName')} />
        <Field label="Last name" value={bank.lastName} onChange={set('lastName')} />
        <Field label="Bank name" value={bank.bankName} onChange={set('bankName')} />
        <Field label="Account number / IBAN" value={bank.accountNumber} onChange={set('accountNumber')} />
        <Field label="Routing number" value={bank.routingNumber} onChange={set('routingNumber')} />
        <Field label="SWIFT / BIC" value={bank.swiftCode} onChange={set('swiftCode')} />
        <div className="flex items-center gap-4 sm:col-span-2">
          <Button type="submit" loading={bankSave.saving}>
            Save bank details
          </Button>
          <SaveStatus status={bankSave.status} />
        </div>
      </form>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void ppSave.run(() => savePaypal(profile._id, paypal));
        }}
        className="mt-6 flex flex-wrap items-end gap-3"
        aria-label="PayPal"
      >
        <Field label="PayPal email" type="email" value={paypal} onChange={(e) => setPaypal(e.target.value)} />
        <Button type="submit" variant="secondary" loading={ppSave.saving}>
          Save PayPal
        </Button>
        <SaveStatus status={ppSave.status} />
      </form>
    </Section>
  );
}

export function WelcomeVideoSection({ profile }: { profile: PerformerProfile }) {
  // While a new video processes the profile URL has nothing to play yet; reload the player once it is ready.
  const [processing, setProcessing] = useState(false);
  const [version, setVersion] = useState(0);
  return (
    <Section title="Welcome video" description="A short video shown on your page.">
      {profile.welcomeVideo && !processing && (
        // biome-ignore lint/a11y/useMediaCaption: creators' own clips have no captions
        <video key={version} src={profile.welcomeVideo} controls className="mb-4 max-h-64 rounded-xl" />
      )}
      <MediaUploadField
        endpoint="/performers/welcome-video/upload"
        label="Welcome video"
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
