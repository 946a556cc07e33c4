import { LOCALE_NAMES, LOCALES, type Locale } from '@marquee/shared/locales';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { toast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api';
import { client } from '../../../lib/api-client';
import i18n, { currentLocale, switchLanguage } from '../../../lib/i18n';
import { ME_KEY } from '../../auth/api';
import { Section, SelectField } from './shared';

/** Account settings: the interface language, kept on the account for every device. */
export function LanguageSection() {
  const { t } = useTranslation();
  return (
    <Section id="language" title={t('language.title')} description={t('language.description')}>
      <SelectField
        label={t('language.label')}
        value={currentLocale()}
        options={LOCALES.map((l) => ({ value: l, text: LOCALE_NAMES[l] }))}
        onChange={async (e) => {
          const locale = e.target.value as Locale;
          if (!LOCALES.includes(locale)) return;
          await switchLanguage(locale);
          try {
            await client.put('/users/me/locale', { body: { locale } });
            await mutate(ME_KEY);
            // the new language's text (this render's t still speaks the old one)
            toast.success(i18n.t('language.saved'));
          } catch (err) {
            toast.error(getErrorMessage(err));
          }
        }}
      />
    </Section>
  );
}
