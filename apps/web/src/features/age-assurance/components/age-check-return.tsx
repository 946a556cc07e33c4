import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api';
import { refreshAgeCheck, useJurisdictionStatus } from '../api';

/**
 * Where the vendor (Yoti) sends the browser back: the server asks the vendor for the verdict
 * (nothing in this address is trusted), then the visitor goes on to the page they were on.
 */
export function AgeCheckReturn() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { mutate } = useJurisdictionStatus();
  const [message, setMessage] = useState<string | null>(null);
  const check = params.get('check') ?? '';
  const next = params.get('next') ?? '/';
  useEffect(() => {
    let cancelled = false;
    refreshAgeCheck(check)
      .then(async (r) => {
        if (cancelled) return;
        if (r.status === 'assured') {
          await mutate();
          navigate(next.startsWith('/') && !next.startsWith('//') ? next : '/', { replace: true });
        } else setMessage(t(r.status === 'pending' ? 'ageAssurance.stillPending' : `ageAssurance.${r.status}`));
      })
      .catch((err) => !cancelled && setMessage(getErrorMessage(err)));
    return () => {
      cancelled = true;
    };
  }, [check, next, navigate, mutate, t]);
  if (!message) return <PageSpinner />;
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-16 text-center">
      <p role="alert" className="text-zinc-700 dark:text-zinc-300">
        {message}
      </p>
      <Link to={next} className="mt-6 inline-block font-semibold text-brand-700 underline dark:text-brand-400">
        {t('ageAssurance.back')}
      </Link>
    </main>
  );
}
