import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, Label } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import i18n from '../../../lib/i18n';
import { AdminGatewaysCard } from '../../payments/components/admin-gateways';
import { usePageTitle } from '../../settings/hooks';
import { saveSettings, useAdminSettings } from '../api';
import { Badge, SectionTitle, Select, TextArea, word } from './kit';
import { SecretsCard } from './secrets-card';

type Kind = 'text' | 'number' | 'bool' | 'list' | 'menus' | 'select';
interface Def {
  key: string;
  label: string;
  kind: Kind;
  hint?: string;
  options?: string[];
}
/** English labels, titles and hints; the interface shows `adminSite.groups.<id>`, `.fields.<key>`, `.hints.<key>` when there is one. */
const GROUPS: Array<{ id: string; title: string; fields: Def[] }> = [
  {
    id: 'site',
    title: 'Site',
    fields: [
      { key: 'siteName', label: 'Site name', kind: 'text' },
      { key: 'logo', label: 'Logo URL', kind: 'text', hint: '251 × 72 pixels' },
      { key: 'favicon', label: 'Favicon URL', kind: 'text' },
      { key: 'gaCode', label: 'Analytics code (GA)', kind: 'text' },
      {
        key: 'maintenanceMode',
        label: 'Maintenance mode (everyone but admins sees the maintenance page)',
        kind: 'bool',
      },
      { key: 'requireEmailVerification', label: 'Require email verification', kind: 'bool' },
      { key: 'clientSidePasswordHashing', label: 'Hash passwords in the browser', kind: 'bool' },
      { key: 'volume', label: 'Default player volume (0–1)', kind: 'number' },
    ],
  },
  {
    id: 'payments',
    title: 'Payments and limits',
    fields: [
      { key: 'currency', label: 'Currency', kind: 'text' },
      { key: 'minimumSubscriptionPrice', label: 'Subscription price min', kind: 'number' },
      { key: 'maximumSubscriptionPrice', label: 'Subscription price max', kind: 'number' },
      { key: 'minimumWalletPrice', label: 'Wallet top-up min', kind: 'number' },
      { key: 'maximumWalletPrice', label: 'Wallet top-up max', kind: 'number' },
      { key: 'minimumContentPrice', label: 'Content price min (posts, items, paid messages)', kind: 'number' },
      { key: 'maximumContentPrice', label: 'Content price max', kind: 'number' },
      { key: 'minimumTipPrice', label: 'Tip min', kind: 'number' },
      { key: 'maximumTipPrice', label: 'Tip max', kind: 'number' },
      { key: 'minimumPayoutAmount', label: 'Minimum payout', kind: 'number' },
      { key: 'freeSubscriptionEnabled', label: 'Free subscriptions allowed', kind: 'bool' },
      { key: 'freeSubscriptionDuration', label: 'Free subscription duration (days)', kind: 'number' },
    ],
  },
  {
    id: 'commission',
    title: 'Commission and referrals',
    fields: [
      { key: 'commissionPercent', label: 'Platform commission (%)', kind: 'number' },
      { key: 'performerReferralPercent', label: 'Creator referral share (%)', kind: 'number' },
      { key: 'performerReferralMonths', label: 'Creator referral window (months)', kind: 'number' },
      { key: 'userReferralPercent', label: 'Fan referral share (%)', kind: 'number' },
    ],
  },
  {
    id: 'media',
    title: 'Geo blocking, storage, streaming',
    fields: [
      { key: 'blockedCountries', label: 'Blocked countries (ISO codes, comma separated)', kind: 'list' },
      { key: 'blockedUsStates', label: 'Blocked US states (codes, comma separated)', kind: 'list' },
      { key: 'streamingProvider', label: 'Streaming provider', kind: 'select', options: ['webrtc', 'agora'] },
      { key: 'maxPhotoSizeMb', label: 'Max photo size (MB)', kind: 'number' },
      { key: 'maxVideoSizeMb', label: 'Max video size (MB)', kind: 'number' },
      { key: 'maxAudioSizeMb', label: 'Max audio size (MB)', kind: 'number' },
      { key: 'maxDocumentSizeMb', label: 'Max document size (MB)', kind: 'number' },
      { key: 'maxVideoMinutes', label: 'Longest video from creators (minutes)', kind: 'number' },
      { key: 'maxVideoMinutesFans', label: 'Longest video from fans (minutes)', kind: 'number' },
      {
        key: 'maxVideoGigapixels',
        label: 'Most picture per video (gigapixels)',
        kind: 'number',
        hint: 'Width × height × frames; 700 is about 3 hours of 1080p at 30 fps',
      },
      {
        key: 'mediaTimeoutFactor',
        label: "Processing time allowed (× the file's duration)",
        kind: 'number',
        hint: 'A video or audio job running longer, plus the base below, is stopped and marked failed',
      },
      { key: 'mediaTimeoutBaseSeconds', label: 'Processing time allowed, base (seconds)', kind: 'number' },
      {
        key: 'orphanMediaHours',
        label: 'Delete unused uploads after (hours)',
        kind: 'number',
        hint: 'Files uploaded but never attached to any content',
      },
    ],
  },
  {
    id: 'compliance',
    title: 'Known-abuse hash matching',
    fields: [
      {
        key: 'evidenceRetentionDays',
        label: 'Keep blocked uploads as evidence for (days)',
        kind: 'number',
        hint: '18 U.S.C. §2258A asks for one year (365) after a report',
      },
      {
        key: 'viewingHistoryRetentionDays',
        label: 'Delete viewing history after (days)',
        kind: 'number',
        hint: 'Stories seen and streams joined reveal what a fan watches (GDPR Art. 9); a daily job deletes older rows',
      },
      {
        key: 'purchaseNoteRetentionDays',
        label: 'Clear the note on a tip after (days)',
        kind: 'number',
        hint: 'Purchases keep only what accounting needs: amounts, date, creator, what was bought',
      },
      {
        key: 'records2257RetentionYears',
        label: 'Keep the §2257 records of an erased account for (years)',
        kind: 'number',
        hint: '28 C.F.R. 75.4 asks for seven years; a daily job purges them afterwards',
      },
      { key: 'complianceContactName', label: 'Compliance contact name (report drafts)', kind: 'text' },
      { key: 'complianceContactEmail', label: 'Compliance contact e-mail (report drafts)', kind: 'text' },
    ],
  },
  {
    id: 'review',
    title: 'Review before publication',
    fields: [
      { key: 'adultSite', label: 'The site shows adult content', kind: 'bool' },
      {
        key: 'reviewMode',
        label: 'Review uploads before publication',
        kind: 'select',
        options: ['auto', 'everything', 'new_or_flagged', 'nothing'],
        hint: 'auto = everything on an adult site, nothing otherwise (docs/compliance.md)',
      },
      { key: 'reviewNewCreatorDays', label: 'New creators are reviewed for (days)', kind: 'number' },
      { key: 'reviewAlertMinutes', label: 'Alert when the oldest item waits longer than (minutes)', kind: 'number' },
      {
        key: 'privateShowSamplePercent',
        label: 'Private shows sampled for a moderator’s look (%)',
        kind: 'number',
        hint: 'Admin → Live monitor → Sampled private shows',
      },
    ],
  },
  {
    id: 'menus',
    title: 'Header and footer menus',
    fields: [
      {
        key: 'menus',
        label: 'Menus (JSON)',
        kind: 'menus',
        hint: '[{ "title", "path", "section": "header" | "footer", "isNewTab" }]',
      },
    ],
  },
];

