import { AlertTriangle } from 'lucide-react';
import { type ComponentProps, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/**
 * A consequential admin action asks first (issue 31 item 7): the button opens a short question in
 * place, with an optional warning, and the action runs on "Confirm" (its result is the action's toast).
 */
export function ConfirmButton({
  question,
  warning,
  onConfirm,
  children,
  ...button
}: Omit<ComponentProps<typeof Button>, 'onClick'> & {
  question: string;
  warning?: string | null;
  onConfirm: () => unknown;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <Button {...button} onClick={() => setAsking(true)}>
        {children}
      </Button>
    );
  return (
    <fieldset
      aria-describedby={warning ? id : undefined}
      className="basis-full rounded-xl border border-zinc-200 bg-zinc-50 p-3 text-sm dark:border-zinc-700 dark:bg-zinc-800/60"
    >
      <legend className="float-left w-full font-medium">{question}</legend>
      {warning && (
        <p id={id} className="mt-1.5 flex gap-1.5 text-amber-800 dark:text-amber-300" role="note">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {warning}
        </p>
      )}
      <div className="mt-2 flex gap-2">
        <Button
          ref={confirmRef}
          size="sm"
          variant={button.variant}
          disabled={button.disabled}
          onClick={async () => {
            await onConfirm();
            setAsking(false);
          }}
        >
          {t('adminCommon.confirm')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setAsking(false)}>
          {t('common.cancel')}
        </Button>
      </div>
    </fieldset>
  );
}
