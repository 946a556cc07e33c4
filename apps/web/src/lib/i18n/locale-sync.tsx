import { matchLocale } from '@marquee/shared/locales';
import { useEffect } from 'react';
import { useCurrentUser } from '../../features/auth/api';
import { currentLocale, switchLanguage } from '.';

/** The account's language wins over this device's on sign-in (so a new phone speaks it at once). */
export function LocaleSync() {
  const { user } = useCurrentUser();
  const wanted = matchLocale((user as { locale?: string | null } | undefined)?.locale);
  useEffect(() => {
    if (wanted && wanted !== currentLocale()) void switchLanguage(wanted);
  }, [wanted]);
  return null;
}
