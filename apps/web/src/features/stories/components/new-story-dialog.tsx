import type { MediaFile } from '@marquee/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { UploadField } from '../../../components/ui/upload-field';
import { getErrorMessage } from '../../../lib/api';
import { storiesApi, useRefreshStories } from '../api';
import { ChoicePills } from './choice-pills';

type Kind = 'photo' | 'video' | 'text';
type Visibility = 'free' | 'subscribers';

const KINDS = ['photo', 'video', 'text'] as const;
const VISIBILITIES = ['free', 'subscribers'] as const;
const ACCEPT = { photo: 'image/*', video: 'video/*' } as const;
const COLORS = ['#8e2de2', '#ff6a88', '#0ea5e9', '#10b981', '#f59e0b', '#111111'];

/** "New story": a photo or video (uploaded with progress) or text on a colour, who sees it, and an optional highlight. */
export function NewStoryDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshStories();
  const [kind, setKind] = useState<Kind>('photo');
  const [media, setMedia] = useState<MediaFile | null>(null);
  const [text, setText] = useState('');
  const [color, setColor] = useState(COLORS[0]);
  const [visibility, setVisibility] = useState<Visibility>('free');
  const [highlight, setHighlight] = useState(false);
  const [highlightTitle, setHighlightTitle] = useState('');
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setKind('photo');
    setMedia(null);
    setText('');
    setVisibility('free');
    setHighlight(false);
    setHighlightTitle('');
  };
  const ready = kind === 'text' ? text.trim().length > 0 : Boolean(media);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setBusy(true);
    try {
      await storiesApi.create({
        mediaId: kind === 'text' ? null : media?._id,
        text: text.trim(),
        backgroundColor: kind === 'text' ? color : null,
        visibility,
        isHighlight: highlight,
        highlightTitle: highlight ? highlightTitle.trim() || null : null,
      });
      toast.success(t('stories.liveToast'));
      reset();
      onOpenChange(false);
      void refresh();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('stories.newStory')} description={t('stories.newText')}>
      <form onSubmit={submit} className="space-y-4" data-testid="new-story-form">
        <ChoicePills
          legend={t('stories.type')}
          name="story-kind"
          value={kind}
          options={KINDS.map((k) => [k, t(`stories.kinds.${k}`)] as const)}
          onChange={(k) => {
            setKind(k);
            setMedia(null);
          }}
        />
        {kind !== 'text' ? (
          <UploadField
            key={kind}
            endpoint="/stories/files/{kind}/upload"
            path={{ kind }}
            label={kind === 'photo' ? t('stories.photo') : t('stories.video')}
            accept={ACCEPT[kind]}
            hint={kind === 'video' ? t('stories.videoHint') : t('stories.photoHint')}
            onUploaded={(res) => setMedia(res.data[0] ?? null)}
            onRemove={() => setMedia(null)}
          />
        ) : (
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold">{t('stories.background')}</legend>
            <div className="flex gap-2">
              {COLORS.map((c) => (
                <button
                  key={c}
                  type="button"
                  aria-label={t('stories.backgroundColor', { color: c })}
                  aria-pressed={color === c}
                  onClick={() => setColor(c)}
                  className="size-8 rounded-full ring-offset-2 aria-pressed:ring-2 aria-pressed:ring-brand-600 dark:ring-offset-zinc-900"
                  style={{ background: c }}
                />
              ))}
            </div>
          </fieldset>
        )}
        <div>
          <Label htmlFor="story-text">{kind === 'text' ? t('stories.text') : t('stories.caption')}</Label>
          <textarea
            id="story-text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={500}
            rows={2}
            className="block w-full rounded-xl border border-zinc-300 bg-white px-3.5 py-2 text-[15px] dark:border-zinc-700 dark:bg-zinc-900"
            style={kind === 'text' ? { background: color, color: 'white' } : undefined}
          />
        </div>
        <ChoicePills
          legend={t('posts.whoCanSee')}
          name="story-visibility"
          value={visibility}
          options={VISIBILITIES.map((v) => [v, t(`stories.visibility.${v}`)] as const)}
          onChange={setVisibility}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={highlight} onChange={(e) => setHighlight(e.target.checked)} />
          {t('stories.addToProfileHighlight')}
        </label>
        {highlight && (
          <Field
            label={t('stories.highlightName')}
            value={highlightTitle}
            onChange={(e) => setHighlightTitle(e.target.value)}
            maxLength={40}
            placeholder={t('stories.highlights')}
          />
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy} disabled={!ready}>
            {t('stories.share')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
