import { Check, Copy, Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { inputClasses, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';

/** A read-only value with a copy button (and a reveal toggle for secrets such as a stream key). */
export function CopyField({ label, value, secret = false }: { label: string; value: string; secret?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(!secret);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      toast.error(t('streaming.copyFailed'));
    }
  };
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          type={shown ? 'text' : 'password'}
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className={`${inputClasses} font-mono text-sm`}
        />
        {secret && (
          <Button
            size="icon"
            variant="outline"
            onClick={() => setShown((v) => !v)}
            aria-label={shown ? t('streaming.hideValue', { label }) : t('streaming.showValue', { label })}
          >
            {shown ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
          </Button>
        )}
        <Button size="icon" variant="outline" onClick={copy} aria-label={t('streaming.copyValue', { label })}>
          {copied ? (
            <Check className="size-4 text-emerald-600" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
        </Button>
      </div>
    </div>
  );
}
