import type { Story } from '@marquee/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { storiesApi } from '../api';

/** Puts one of my stories into a highlight (by name; stories with the same name form one highlight). */
export function HighlightDialog({
  story,
  titles,
  onClose,
  onSaved,
}: {
  story: Story | null;
  /** Names of my existing highlights, offered as suggestions. */
  titles: string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!story) return;
    setBusy(true);
    try {
      await storiesApi.update(story._id, { isHighlight: true, highlightTitle: title.trim() || null });
      toast.success(t('stories.addedToHighlights'));
      setTitle('');
      onSaved();
      onClose();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={Boolean(story)}
      onOpenChange={(o) => !o && onClose()}
      title={t('stories.addToHighlight')}
      description={t('stories.highlightText')}
      size="sm"
    >
      <form onSubmit={save} className="space-y-4">
        <Field
          label={t('stories.highlightName')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={40}
          placeholder={t('stories.highlights')}
          list="highlight-titles"
          autoComplete="off"
        />
        <datalist id="highlight-titles">
          {titles.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
        {titles.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {titles.map((t) => (
              <Button
                key={t}
                type="button"
                size="sm"
                variant={title === t ? 'primary' : 'outline'}
                onClick={() => setTitle(t)}
              >
                {t}
              </Button>
            ))}
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('stories.addToHighlight')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
