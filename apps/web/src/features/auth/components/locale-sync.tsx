import { matchLocale } from '@marquee/shared/locales';
import { useEffect } from 'react';
import { currentLocale, switchLanguage } from '../../../lib/i18n';
import { useCurrentUser } from '../api';

/** The account's language wins over this device's on sign-in (so a new phone speaks it at once). */
export function LocaleSync() {
  const { user } = useCurrentUser();
  const wanted = matchLocale(user?.locale);
  useEffect(() => {
    if (wanted && wanted !== currentLocale()) void switchLanguage(wanted);
  }, [wanted]);
  return null;
}
