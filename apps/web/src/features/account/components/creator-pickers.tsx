import { X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses, Label } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { useCountries, useLanguages } from '../../profiles/api';

/** A country's flag from its ISO code (two regional indicator letters). */
export function flagOf(code: string) {
  return String.fromCodePoint(
    ...code
      .toUpperCase()
      .split('')
      .map((c) => 0x1f1e6 + c.charCodeAt(0) - 65),
  );
}

/** A name in the interface language (Intl), else the lookup's English one. */
function displayName(type: 'region' | 'language', locale: string, code: string, fallback: string) {
  try {
    return new Intl.DisplayNames([locale], { type }).of(code) ?? fallback;
  } catch {
    return fallback;
  }
}

/** The country, picked from the lookup the API serves (GET /countries/list), with its flag. */
export function CountryPicker({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { data = [] } = useCountries();
  const options = data
    .map((c) => ({ code: c.code, name: displayName('region', i18n.language, c.code, c.name) }))
    .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  return (
    <div>
      <Label htmlFor={id}>{t('account.creator.country')}</Label>
      <select id={id} className={cn(inputClasses, 'pr-8')} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">—</option>
        {value && !options.some((o) => o.code === value) && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {`${flagOf(o.code)} ${o.name}`}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The languages a creator speaks: chips, and a list to add one (GET /languages/list). */
export function LanguagesPicker({ value, onChange }: { value: string[]; onChange: (codes: string[]) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { data = [] } = useLanguages();
  const name = (code: string) =>
    displayName('language', i18n.language, code, data.find((l) => l.code === code)?.name ?? code);
  const options = data
    .filter((l) => !value.includes(l.code))
    .map((l) => ({ code: l.code, name: name(l.code) }))
    .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  return (
    <div>
      <Label htmlFor={id}>{t('account.creator.languages')}</Label>
      {value.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-1.5">
          {value.map((code) => (
            <li
              key={code}
              className="flex items-center gap-1 rounded-full bg-zinc-100 py-1 pr-1 pl-3 text-sm dark:bg-zinc-800"
            >
              {name(code)}
              <button
                type="button"
                className="rounded-full p-1 hover:bg-zinc-200 dark:hover:bg-zinc-700"
                aria-label={t('account.creator.removeLanguage', { name: name(code) })}
                onClick={() => onChange(value.filter((c) => c !== code))}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <select
        id={id}
        aria-describedby={`${id}-hint`}
        className={cn(inputClasses, 'pr-8')}
        value=""
        onChange={(e) => e.target.value && onChange([...value, e.target.value])}
      >
        <option value="">{t('account.creator.addLanguage')}</option>
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">
        {t('account.creator.languagesHint')}
      </p>
    </div>
  );
}
