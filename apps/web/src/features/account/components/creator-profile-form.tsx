import { type PerformerProfile, SOCIAL_LINK_KEYS, USER_ADDITIONAL } from '@marquee/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/input';
import { useSettings } from '../../settings/api';
import { updatePerformer } from '../api';
import { EmailField, emailChange } from './email-field';
import { SaveStatus, Section, SelectField, TextAreaField, useSave } from './shared';

type Form = Record<string, string | boolean>;

const OPTION_FIELDS = [
  ['gender', 'Gender', USER_ADDITIONAL.genders],
  ['sexualOrientation', 'Sexual orientation', USER_ADDITIONAL.sexualOrientations],
  ['age', 'Age range', USER_ADDITIONAL.ages],
  ['height', 'Height', USER_ADDITIONAL.heights],
  ['weight', 'Weight', USER_ADDITIONAL.weights],
  ['bodyType', 'Body type', USER_ADDITIONAL.bodyTypes],
  ['ethnicity', 'Ethnicity', USER_ADDITIONAL.ethnicities],
  ['breastSize', 'Breast size', USER_ADDITIONAL.breastSize],
  ['buttSize', 'Butt size', USER_ADDITIONAL.buttSize],
  ['hair', 'Hair colour', USER_ADDITIONAL.hairs],
  ['eyes', 'Eye colour', USER_ADDITIONAL.eyes],
] as const;

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
    languages: p.languages.join(', '),
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

/** Every creator profile field (PUT /performers/{id}); prices in tokens within the site limits. */
export function CreatorProfileForm({ profile }: { profile: PerformerProfile }) {
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
        languages: str('languages')
          .split(',')
          .map((l) => l.trim())
          .filter(Boolean),
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
    <Section title="Creator profile" description="What fans see on your page, and your subscription prices.">
      <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label="Creator profile">
        <Field label="Display name" value={str('displayName')} onChange={set('displayName')} />
        <Field
          label="Username"
          value={str('username')}
          onChange={set('username')}
          autoCapitalize="none"
          hint={`Your page address: ${window.location.origin}/${str('username') || 'your-name'}`}
        />
        <Field label="Full name" value={str('name')} onChange={set('name')} />
        <EmailField
          user={profile}
          email={str('email')}
          onEmail={(v) => setF((s) => ({ ...s, email: v }))}
          currentPassword={str('currentPassword')}
          onCurrentPassword={(v) => setF((s) => ({ ...s, currentPassword: v }))}
        />
        <div className="sm:col-span-2">
          <TextAreaField label="Bio" value={str('bio')} onChange={set('bio')} maxLength={5000} />
        </div>
        <Field
          label="Date of birth"
          type="date"
          value={str('dateOfBirth')}
          onChange={set('dateOfBirth')}
          hint="You must be 18 or older."
        />
        <Field
          label="Languages"
          value={str('languages')}
          onChange={set('languages')}
          hint="Language codes, comma separated (en, fr)"
        />
        <Field label="Country (2-letter code)" value={str('country')} onChange={set('country')} maxLength={2} />
        <Field label="State / region" value={str('state')} onChange={set('state')} />
        <Field label="City" value={str('city')} onChange={set('city')} />
        {OPTION_FIELDS.map(([k, label, options]) => (
          <SelectField key={k} label={label} options={options} value={str(k)} onChange={set(k)} />
        ))}
        {SOCIAL_LINK_KEYS.map((k) => (
          <Field
            key={k}
            label={`${k.charAt(0).toUpperCase()}${k.slice(1)} link`}
            type="url"
            value={str(`social_${k}`)}
            onChange={set(`social_${k}`)}
            placeholder="https://"
          />
        ))}
        <Field
          label="Monthly price (tokens)"
          type="number"
          step="0.01"
          value={str('monthlyPrice')}
          onChange={set('monthlyPrice')}
          hint={`Between ${settings.minimumSubscriptionPrice} and ${settings.maximumSubscriptionPrice}`}
        />
        <Field
          label="Yearly price (tokens)"
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
              Offer a free trial subscription
            </label>
            <Field
              label="Free trial days"
              type="number"
              min={1}
              max={settings.freeSubscriptionDuration}
              value={str('freeSubscriptionDays')}
              onChange={set('freeSubscriptionDays')}
            />
          </>
        )}
        <div className="flex items-center gap-4 sm:col-span-2">
          <Button type="submit" loading={saving}>
            Save changes
          </Button>
          <SaveStatus status={status} />
        </div>
      </form>
    </Section>
  );
}
