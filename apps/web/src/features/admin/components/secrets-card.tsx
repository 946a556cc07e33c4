import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import i18n from '../../../lib/i18n';
import { type AdminSettings, saveSettings } from '../api';
import { Badge } from './kit';

/** English groups, labels and hints; shown as `adminSite.secrets.groups.<stripe|smtp|s3|agora>` and `.labels.<key>` when there is one. */
const SECRETS: Array<{ group: string; key: string; label: string; hint?: string }> = [
  { group: 'Payment gateway (Stripe)', key: 'stripeSecretKey', label: 'Secret key' },
  { group: 'Payment gateway (Stripe)', key: 'stripePublishableKey', label: 'Publishable key' },
  { group: 'Payment gateway (Stripe)', key: 'stripeWebhookSecret', label: 'Webhook signing secret' },
  {
    group: 'Mail (SMTP)',
    key: 'smtpUrl',
    label: 'SMTP server with its password',
    hint: 'smtp://user:password@host:587 (smtps:// for port 465)',
  },
  { group: 'Storage (S3)', key: 's3AccessKeyId', label: 'Access key id' },
  { group: 'Storage (S3)', key: 's3SecretAccessKey', label: 'Secret access key' },
  { group: 'Streaming (Agora)', key: 'agoraAppId', label: 'App id' },
  { group: 'Streaming (Agora)', key: 'agoraAppCertificate', label: 'App certificate' },
];

/** The group's id (its service) from the key's prefix. */
const groupId = (key: string) => /^(stripe|smtp|s3|agora)/.exec(key)?.[1] ?? '';
const translated = (key: string, english: string) =>
  i18n.exists(`adminSite.secrets.${key}`) ? (i18n.t as (k: string) => string)(`adminSite.secrets.${key}`) : english;
const groupName = (s: { key: string; group: string }) => translated(`groups.${groupId(s.key)}`, s.group);
const labelOf = (s: { key: string; label: string }) => translated(`labels.${s.key}`, s.label);

function State({ s }: { s: AdminSettings['secrets'][string] | undefined }) {
  const { t } = useTranslation();
  if (!s?.set) return <Badge tone="zinc">{t('adminSite.secrets.notSet')}</Badge>;
  return (
    <Badge tone="green">
      {s.source === 'environment' ? t('adminSite.secrets.setEnv') : t('adminSite.secrets.set')}
    </Badge>
  );
}

/** Write-only secrets: the form shows whether each is set, never its value; blank keeps the current one. */
export function SecretsCard({ secrets }: { secrets: AdminSettings['secrets'] }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const save = async (changes: Record<string, string | null>) => {
    if (Object.keys(changes).length === 0) return toast.success(t('adminSite.secrets.nothing'));
    setSaving(true);
    try {
      await saveSettings(changes);
      setForm({});
      toast.success(t('adminSite.secrets.saved'));
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  const typed = Object.fromEntries(Object.entries(form).filter(([, v]) => v.trim() !== ''));
  const groups = [...new Set(SECRETS.map((s) => s.group))];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('adminSite.secrets.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5 text-sm">
        <p className="text-zinc-500">{t('adminSite.secrets.intro')}</p>
        {groups.map((g) => (
          <fieldset key={g} className="space-y-3">
            <legend className="mb-2 font-semibold">
              {groupName(SECRETS.find((s) => s.group === g) ?? { key: '', group: g })}
            </legend>
            {SECRETS.filter((s) => s.group === g).map((s) => (
              <div key={s.key} className="grid items-end gap-2 sm:grid-cols-[1fr_auto_auto]">
                <div>
                  <Label htmlFor={`secret-${s.key}`}>
                    {labelOf(s)} <State s={secrets[s.key]} />
                  </Label>
                  <Input
                    id={`secret-${s.key}`}
                    type="password"
                    autoComplete="off"
                    placeholder={
                      secrets[s.key]?.set
                        ? t('adminSite.secrets.keep')
                        : s.key === 'smtpUrl'
                          ? t('adminSite.secrets.smtpHint')
                          : (s.hint ?? '')
                    }
                    value={form[s.key] ?? ''}
                    onChange={(e) => setForm({ ...form, [s.key]: e.target.value })}
                  />
                </div>
                {secrets[s.key]?.source === 'console' && (
                  <Button
                    variant="outline"
                    disabled={saving}
                    onClick={() => {
                      if (window.confirm(t('adminSite.secrets.removeConfirm', { name: labelOf(s) })))
                        void save({ [s.key]: null });
                    }}
                  >
                    {t('adminSite.secrets.remove')}
                  </Button>
                )}
              </div>
            ))}
          </fieldset>
        ))}
        <Button onClick={() => save(typed)} disabled={saving || Object.keys(typed).length === 0}>
          {saving ? t('adminSite.secrets.saving') : t('adminSite.secrets.save')}
        </Button>
      </CardContent>
    </Card>
  );
}
