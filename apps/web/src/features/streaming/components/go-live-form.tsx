import { LIVE_STREAM_TYPES } from '@marquee/shared/streaming';
import { Radio } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, Label } from '../../../components/ui';
import type { ApiBody } from '../../../lib/api-contract';

/** Title, description, type and price of a stream about to start. */
export function GoLiveForm({
  defaultGroupPrice,
  disabled,
  busy,
  error,
  onSubmit,
}: {
  defaultGroupPrice: number;
  disabled?: boolean;
  busy?: boolean;
  /** Why the server refused to go live (a person named for the stream has not consented yet). */
  error?: string | null;
  onSubmit: (body: ApiBody<'/streaming/live', 'post'>) => void;
}) {
  const { t } = useTranslation();
  const tr = t;
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [type, setType] = useState<'public' | 'group'>('public');
  const [price, setPrice] = useState('0');
  const [touched, setTouched] = useState(false);
  const value = Number(price);
  const priceError =
    !Number.isFinite(value) || value < 0
      ? t('streaming.priceMin')
      : type === 'group' && value <= 0
        ? t('streaming.groupNeedsPrice')
        : undefined;
  const titleError = touched && !title.trim() ? t('streaming.titleRequired') : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!title.trim() || priceError) return;
    onSubmit({ title: title.trim(), description: description.trim(), type, price: value });
  };

  return (
    <form onSubmit={submit} className="space-y-4" data-testid="go-live-form" noValidate>
      <Field
        label={t('streaming.title')}
        value={title}
        maxLength={120}
        onChange={(e) => setTitle(e.target.value)}
        error={titleError}
        placeholder={t('streaming.titlePlaceholder')}
      />
      <div>
        <Label htmlFor="stream-description">{t('streaming.descriptionOptional')}</Label>
        <textarea
          id="stream-description"
          rows={2}
          maxLength={2000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          className="block w-full rounded-xl border border-zinc-300 bg-white px-3.5 py-2 text-[15px] dark:border-zinc-700 dark:bg-zinc-900"
        />
      </div>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('streaming.type')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {LIVE_STREAM_TYPES.map((t) => (
            <label
              key={t}
              className="flex cursor-pointer gap-3 rounded-xl border border-zinc-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-zinc-700 dark:has-[:checked]:bg-brand-950/40"
            >
              <input
                type="radio"
                name="stream-type"
                value={t}
                checked={type === t}
                onChange={() => {
                  setType(t);
                  if (t === 'group' && value <= 0) setPrice(String(defaultGroupPrice || 5));
                }}
                className="mt-1"
              />
              <span>
                <span className="block font-semibold">{tr(`streaming.types.${t}.label`)}</span>
                <span className="block text-sm text-zinc-600 dark:text-zinc-400">
                  {tr(`streaming.types.${t}.hint`)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        label={type === 'group' ? t('streaming.sessionPrice') : t('streaming.sessionPriceFree')}
        type="number"
        inputMode="decimal"
        min={type === 'group' ? 0.01 : 0}
        step="0.01"
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        error={priceError}
      />
      {error && (
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
          data-testid="go-live-error"
        >
          {error}
        </p>
      )}
      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto"
        loading={busy}
        disabled={disabled}
        data-testid="go-live"
      >
        <Radio className="size-5" aria-hidden="true" /> {t('streaming.goLive')}
      </Button>
    </form>
  );
}
