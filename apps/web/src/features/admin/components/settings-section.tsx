import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, Label } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { AdminGatewaysCard } from '../../payments/components/admin-gateways';
import { usePageTitle } from '../../settings/hooks';
import { saveSettings, useAdminSettings } from '../api';
import { Badge, SectionTitle, Select, TextArea } from './kit';
import { SecretsCard } from './secrets-card';

type Kind = 'text' | 'number' | 'bool' | 'list' | 'menus' | 'select';
interface Def {
  key: string;
  label: string;
  kind: Kind;
  hint?: string;
  options?: string[];
}
const GROUPS: Array<{ title: string; fields: Def[] }> = [
  {
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
    title: 'Payments and limits',
    fields: [
      { key: 'currency', label: 'Currency', kind: 'text' },
      { key: 'minimumSubscriptionPrice', label: 'Subscription price min', kind: 'number' },
      { key: 'maximumSubscriptionPrice', label: 'Subscription price max', kind: 'number' },
      { key: 'minimumWalletPrice', label: 'Wallet top-up min', kind: 'number' },
      { key: 'maximumWalletPrice', label: 'Wallet top-up max', kind: 'number' },
      { key: 'minimumTipPrice', label: 'Tip min', kind: 'number' },
      { key: 'maximumTipPrice', label: 'Tip max', kind: 'number' },
      { key: 'minimumPayoutAmount', label: 'Minimum payout', kind: 'number' },
      { key: 'freeSubscriptionEnabled', label: 'Free subscriptions allowed', kind: 'bool' },
      { key: 'freeSubscriptionDuration', label: 'Free subscription duration (days)', kind: 'number' },
    ],
  },
  {
    title: 'Commission and referrals',
    fields: [
      { key: 'commissionPercent', label: 'Platform commission (%)', kind: 'number' },
      { key: 'performerReferralPercent', label: 'Creator referral share (%)', kind: 'number' },
      { key: 'performerReferralMonths', label: 'Creator referral window (months)', kind: 'number' },
      { key: 'userReferralPercent', label: 'Fan referral share (%)', kind: 'number' },
    ],
  },
  {
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
  usePageTitle('Admin settings');
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
      toast.error('The menus are not valid JSON');
      return;
    }
    if (Object.keys(changes).length === 0) return toast.success('Nothing to save');
    setSaving(true);
    try {
      await saveSettings(changes);
      toast.success('Changes saved');
    } catch (err) {
      toast.error(getErrorMessage(err, 'Error occurred, please try again later'));
    } finally {
      setSaving(false);
    }
  }

  const env = data.environment;
  return (
    <div>
      <SectionTitle title="Settings">
        <Button onClick={save} disabled={saving}>
          {saving ? 'Saving…' : 'Save changes'}
        </Button>
      </SectionTitle>
      <div className="space-y-6">
        {GROUPS.map((g) => (
          <Card key={g.title}>
            <CardHeader>
              <CardTitle>{g.title}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              {g.fields.map((f) => {
                const v = form[f.key];
                if (f.kind === 'bool')
                  return (
                    <label key={f.key} className="flex items-center gap-2 text-sm sm:col-span-2">
                      <input
                        type="checkbox"
                        className="size-4 accent-brand-600"
                        checked={Boolean(v)}
                        onChange={(e) => setForm({ ...form, [f.key]: e.target.checked })}
                      />
                      {f.label}
                    </label>
                  );
                if (f.kind === 'select')
                  return (
                    <div key={f.key}>
                      <Label htmlFor={`s-${f.key}`}>{f.label}</Label>
                      <Select
                        id={`s-${f.key}`}
                        className="w-full"
                        value={String(v ?? '')}
                        onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
                      >
                        <option value="">(automatic)</option>
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
                      <Label htmlFor={`s-${f.key}`}>{f.label}</Label>
                      <TextArea
                        id={`s-${f.key}`}
                        className="min-h-64 font-mono text-xs"
                        value={String(v ?? '')}
                        onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
                      />
                      <p className="mt-1 text-xs text-zinc-500">{f.hint}</p>
                    </div>
                  );
                return (
                  <Field
                    key={f.key}
                    label={f.label}
                    hint={f.hint}
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
            <CardTitle>Services in use</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            <p>What the site uses now, from the keys above or the environment variables.</p>
            <div className="flex flex-wrap gap-2">
              <Badge tone={env.smtpConfigured ? 'green' : 'amber'}>
                SMTP: {env.smtpConfigured ? 'configured' : 'outbox only'}
              </Badge>
              <Badge tone="zinc">Storage: {env.storageDriver}</Badge>
              <Badge tone={env.stripeConfigured ? 'green' : 'zinc'}>
                Stripe: {env.stripeConfigured ? 'configured' : 'not set'}
              </Badge>
              <Badge tone={env.agoraConfigured ? 'green' : 'zinc'}>
                Agora: {env.agoraConfigured ? 'configured' : 'not set'}
              </Badge>
              <Badge tone={env.recaptchaConfigured ? 'green' : 'zinc'}>
                reCAPTCHA: {env.recaptchaConfigured ? 'on' : 'off'}
              </Badge>
              <Badge tone={env.googleConfigured ? 'green' : 'zinc'}>
                Google sign-in: {env.googleConfigured ? 'on' : 'off'}
              </Badge>
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
