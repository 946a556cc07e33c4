import { type PerformerProfile, SOCIAL_LINK_KEYS, USER_ADDITIONAL } from '@marquee/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/input';
import i18n from '../../../lib/i18n';
import { formatAmount } from '../../../lib/i18n/format';
import { useSettings } from '../../settings/api';
import { updatePerformer } from '../api';
import { CountryPicker, LanguagesPicker } from './creator-pickers';
import { EmailField, emailChange } from './email-field';
import { SaveStatus, Section, SelectField, TextAreaField, useSave } from './shared';

type Form = Record<string, string | boolean>;
/** The same in every language. */
const URL_PLACEHOLDER = 'https://';

/** Each option list and the `account.options` group naming its values (heights, weights and age ranges are numbers). */
const OPTION_FIELDS = [
  ['gender', USER_ADDITIONAL.genders, 'gender'],
  ['sexualOrientation', USER_ADDITIONAL.sexualOrientations, 'sexualOrientation'],
  ['age', USER_ADDITIONAL.ages, null],
  ['height', USER_ADDITIONAL.heights, null],
  ['weight', USER_ADDITIONAL.weights, null],
  ['bodyType', USER_ADDITIONAL.bodyTypes, 'bodyType'],
  ['ethnicity', USER_ADDITIONAL.ethnicities, 'ethnicity'],
  ['breastSize', USER_ADDITIONAL.breastSize, 'size'],
  ['buttSize', USER_ADDITIONAL.buttSize, 'size'],
  ['hair', USER_ADDITIONAL.hairs, 'hair'],
  ['eyes', USER_ADDITIONAL.eyes, 'eyes'],
] as const;

/** An option's name in the interface language; a value without a key (a new one in shared) keeps its English text. */
function optionText(group: string | null, o: { value: string; text: string }) {
  const key = o.value === 'over_50' ? 'account.options.over_50' : group ? `account.options.${group}.${o.value}` : '';
  return key && i18n.exists(key) ? (i18n.t as (k: string) => string)(key) : o.text;
}

function initial(p: PerformerProfile): Form {
  const f: Form = {
    name: p.name,
    username: p.username ?? '',
    email: p.email ?? '',
    currentPassword: '',
    displayName: p.displayName,
    bio: p.bio,
    country: p.country ?? '',
    state: p.state ?? '',
    city: p.city ?? '',
    languages: p.languages.join(','),
    dateOfBirth: p.dateOfBirth ?? '',
    monthlyPrice: String(p.monthlyPrice),
    yearlyPrice: String(p.yearlyPrice),
    freeSubscriptionEnabled: p.freeSubscriptionEnabled,
    freeSubscriptionDays: String(p.freeSubscriptionDays),
  };
  for (const [k] of OPTION_FIELDS) f[k] = p[k] ?? '';
  for (const k of SOCIAL_LINK_KEYS) f[`social_${k}`] = p.socialLinks[k] ?? '';
  return f;
}

const languageList = (s: string) =>
  s
    .split(',')
    .map((l) => l.trim())
    .filter(Boolean);

/** A titled group of the form's fields (two columns from a tablet up). */
function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-semibold text-zinc-700 dark:text-zinc-300">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * Every creator profile field (PUT /performers/{id}); prices in tokens within the site limits. In the order a
 * creator fills them in (issue 31): their page (name, bio), prices, account and place, then the optional
 * appearance and links, folded away.
 */
