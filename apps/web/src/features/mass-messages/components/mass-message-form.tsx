import type { MediaFile } from '@marquee/shared/media';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, inputClasses, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { UploadField } from '../../../components/ui/upload-field';
import { getErrorMessage } from '../../../lib/api';
import { sendMassMessage } from '../api';
import { FanPicker, type PickedFan } from './fan-picker';

const AUDIENCES = ['subscribers', 'followers', 'all', 'list'] as const;
type Audience = (typeof AUDIENCES)[number];

/** Compose one message for many fans: audience, text, a photo or video, a price, now or at a set time. */
export function MassMessageForm() {
  const { t } = useTranslation();
  const [audience, setAudience] = useState<Audience>('subscribers');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<Record<'photo' | 'video', MediaFile | null>>({ photo: null, video: null });
  const [price, setPrice] = useState('');
  const [scheduleAt, setScheduleAt] = useState('');
  const [sending, setSending] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [fans, setFans] = useState<PickedFan[]>([]);
  const fileIds = [files.photo, files.video].filter((f): f is MediaFile => f !== null).map((f) => f._id);
  const canSend =
    !sending && (text.trim().length > 0 || fileIds.length > 0) && (audience !== 'list' || fans.length > 0);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!canSend) return;
    setSending(true);
    try {
      await sendMassMessage({
        audience,
        userIds: audience === 'list' ? fans.map((f) => f._id) : [],
        text: text.trim(),
        fileIds,
        price: fileIds.length > 0 ? Number(price) || 0 : 0,
        scheduledAt: scheduleAt ? new Date(scheduleAt).toISOString() : undefined,
      });
      toast.success(scheduleAt ? t('massMessages.scheduled') : t('massMessages.onItsWay'));
      setText('');
      setPrice('');
      setScheduleAt('');
      setFiles({ photo: null, video: null });
      setFans([]);
      setFormKey((k) => k + 1);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setSending(false);
    }
  }

  const upload = (kind: 'photo' | 'video') => (
    <UploadField<{ data: MediaFile[] }>
      key={`${kind}-${formKey}`}
      endpoint={kind === 'photo' ? '/messages/public/file/photo' : '/messages/private/file/video'}
      label={kind === 'photo' ? t('massMessages.photo') : t('massMessages.video')}
      accept={kind === 'photo' ? 'image/*' : 'video/*'}
      onUploaded={(res) => setFiles((f) => ({ ...f, [kind]: res.data[0] ?? null }))}
      onRemove={() => setFiles((f) => ({ ...f, [kind]: null }))}
    />
  );

  return (
    <Card className="p-4 sm:p-6">
      <form onSubmit={submit} className="space-y-4" aria-label={t('massMessages.form')}>
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{t('massMessages.sendTo')}</legend>
          <div className="flex flex-wrap gap-2">
            {AUDIENCES.map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-2 rounded-xl border border-zinc-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-zinc-700 dark:has-[:checked]:bg-brand-950/40"
              >
                <input
                  type="radio"
                  name="audience"
                  value={value}
                  checked={audience === value}
                  onChange={() => setAudience(value)}
                  className="accent-brand-600"
                />
                {t(`massMessages.audience.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {audience === 'list' && <FanPicker value={fans} onChange={setFans} />}
        <div>
          <Label htmlFor="mass-text">{t('massMessages.message')}</Label>
          <textarea
            id="mass-text"
            className={`${inputClasses} mt-1 min-h-28`}
            maxLength={10000}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('massMessages.placeholder')}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          {upload('photo')}
          {upload('video')}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label={t('massMessages.price')}
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            disabled={fileIds.length === 0}
            hint={fileIds.length === 0 ? t('massMessages.attachToSell') : t('massMessages.emptyFree')}
          />
          <Field
            label={t('massMessages.later')}
            type="datetime-local"
            value={scheduleAt}
            onChange={(e) => setScheduleAt(e.target.value)}
            hint={t('massMessages.emptyNow')}
          />
        </div>
        <Button type="submit" loading={sending} disabled={!canSend} className="w-full sm:w-auto">
          {scheduleAt ? t('massMessages.schedule') : t('massMessages.send')}
        </Button>
      </form>
    </Card>
  );
}
