import type { Comment } from '@marquee/shared';
import { ImagePlus, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { commentsApi } from '../api';
import { MentionInput } from './mention-input';

const MAX_PHOTO_MB = 10;
/** COMMENT_TEXT_MAX of the shared contract (the package index pulls zod into the chunk). */
const COMMENT_TEXT_MAX = 2000;

/**
 * Write a comment: text with @mention suggestions and an optional photo.
 * The comment is posted (POST /comments), then the photo attached to it (PUT /comments/{id}, multipart)
 * with upload progress.
 */
export function CommentComposer({
  objectType,
  objectId,
  parentId,
  placeholder,
  autoFocus,
  onPosted,
}: {
  objectType: string;
  objectId: string;
  parentId?: string;
  placeholder: string;
  autoFocus?: boolean;
  onPosted: (c: Comment) => void;
}) {
  const { t } = useTranslation();
  const fileId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = (f: File | undefined) => {
    if (!f) return;
    if (!f.type.startsWith('image/')) return toast.error(t('posts.fileType'));
    if (f.size > MAX_PHOTO_MB * 1024 * 1024) return toast.error(t('posts.fileTooLarge', { n: MAX_PHOTO_MB }));
    setPhoto(f);
    setPreview(URL.createObjectURL(f));
  };
  const clearPhoto = () => {
    setPhoto(null);
    setPreview(null);
    setProgress(null);
    if (fileRef.current) fileRef.current.value = '';
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim() || busy) return;
    setBusy(true);
    try {
      let c = await commentsApi.create(objectType, objectId, text.trim(), parentId);
      if (photo) {
        setProgress(0);
        try {
          c = await commentsApi.attachPhoto(c._id, photo, setProgress);
        } catch (err) {
          toast.error(t('posts.postedWithoutPhoto', { reason: getErrorMessage(err) }));
        }
      }
      setText('');
      clearPhoto();
      onPosted(c);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <form className="space-y-2" onSubmit={submit} data-testid="comment-composer">
      <div className="flex gap-2">
        <MentionInput
          value={text}
          onChange={setText}
          placeholder={placeholder}
          autoFocus={autoFocus}
          maxLength={COMMENT_TEXT_MAX}
        />
        <input
          ref={fileRef}
          id={fileId}
          type="file"
          accept="image/*"
          className="sr-only"
          aria-label={t('posts.attachPhoto')}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <label
          htmlFor={fileId}
          title={t('posts.attachPhoto')}
          className="flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-full text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
        >
          <ImagePlus className="size-5" aria-hidden="true" />
        </label>
        <Button type="submit" loading={busy} disabled={!text.trim()}>
          {t('posts.send')}
        </Button>
      </div>
      {photo && preview && (
        <div className="flex items-center gap-3 pl-2" data-testid="comment-photo-preview">
          <img src={preview} alt={t('posts.toAttach')} className="size-14 rounded-xl object-cover" />
          <div className="min-w-0 flex-1 text-xs text-zinc-500">
            <p className="truncate">{photo.name}</p>
            {progress !== null && (
              <ProgressBar value={progress} label={t('posts.uploading', { name: photo.name })} className="mt-1" />
            )}
          </div>
          <button
            type="button"
            onClick={clearPhoto}
            aria-label={t('posts.removePhoto')}
            className="p-1"
            disabled={busy}
          >
            <X className="size-4" />
          </button>
        </div>
      )}
    </form>
  );
}
