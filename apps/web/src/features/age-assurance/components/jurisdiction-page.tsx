import { MapPinOff, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { currentLocale } from '../../../lib/i18n';
import { formatDate } from '../../../lib/i18n/format';
import { useUiStore } from '../../../lib/ui-store';
import { useCurrentUser } from '../../auth/api';
import { usePageTitle } from '../../settings/hooks';
import { type JurisdictionStatus, placeName, startYotiCheck, submitBuiltinCheck } from '../api';

/**
 * What a visitor sees when their place's rule keeps adult content from them (issue 27): the rule
 * named in their language (place, law, date), and for "age assurance required" the ways through.
 * The site's own pages (terms, complaints) and sign-in stay reachable.
 */
export function JurisdictionPage({ status, onChange }: { status: JurisdictionStatus; onChange: () => void }) {
  const { t } = useTranslation();
  const blocked = status.action === 'block';
  const title = blocked ? t('ageAssurance.blockedTitle') : t('ageAssurance.challengeTitle');
  usePageTitle(title);
  const place = placeName(currentLocale(), status.country, status.region);
  const Icon = blocked ? MapPinOff : ShieldCheck;
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-br from-brand-50 via-white to-violet-50 px-4 py-10 dark:from-zinc-950 dark:via-zinc-950 dark:to-brand-950/30">
      <main id="main" className="w-full max-w-lg text-center">
        <span className="mx-auto mb-6 flex size-16 items-center justify-center rounded-2xl bg-white text-brand-600 shadow-sm dark:bg-zinc-900 dark:text-brand-400">
          <Icon className="size-8" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-zinc-900 sm:text-3xl dark:text-white">{title}</h1>
        <p className="mt-3 text-zinc-600 dark:text-zinc-400">
          {blocked ? t('ageAssurance.blockedText', { place }) : t('ageAssurance.challengeText', { place })}
        </p>
        {status.rule && (
          <p className="mt-3 text-sm font-medium text-zinc-700 dark:text-zinc-300" data-testid="jurisdiction-rule">
            {status.rule.law
              ? t('ageAssurance.rule', { law: status.rule.law, date: formatDate(status.rule.effectiveFrom) })
              : t('ageAssurance.ruleNoLaw', { place, date: formatDate(status.rule.effectiveFrom) })}
          </p>
        )}
        {status.vpnNotice && <p className="mt-2 text-sm text-zinc-500 dark:text-zinc-400">{t('ageAssurance.vpn')}</p>}
        {!blocked && <Ways status={status} onChange={onChange} />}
        <p className="mt-8 text-sm text-zinc-600 dark:text-zinc-400">
          {t('ageAssurance.safePages')}{' '}
          <Link to="/page/terms-of-service" className="font-semibold text-brand-700 underline dark:text-brand-400">
            {t('ageAssurance.terms')}
          </Link>
        </p>
      </main>
    </div>
  );
}

function Ways({ status, onChange }: { status: JurisdictionStatus; onChange: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { isLoggedIn } = useCurrentUser();
  const openLogin = useUiStore((s) => s.openLogin);
  const [busy, setBusy] = useState(false);
  const yoti = async () => {
    setBusy(true);
    try {
      const { url } = await startYotiCheck(pathname);
      window.location.assign(url);
    } catch (err) {
      toast.error(getErrorMessage(err));
      setBusy(false);
    }
  };
  return (
    <div className="mt-6 space-y-4 text-left">
      {status.providers.includes('yoti') && (
        <div className="rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
          <Button className="w-full" size="lg" onClick={yoti} disabled={busy}>
            {t('ageAssurance.yoti')}
          </Button>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('ageAssurance.yotiHint')}</p>
        </div>
      )}
      {status.providers.includes('builtin') &&
        (status.pending ? (
          <p className="rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
            {t('ageAssurance.pending')}
          </p>
        ) : isLoggedIn ? (
          <BuiltinForm onSent={onChange} />
        ) : (
          <Button variant="outline" className="w-full" onClick={openLogin}>
            {t('ageAssurance.signInForBuiltin')}
          </Button>
        ))}
    </div>
  );
}

function BuiltinForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const [document, setDocument] = useState<File | null>(null);
  const [selfie, setSelfie] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!document || !selfie) return;
    setBusy(true);
    try {
      await submitBuiltinCheck(document, selfie);
      toast.success(t('ageAssurance.sent'));
      onSent();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 className="font-semibold text-zinc-900 dark:text-white">{t('ageAssurance.builtinTitle')}</h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('ageAssurance.builtinHint')}</p>
      <Field
        label={t('ageAssurance.document')}
        type="file"
        accept="image/*"
        required
        onChange={(e) => setDocument(e.target.files?.[0] ?? null)}
      />
      <Field
        label={t('ageAssurance.selfie')}
        type="file"
        accept="image/*"
        capture="user"
        required
        onChange={(e) => setSelfie(e.target.files?.[0] ?? null)}
      />
      <Button type="submit" variant="outline" className="w-full" disabled={busy || !document || !selfie}>
        {t('ageAssurance.send')}
      </Button>
    </form>
  );
}