/** `group.key` in the interface language when the catalogue has it, else the English text written above. */
function text(group: 'groups' | 'fields' | 'hints', key: string, english: string | undefined) {
  return i18n.exists(`adminSite.${group}.${key}`) ? word(`adminSite.${group}`, key) : english;
}

function toForm(values: Record<string, unknown>): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const g of GROUPS)
    for (const f of g.fields) {
      const v = values[f.key];
      if (f.kind === 'bool') out[f.key] = Boolean(v);
      else if (f.kind === 'list') out[f.key] = Array.isArray(v) ? v.join(', ') : '';
      else if (f.kind === 'menus') out[f.key] = JSON.stringify(v ?? [], null, 2);
      else out[f.key] = v === undefined || v === null ? '' : String(v);
    }
  return out;
}

function fromForm(f: Def, raw: string | boolean): unknown {
  if (f.kind === 'bool') return raw;
  const s = String(raw);
  if (f.kind === 'number') return Number(s);
  if (f.kind === 'list')
    return s
      .split(',')
      .map((x) => x.trim().toUpperCase())
      .filter(Boolean);
  if (f.kind === 'menus') return JSON.parse(s);
  return s;
}

export default function SettingsSection() {
  const { t } = useTranslation();
  usePageTitle(t('adminSite.pageTitle'));
  const { data } = useAdminSettings();
  const [form, setForm] = useState<Record<string, string | boolean>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data) setForm(toForm(data.values));
  }, [data]);
  if (!data) return <PageSpinner />;
  const initial = toForm(data.values);

  async function save() {
    const changes: Record<string, unknown> = {};
    try {
      for (const g of GROUPS)
        for (const f of g.fields) if (form[f.key] !== initial[f.key]) changes[f.key] = fromForm(f, form[f.key]);
    } catch {
      toast.error(t('adminSite.invalidMenus'));
      return;
    }
    if (Object.keys(changes).length === 0) return toast.success(t('adminSite.nothing'));
    setSaving(true);
    try {
      await saveSettings(changes);
      toast.success(t('adminSite.saved'));
    } catch (err) {
      toast.error(getErrorMessage(err, t('errors.tryAgain')));
    } finally {
      setSaving(false);
    }
  }

  const env = data.environment;
  return (
    <div>
      <SectionTitle title={t('adminCommon.sections.settings')}>
        <Button onClick={save} disabled={saving}>
          {saving ? t('adminSite.saving') : t('adminSite.save')}
        </Button>
      </SectionTitle>
      <div className="space-y-6">
        {GROUPS.map((g) => (
          <Card key={g.title}>
            <CardHeader>
              <CardTitle>{text('groups', g.id, g.title)}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              {g.fields.map((f) => {
                const v = form[f.key];
                const label = text('fields', f.key, f.label) ?? f.label;
                const hint = text('hints', f.key, f.hint);
                if (f.kind === 'bool')
                  return (
                    <label key={f.key} className="flex items-center gap-2 text-sm sm:col-span-2">
                      <input
                        type="checkbox"
                        className="size-4 accent-brand-600"
                        checked={Boolean(v)}
                        onChange={(e) => setForm({ ...form, [f.key]: e.target.checked })}
                      />
                      {label}
                    </label>
                  );
                if (f.kind === 'select')
                  return (
                    <div key={f.key}>
                      <Label htmlFor={`s-${f.key}`}>{label}</Label>
                      <Select
                        id={`s-${f.key}`}
                        className="w-full"
                        value={String(v ?? '')}
                        onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
                      >
                        <option value="">{t('adminSite.automatic')}</option>
                        {f.options?.map((o) => (
                          <option key={o} value={o}>
                            {o}
                          </option>
                        ))}
                      </Select>
                    </div>
                  );
                if (f.kind === 'menus')
                  return (
                    <div key={f.key} className="sm:col-span-2">
                      <Label htmlFor={`s-${f.key}`}>{label}</Label>
                      <TextArea
                        id={`s-${f.key}`}
                        className="min-h-64 font-mono text-xs"
                        value={String(v ?? '')}
                        onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
                      />
                      <p className="mt-1 text-xs text-zinc-500">{hint}</p>
                    </div>
                  );
                return (
                  <Field
                    key={f.key}
                    label={label}
                    hint={hint}
                    type={f.kind === 'number' ? 'number' : 'text'}
                    step="any"
                    value={String(v ?? '')}
                    onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
                  />
                );
              })}
            </CardContent>
          </Card>
        ))}
        <AdminGatewaysCard />
        <SecretsCard secrets={data.secrets} />
        <Card>
          <CardHeader>
            <CardTitle>{t('adminSite.services.title')}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            <p>{t('adminSite.services.intro')}</p>
            <div className="flex flex-wrap gap-2">
              <Badge tone={env.smtpConfigured ? 'green' : 'amber'}>
                {t('adminSite.services.smtp', {
                  state: env.smtpConfigured ? t('adminSite.services.configured') : t('adminSite.services.outboxOnly'),
                })}
              </Badge>
              <Badge tone="zinc">{t('adminSite.services.storage', { driver: env.storageDriver })}</Badge>
              <Badge tone={env.stripeConfigured ? 'green' : 'zinc'}>
                {t('adminSite.services.stripe', {
                  state: env.stripeConfigured ? t('adminSite.services.configured') : t('adminSite.services.notSet'),
                })}
              </Badge>
              <Badge tone={env.agoraConfigured ? 'green' : 'zinc'}>
                {t('adminSite.services.agora', {
                  state: env.agoraConfigured ? t('adminSite.services.configured') : t('adminSite.services.notSet'),
                })}
              </Badge>
              <Badge tone={env.recaptchaConfigured ? 'green' : 'zinc'}>
                {t('adminSite.services.recaptcha', {
                  state: env.recaptchaConfigured ? t('adminSite.services.on') : t('adminSite.services.off'),
                })}
              </Badge>
              <Badge tone={env.googleConfigured ? 'green' : 'zinc'}>
                {t('adminSite.services.google', {
                  state: env.googleConfigured ? t('adminSite.services.on') : t('adminSite.services.off'),
                })}
              </Badge>
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
