import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { type AdminSettings, saveSettings } from '../api';
import { Badge } from './kit';

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

function State({ s }: { s: AdminSettings['secrets'][string] | undefined }) {
  if (!s?.set) return <Badge tone="zinc">not set</Badge>;
  return <Badge tone="green">{s.source === 'environment' ? 'set (environment)' : 'set'}</Badge>;
}

/** Write-only secrets: the form shows whether each is set, never its value; blank keeps the current one. */
export function SecretsCard({ secrets }: { secrets: AdminSettings['secrets'] }) {
  const [form, setForm] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const save = async (changes: Record<string, string | null>) => {
    if (Object.keys(changes).length === 0) return toast.success('Nothing to save');
    setSaving(true);
    try {
      await saveSettings(changes);
      setForm({});
      toast.success('Secrets saved; they apply at once');
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
        <CardTitle>Service keys and passwords</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5 text-sm">
        <p className="text-zinc-500">
          Write-only: a saved value is never shown again. Leave a field blank to keep the current value. A value set
          here wins over the environment's.
        </p>
        {groups.map((g) => (
          <fieldset key={g} className="space-y-3">
            <legend className="mb-2 font-semibold">{g}</legend>
            {SECRETS.filter((s) => s.group === g).map((s) => (
              <div key={s.key} className="grid items-end gap-2 sm:grid-cols-[1fr_auto_auto]">
                <div>
                  <Label htmlFor={`secret-${s.key}`}>
                    {s.label} <State s={secrets[s.key]} />
                  </Label>
                  <Input
                    id={`secret-${s.key}`}
                    type="password"
                    autoComplete="off"
                    placeholder={secrets[s.key]?.set ? 'Leave blank to keep the current value' : (s.hint ?? '')}
                    value={form[s.key] ?? ''}
                    onChange={(e) => setForm({ ...form, [s.key]: e.target.value })}
                  />
                </div>
                {secrets[s.key]?.source === 'console' && (
                  <Button
                    variant="outline"
                    disabled={saving}
                    onClick={() => {
                      if (window.confirm(`Remove the ${s.label.toLowerCase()} set here?`)) void save({ [s.key]: null });
                    }}
                  >
                    Remove
                  </Button>
                )}
              </div>
            ))}
          </fieldset>
        ))}
        <Button onClick={() => save(typed)} disabled={saving || Object.keys(typed).length === 0}>
          {saving ? 'Saving…' : 'Save keys'}
        </Button>
      </CardContent>
    </Card>
  );
}
