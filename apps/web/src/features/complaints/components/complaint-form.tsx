import { COMPLAINT_KINDS, type ComplaintKind } from '@marquee/shared/complaints';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses, Label } from '../../../components/ui/input';
import { getErrorMessage } from '../../../lib/api';
import { client } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-contract';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/i18n/format';
import { usePageTitle } from '../../settings/hooks';

type Receipt = ApiData<'/complaints', 'post'>;

const DUE_DAYS = 7;

/** /complaints: anyone reports content (no account); the answer is a case number and a due date. */
export function ComplaintPage() {
  const { t } = useTranslation();
  usePageTitle(t('complaints.title'));
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  return (
    <div className="mx-auto w-full max-w-2xl py-6">
      <h1 className="mb-2 text-2xl font-bold tracking-tight">{t('complaints.title')}</h1>
      {receipt ? (
        <Receipt receipt={receipt} onAnother={() => setReceipt(null)} />
      ) : (
        <>
          <p className="mb-6 text-zinc-600 dark:text-zinc-400">{t('complaints.intro', { days: DUE_DAYS })}</p>
          <ComplaintForm onSent={setReceipt} />
        </>
      )}
    </div>
  );
}

function Receipt({ receipt, onAnother }: { receipt: Receipt; onAnother: () => void }) {
  const { t } = useTranslation();
  return (
    <section
      role="status"
      className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5 dark:border-emerald-900 dark:bg-emerald-950/40"
    >
      <h2 className="mb-2 text-lg font-semibold">{t('complaints.sentTitle')}</h2>
      <p data-testid="complaint-receipt">
        {t('complaints.sent', {
          caseNumber: receipt.caseNumber,
          dueAt: formatDate(receipt.dueAt, { dateStyle: 'full' }),
        })}
      </p>
      {receipt.contentHidden && <p className="mt-2">{t('complaints.sentHidden')}</p>}
      <Button className="mt-4" variant="outline" onClick={onAnother}>
        {t('complaints.another')}
      </Button>
    </section>
  );
}

function ComplaintForm({ onSent }: { onSent: (r: Receipt) => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ComplaintKind>('depicted');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [urls, setUrls] = useState('');
  const [reason, setReason] = useState('');
  const [originalWork, setOriginalWork] = useState('');
  const [goodFaith, setGoodFaith] = useState(false);
  const [signature, setSignature] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const receipt = await client.post('/complaints', {
        body: {
          kind,
          name,
          email,
          urls: urls
            .split(/\s+/)
            .map((u) => u.trim())
            .filter(Boolean),
          reason,
          originalWork: kind === 'copyright' && originalWork ? originalWork : undefined,
          goodFaith: goodFaith as true,
          signature,
        },
        authRedirect: false,
      });
      onSent(receipt);
    } catch (err) {
      setError(getErrorMessage(err, t('errors.tryAgain')));
    } finally {
      setBusy(false);
    }
  };

  const example = `${window.location.origin}/post/…`;
  return (
    <form onSubmit={onSubmit} className="space-y-5" aria-label={t('complaints.title')}>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t('complaints.kindLegend')}</legend>
        <div className="space-y-2">
          {COMPLAINT_KINDS.map((k) => (
            <label
              key={k}
              className={cn(
                'flex cursor-pointer gap-3 rounded-xl border p-3 text-sm',
                kind === k
                  ? 'border-brand-500 bg-brand-50 dark:bg-brand-950/30'
                  : 'border-zinc-200 dark:border-zinc-800',
              )}
            >
              <input
                type="radio"
                name="kind"
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
                className="mt-0.5"
              />
              <span>
                <span className="block font-medium">{t(`complaints.kind.${k}`)}</span>
                <span className="block text-zinc-600 dark:text-zinc-400">{t(`complaints.kindHint.${k}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('complaints.name')}
          autoComplete="name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Field
          label={t('complaints.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <TextField
        label={t('complaints.urls')}
        hint={t('complaints.urlsHint', { example })}
        value={urls}
        onChange={setUrls}
        rows={3}
      />
      <TextField label={t('complaints.reason')} value={reason} onChange={setReason} rows={4} />
      {kind === 'copyright' && (
        <TextField label={t('complaints.originalWork')} value={originalWork} onChange={setOriginalWork} rows={2} />
      )}
      <label className="flex gap-3 text-sm">
        <input type="checkbox" required checked={goodFaith} onChange={(e) => setGoodFaith(e.target.checked)} />
        <span>{t('complaints.goodFaith')}</span>
      </label>
      <Field
        label={t('complaints.signature')}
        required
        value={signature}
        onChange={(e) => setSignature(e.target.value)}
      />
      <Button type="submit" size="lg" loading={busy}>
        {t('complaints.submit')}
      </Button>
    </form>
  );
}

function TextField({
  label,
  hint,
  value,
  onChange,
  rows,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (v: string) => void;
  rows: number;
}) {
  const id = `complaint-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        required
        rows={rows}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={cn(inputClasses, 'h-auto py-2.5')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}
