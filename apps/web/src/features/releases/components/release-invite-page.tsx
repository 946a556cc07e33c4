import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Label } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { usePageTitle } from '../../settings/hooks';
import { type ReleaseInvite, type ReleaseSign, releasesApi, useInvite } from '../api';
import { ReleaseStatus } from './people-in-content';

const DOC_TYPES = ['passport', 'id_card', 'driving_licence', 'other'] as const;
const today = () => new Date().toISOString().slice(0, 10);

function SignForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? '');
    setBusy(true);
    try {
      await releasesApi.sign(token, {
        legalName: s('legalName'),
        aliases: s('aliases'),
        dateOfBirth: s('dateOfBirth'),
        signedDate: s('signedDate'),
        idDocumentType: s('idDocumentType') as ReleaseSign['idDocumentType'],
        idDocumentNumber: s('idDocumentNumber'),
        agree: f.get('agree') === 'on',
      } as ReleaseSign);
      toast.success(t('releases.invite.signed'));
      onDone();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="space-y-3" data-testid="sign-release">
      <Field label={t('releases.invite.legalName')} name="legalName" required minLength={2} autoComplete="name" />
      <Field label={t('releases.invite.aliases')} name="aliases" />
      <Field label={t('releases.invite.dateOfBirth')} name="dateOfBirth" type="date" required autoComplete="bday" />
      <div className="space-y-1">
        <Label htmlFor="idDocumentType">{t('releases.invite.docType')}</Label>
        <select
          id="idDocumentType"
          name="idDocumentType"
          className="w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        >
          {DOC_TYPES.map((d) => (
            <option key={d} value={d}>
              {t(`releases.invite.docTypes.${d}`)}
            </option>
          ))}
        </select>
      </div>
      <Field label={t('releases.invite.docNumber')} name="idDocumentNumber" required minLength={3} />
      <Field label={t('releases.invite.signedDate')} name="signedDate" type="date" required defaultValue={today()} />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="agree" required className="mt-1" />
        {t('releases.invite.agree')}
      </label>
      <Button type="submit" loading={busy} data-testid="sign">
        {t('releases.invite.sign')}
      </Button>
    </form>
  );
}

function IdentityStep({ token, invite, onDone }: { token: string; invite: ReleaseInvite; onDone: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      onDone();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  if (invite.provider === 'yoti')
    return (
      <Button
        loading={busy}
        onClick={() =>
          run(async () => {
            const { url } = await releasesApi.yoti(token);
            if (url) window.open(url, '_blank', 'noopener');
          })
        }
      >
        {t('releases.invite.yoti')}
      </Button>
    );
  return (
    <form
      className="space-y-3"
      data-testid="send-id"
      onSubmit={(e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        void run(() => releasesApi.sendId(token, form));
      }}
    >
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('releases.invite.idHint')}</p>
      <Field
        label={t('releases.invite.idDocument')}
        name="idDocument"
        type="file"
        accept="image/*,application/pdf"
        required
      />
      <Field label={t('releases.invite.selfie')} name="selfie" type="file" accept="image/*" capture="user" required />
      <Button type="submit" loading={busy} data-testid="send-id-button">
        {t('releases.invite.send')}
      </Button>
    </form>
  );
}

/** The invited person's page (/release/:token): sign the release, verify, withdraw later. */
export function ReleaseInvitePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { data: invite, error, mutate } = useInvite(token);
  usePageTitle(t('releases.invite.title'));
  const refresh = () => void mutate();
  if (error) return <p className="mx-auto max-w-xl p-6">{getErrorMessage(error)}</p>;
  if (!invite) return <Spinner />;
  const step =
    invite.status === 'revoked'
      ? 'revoked'
      : invite.status === 'invited'
        ? 'sign'
        : invite.identityStatus === 'pending'
          ? 'pending'
          : invite.status === 'complete'
            ? 'done'
            : invite.identityStatus === 'rejected'
              ? 'rejected'
              : 'identity';
  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('releases.invite.title')}</h1>
        <ReleaseStatus status={invite.status} />
      </div>
      <p>
        {t('releases.invite.intro', {
          creator: invite.creatorName,
          title: invite.title || '—',
          date: invite.productionDate,
        })}
      </p>
      <Card className="space-y-2 p-4">
        <h2 className="font-semibold">{t('releases.invite.termsTitle')}</h2>
        <p className="text-sm whitespace-pre-line">{invite.terms}</p>
      </Card>
      <Card className="space-y-3 p-4" data-testid={`step-${step}`}>
        {step === 'sign' && <SignForm token={token} onDone={refresh} />}
        {step === 'identity' && (
          <>
            <h2 className="font-semibold">{t('releases.invite.idTitle')}</h2>
            <IdentityStep token={token} invite={invite} onDone={refresh} />
          </>
        )}
        {step === 'pending' && <p role="status">{t('releases.invite.pending')}</p>}
        {step === 'done' && <p role="status">{t('releases.invite.done')}</p>}
        {step === 'rejected' && <p role="status">{t('releases.invite.rejected')}</p>}
        {step === 'revoked' && <p role="status">{t('releases.invite.revoked')}</p>}
      </Card>
      {invite.status !== 'invited' && (
        <Card className="space-y-3 p-4">
          <Button
            variant="outline"
            onClick={() => releasesApi.myCopy(token).catch((e) => toast.error(getErrorMessage(e)))}
          >
            {t('releases.invite.myCopy')}
          </Button>
          {invite.status !== 'revoked' && (
            <>
              <h2 className="font-semibold">{t('releases.invite.revokeTitle')}</h2>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('releases.invite.revokeHint')}</p>
              <Button
                variant="danger"
                onClick={() =>
                  window.confirm(t('releases.invite.revokeHint')) &&
                  releasesApi
                    .revoke(token)
                    .then(refresh)
                    .catch((e) => toast.error(getErrorMessage(e)))
                }
              >
                {t('releases.invite.revoke')}
              </Button>
            </>
          )}
        </Card>
      )}
    </main>
  );
}
