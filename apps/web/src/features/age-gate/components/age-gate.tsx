import { AGE_GATE_COOKIE, AGE_GATE_DAYS } from '@marquee/shared/constants';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { getCookie, setCookie } from '../../../lib/cookies';

export const TERMS_PATH = '/page/terms-of-service';
export const LEAVE_URL = 'https://www.google.com';

/**
 * The age-restricted notice of spec §1, §2 and §9. Shown on entry until the visitor confirms;
 * Enter keeps the answer for one day; Leave goes to a search engine; never on the terms page.
 */
export function AgeGate() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [confirmed, setConfirmed] = useState(() => !!getCookie(AGE_GATE_COOKIE));
  const open = !confirmed && pathname.replace(/\/+$/, '') !== TERMS_PATH;

  const enter = () => {
    setCookie(AGE_GATE_COOKIE, 'true', AGE_GATE_DAYS);
    setConfirmed(true);
  };
  const leave = () => {
    window.location.href = LEAVE_URL;
  };

  return (
    <Dialog
      open={open}
      onOpenChange={() => {}}
      dismissible={false}
      size="md"
      className="text-center"
      title={
        <span className="flex flex-col items-center gap-4">
          <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-brand-950/60 dark:text-brand-400">
            <ShieldAlert className="size-7" aria-hidden="true" />
          </span>
          {t('pages.ageGate.title')}
        </span>
      }
      description={
        <>
          <Trans
            i18nKey="pages.ageGate.text"
            components={{
              terms: (
                <Link
                  to={TERMS_PATH}
                  className="font-medium text-brand-600 underline underline-offset-2 dark:text-brand-400"
                />
              ),
            }}
          />
        </>
      }
    >
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row">
        <Button variant="outline" size="lg" className="flex-1" onClick={leave}>
          {t('pages.ageGate.leave')}
        </Button>
        <Button size="lg" className="flex-1" onClick={enter} autoFocus>
          {t('pages.ageGate.enter')}
        </Button>
      </div>
      <p className="mt-5 text-xs text-zinc-500 dark:text-zinc-400">{t('pages.ageGate.confirm')}</p>
    </Dialog>
  );
}
