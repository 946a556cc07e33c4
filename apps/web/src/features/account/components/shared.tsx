import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId, useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { inputClasses, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import i18n from '../../../lib/i18n';

export function Section({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  id?: string;
}) {
  return (
    <Card className="mt-6" id={id}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <p className="text-sm text-zinc-600 dark:text-zinc-400">{description}</p>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function SelectField({
  label,
  options,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: ReadonlyArray<{ value: string; text: string }>;
}) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={cn(inputClasses, 'pr-8')} {...props}>
        <option value="">—</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function TextAreaField({ label, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string }) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <textarea id={id} className={cn(inputClasses, 'h-auto min-h-28 py-2.5')} {...props} />
    </div>
  );
}

/** Spec §8: success shows 'Changes saved'; failure the server message or 'Error occurred, please try again later'. */
export function useSave() {
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  async function run(action: () => Promise<unknown>, successText: string = i18n.t('errors.changesSaved')) {
    setSaving(true);
    setStatus(null);
    try {
      await action();
      setStatus({ ok: true, text: successText });
      toast.success(successText);
      return true;
    } catch (err) {
      const text = getErrorMessage(err, i18n.t('errors.tryAgain'));
      setStatus({ ok: false, text });
      toast.error(text);
      return false;
    } finally {
      setSaving(false);
    }
  }
  return { saving, status, run };
}

export function SaveStatus({ status }: { status: { ok: boolean; text: string } | null }) {
  if (!status) return null;
  return (
    <p
      role={status.ok ? 'status' : 'alert'}
      className={cn(
        'text-sm font-medium',
        status.ok ? 'text-emerald-600 dark:text-emerald-400' : 'text-red-600 dark:text-red-400',
      )}
    >
      {status.text}
    </p>
  );
}
