import type { MediaFile } from '@marquee/shared/media';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ImagePlus, SendHorizontal, Smile, Video, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/input';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { menuContentClasses } from '../../theme/components/menu-classes';
import { uploadAttachment } from '../api';
import { useMessagesStore } from '../store';

/** The server's limit (packages/shared messages.ts), kept here so zod stays out of this chunk. */
const MESSAGE_MAX_TEXT = 5000;
const EMOJI =
  '😀 😂 🥰 😍 😘 😉 😊 😎 🤩 🥳 😇 🤗 🤔 😅 😭 😢 😮 😴 🙈 🙏 👍 👏 👋 💪 🔥 ✨ 💯 ❤️ 💜 💖 💋 🌹 🎉 🎁 📸 🎥 ☀️ 🌙 ⭐ 🍑'.split(
    ' ',
  );

interface Upload {
  key: string;
  name: string;
  kind: 'photo' | 'video';
  progress: number;
  file?: MediaFile;
  preview?: string;
  controller: AbortController;
}

/** Text with emoji, photo and video attachments with upload progress, and a price for creators (paid message). */
export function Composer({
  conversationId,
  isCreator,
  me,
}: {
  conversationId: string;
  isCreator: boolean;
  me: string;
}) {
  const [text, setText] = useState('');
  const [price, setPrice] = useState('');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [sending, setSending] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const photoRef = useRef<HTMLInputElement>(null);
  const videoRef = useRef<HTMLInputElement>(null);
  const { t } = useTranslation();

  const uploading = uploads.some((u) => !u.file);
  const ready = uploads.filter((u) => u.file).map((u) => u.file!);
  const priceValue = Number(price) || 0;
  const canSend = !sending && !uploading && (text.trim().length > 0 || ready.length > 0);

  function pick(kind: 'photo' | 'video', files: FileList | null) {
    for (const file of Array.from(files ?? [])) {
      const key = `${file.name}-${Date.now()}-${Math.random()}`;
      const controller = new AbortController();
      const preview = kind === 'photo' ? URL.createObjectURL(file) : undefined;
      setUploads((u) => [...u, { key, name: file.name, kind, progress: 0, controller, preview }]);
      uploadAttachment(
        kind,
        file,
        (p) => setUploads((u) => u.map((x) => (x.key === key ? { ...x, progress: p } : x))),
        controller.signal,
      )
        .then((res) =>
          setUploads((u) => u.map((x) => (x.key === key ? { ...x, progress: 100, file: res.data[0] } : x))),
        )
        .catch((err) => {
          setUploads((u) => u.filter((x) => x.key !== key));
          if ((err as { name?: string })?.name !== 'AbortError') toast.error(getErrorMessage(err));
        });
    }
  }

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (!canSend) return;
    setSending(true);
    const body = { text: text.trim(), fileIds: ready.map((f) => f._id), price: ready.length > 0 ? priceValue : 0 };
    const keep = { text, uploads, price };
    setText('');
    setUploads([]);
    setPrice('');
    const ok = await useMessagesStore.getState().send(conversationId, body, { senderId: me, files: ready });
    setSending(false);
    if (!ok) {
      setText(keep.text);
      setUploads(keep.uploads);
      setPrice(keep.price);
      toast.error(useMessagesStore.getState().openError ?? t('errors.tryAgain'));
    }
    textRef.current?.focus();
  }

  function onKey(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  }

  return (
    <form
      onSubmit={submit}
      className="border-t border-zinc-200 bg-white p-2 sm:p-3 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {uploads.length > 0 && (
        <ul className="mb-2 flex gap-2 overflow-x-auto" aria-label={t('messages.attachments')}>
          {uploads.map((u) => (
            <li key={u.key} className="relative w-24 shrink-0">
              <div className="flex aspect-square items-center justify-center overflow-hidden rounded-lg bg-zinc-100 dark:bg-zinc-800">
                {u.preview ? (
                  <img src={u.preview} alt={u.name} className="size-full object-cover" />
                ) : (
                  <Video className="size-6 text-zinc-500" aria-label={u.name} />
                )}
              </div>
              {!u.file && (
                <ProgressBar
                  value={u.progress}
                  label={t('messages.uploadingFile', { name: u.name })}
                  className="mt-1 h-1.5"
                />
              )}
              <button
                type="button"
                aria-label={t('messages.removeFile', { name: u.name })}
                className="absolute -top-1.5 -right-1.5 rounded-full bg-zinc-900 p-0.5 text-white"
                onClick={() => {
                  u.controller.abort();
                  setUploads((all) => all.filter((x) => x.key !== u.key));
                }}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {isCreator && ready.length > 0 && (
        <label className="mb-2 flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-300">
          {t('messages.priceHint')}
          <input
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            className={cn(inputClasses, 'h-9 w-28')}
            aria-label={t('messages.priceLabel')}
          />
        </label>
      )}
      <div className="flex items-end gap-1">
        <DropdownMenu.Root>
          <DropdownMenu.Trigger asChild>
            <Button type="button" variant="ghost" size="icon" aria-label={t('messages.insertEmoji')}>
              <Smile className="size-5" aria-hidden="true" />
            </Button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              side="top"
              align="start"
              className={cn(menuContentClasses, 'grid w-72 grid-cols-8 gap-0.5 p-2')}
            >
              {EMOJI.map((e) => (
                <DropdownMenu.Item
                  key={e}
                  className="flex size-8 cursor-pointer items-center justify-center rounded-md text-lg outline-none hover:bg-zinc-100 focus:bg-zinc-100 dark:hover:bg-zinc-800 dark:focus:bg-zinc-800"
                  onSelect={() => setText((current) => current + e)}
                >
                  {e}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t('messages.attachPhotos')}
          onClick={() => photoRef.current?.click()}
        >
          <ImagePlus className="size-5" aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t('messages.attachVideo')}
          onClick={() => videoRef.current?.click()}
        >
          <Video className="size-5" aria-hidden="true" />
        </Button>
        <input
          ref={photoRef}
          type="file"
          accept="image/*"
          multiple
          hidden
          onChange={(e) => {
            pick('photo', e.target.files);
            e.target.value = '';
          }}
        />
        <input
          ref={videoRef}
          type="file"
          accept="video/*"
          hidden
          onChange={(e) => {
            pick('video', e.target.files);
            e.target.value = '';
          }}
        />
        <textarea
          ref={textRef}
          rows={1}
          value={text}
          maxLength={MESSAGE_MAX_TEXT}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
          placeholder={t('messages.placeholder')}
          aria-label={t('messages.message')}
          className={cn(inputClasses, 'max-h-40 min-h-10 flex-1 resize-none py-2')}
        />
        <Button type="submit" size="icon" aria-label={t('messages.send')} disabled={!canSend} loading={sending}>
          <SendHorizontal className="size-5" aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}