export function CreatorProfileForm({ profile }: { profile: PerformerProfile }) {
  const { t } = useTranslation();
  const [f, setF] = useState<Form>(() => initial(profile));
  const settings = useSettings();
  const { saving, status, run } = useSave();
  const set = (k: string) => (e: { target: { value: string } }) => setF((s) => ({ ...s, [k]: e.target.value }));
  const str = (k: string) => String(f[k] ?? '');
  const orNull = (k: string) => (str(k).trim() ? str(k).trim() : null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(() =>
      updatePerformer(profile._id, {
        name: str('name').trim() || undefined,
        username:
          str('username').trim() && str('username').trim() !== profile.username ? str('username').trim() : undefined,
        ...emailChange(profile, str('email'), str('currentPassword')),
        displayName: str('displayName').trim() || undefined,
        bio: str('bio'),
        country: orNull('country'),
        state: orNull('state'),
        city: orNull('city'),
        languages: languageList(str('languages')),
        dateOfBirth: orNull('dateOfBirth'),
        ...Object.fromEntries(OPTION_FIELDS.map(([k]) => [k, orNull(k)])),
        socialLinks: Object.fromEntries(SOCIAL_LINK_KEYS.map((k) => [k, str(`social_${k}`).trim()])),
        monthlyPrice: Number(str('monthlyPrice')),
        yearlyPrice: Number(str('yearlyPrice')),
        freeSubscriptionEnabled: Boolean(f.freeSubscriptionEnabled),
        freeSubscriptionDays: Number(str('freeSubscriptionDays')) || 1,
      }).then((saved) => setF((s) => ({ ...s, email: saved.email ?? '', currentPassword: '' }))),
    );
  };

  return (
    <Section title={t('account.creator.title')} description={t('account.creator.description')}>
      <form onSubmit={onSubmit} className="grid gap-6" aria-label={t('account.creator.title')}>
        <Group title={t('account.creator.sectionPage')}>
          <Field label={t('account.profile.displayName')} value={str('displayName')} onChange={set('displayName')} />
          <Field
            label={t('account.profile.username')}
            value={str('username')}
            onChange={set('username')}
            autoCapitalize="none"
            hint={t('account.creator.pageAddress', {
              url: `${window.location.origin}/${str('username') || t('account.creator.yourName')}`,
            })}
          />
          <div className="sm:col-span-2">
            <TextAreaField label={t('account.creator.bio')} value={str('bio')} onChange={set('bio')} maxLength={5000} />
          </div>
        </Group>
        <Group title={t('account.creator.sectionPrices')}>
          <Field
            label={t('account.creator.monthly')}
            type="number"
            step="0.01"
            value={str('monthlyPrice')}
            onChange={set('monthlyPrice')}
            hint={t('account.creator.priceRange', {
              min: formatAmount(settings.minimumSubscriptionPrice),
              max: formatAmount(settings.maximumSubscriptionPrice),
            })}
          />
          <Field
            label={t('account.creator.yearly')}
            type="number"
            step="0.01"
            value={str('yearlyPrice')}
            onChange={set('yearlyPrice')}
          />
          {settings.freeSubscriptionEnabled && (
            <>
              <label className="flex items-center gap-2.5 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={Boolean(f.freeSubscriptionEnabled)}
                  onChange={(e) => setF((s) => ({ ...s, freeSubscriptionEnabled: e.target.checked }))}
                />
                {t('account.creator.freeTrial')}
              </label>
              <Field
                label={t('account.creator.freeDays')}
                type="number"
                min={1}
                max={settings.freeSubscriptionDuration}
                value={str('freeSubscriptionDays')}
                onChange={set('freeSubscriptionDays')}
              />
            </>
          )}
        </Group>
        <Group title={t('account.creator.sectionAccount')}>
          <Field label={t('account.creator.fullName')} value={str('name')} onChange={set('name')} />
          <EmailField
            user={profile}
            email={str('email')}
            onEmail={(v) => setF((s) => ({ ...s, email: v }))}
            currentPassword={str('currentPassword')}
            onCurrentPassword={(v) => setF((s) => ({ ...s, currentPassword: v }))}
          />
          <Field
            label={t('account.creator.birth')}
            type="date"
            value={str('dateOfBirth')}
            onChange={set('dateOfBirth')}
            hint={t('account.creator.birthHint')}
          />
          <LanguagesPicker
            value={languageList(str('languages'))}
            onChange={(codes) => setF((s) => ({ ...s, languages: codes.join(',') }))}
          />
          <CountryPicker value={str('country')} onChange={(code) => setF((s) => ({ ...s, country: code }))} />
          <Field label={t('account.creator.state')} value={str('state')} onChange={set('state')} />
          <Field label={t('account.creator.city')} value={str('city')} onChange={set('city')} />
        </Group>
        <details className="group rounded-xl border border-zinc-200 dark:border-zinc-800">
          <summary className="cursor-pointer list-none rounded-xl px-4 py-3 text-sm font-semibold hover:bg-zinc-50 dark:hover:bg-zinc-800/60">
            <span aria-hidden="true" className="mr-2 inline-block transition-transform group-open:rotate-90">
              ›
            </span>
            {t('account.creator.sectionDetails')}
            <span className="mt-0.5 block pl-5 text-xs font-normal text-zinc-500 dark:text-zinc-400">
              {t('account.creator.detailsHint')}
            </span>
          </summary>
          <div className="grid gap-4 p-4 pt-1 sm:grid-cols-2">
            {OPTION_FIELDS.map(([k, options, group]) => (
              <SelectField
                key={k}
                label={t(`account.creator.fields.${k}`)}
                options={options.map((o) => ({ value: o.value, text: optionText(group, o) }))}
                value={str(k)}
                onChange={set(k)}
              />
            ))}
            {SOCIAL_LINK_KEYS.map((k) => (
              <Field
                key={k}
                label={t(`account.creator.social.${k}`)}
                type="url"
                value={str(`social_${k}`)}
                onChange={set(`social_${k}`)}
                placeholder={URL_PLACEHOLDER}
              />
            ))}
          </div>
        </details>
        <div className="flex items-center gap-4">
          <Button type="submit" loading={saving}>
            {t('account.saveChanges')}
          </Button>
          <SaveStatus status={status} />
        </div>
      </form>
    </Section>
  );
}
