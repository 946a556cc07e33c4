import type { Feed, FeedUploadKind, MediaFile } from '@marquee/shared';
import { BarChart3, Eye, Image, Music, Trash2, Video, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { UploadField } from '../../../components/ui/upload-field';
import { getErrorMessage } from '../../../lib/api';
import { MediaStatus } from '../../media/components/media-status';
import { type FeedInput, feedsApi, useRefreshFeeds } from '../api';
import { PostCard } from './post-card';

type Visibility = NonNullable<FeedInput['visibility']>;

/** A post's file back in the upload shape (type = the media kind). */
const asMedia = (f: Feed['files'][number] | null | undefined): MediaFile | null => (f ? { ...f, type: f.kind } : null);

/** `label` is a key of `posts`. */
const KIND_UI: Array<{
  kind: FeedUploadKind;
  label: 'addPhotos' | 'addVideo' | 'addAudio';
  accept: string;
  icon: typeof Image;
}> = [
  { kind: 'photo', label: 'addPhotos', accept: 'image/*', icon: Image },
  { kind: 'video', label: 'addVideo', accept: 'video/*', icon: Video },
  { kind: 'audio', label: 'addAudio', accept: 'audio/*', icon: Music },
];

const toLocalInput = (iso: string | null | undefined) =>
  iso ? new Date(new Date(iso).getTime() - new Date().getTimezoneOffset() * 60000).toISOString().slice(0, 16) : '';

/** Creator studio composer: text, media with upload progress and processing state, poll, visibility and price, schedule, preview. */
export function Composer({ existing }: { existing?: Feed }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshFeeds();
  const [text, setText] = useState(existing?.text ?? '');
  const [files, setFiles] = useState<MediaFile[]>(existing?.files.map((f) => asMedia(f)!) ?? []);
  const [teaser, setTeaser] = useState<MediaFile | null>(asMedia(existing?.teaser));
  const [thumbnail, setThumbnail] = useState<MediaFile | null>(asMedia(existing?.thumbnail));
  const [uploadKind, setUploadKind] = useState<FeedUploadKind | null>(null);
  const [uploadKey, setUploadKey] = useState(0);
  const [pollOn, setPollOn] = useState(false);
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState(['', '']);
  const [pollEnd, setPollEnd] = useState('');
  const [visibility, setVisibility] = useState<Visibility>(existing?.visibility ?? 'free');
  const [price, setPrice] = useState(existing?.price ? String(existing.price) : '');
  const [scheduleAt, setScheduleAt] = useState(toLocalInput(existing?.scheduledAt));
  const [expiresAt, setExpiresAt] = useState(toLocalInput(existing?.expiresAt));
  const [isPinned, setPinned] = useState(existing?.isPinned ?? false);
  const [tags, setTags] = useState(existing?.tags.join(' ') ?? '');
  const [preview, setPreview] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    try {
      let pollId: string | undefined;
      if (pollOn && !existing?.poll) {
        const poll = await feedsApi.createPoll({
          question,
          options: options.filter((o) => o.trim()),
          endDate: pollEnd ? new Date(pollEnd).toISOString() : undefined,
        });
        pollId = poll._id;
      }
      const input: FeedInput = {
        text,
        fileIds: files.map((f) => f._id),
        teaserId: teaser?._id ?? null,
        thumbnailId: thumbnail?._id ?? null,
        visibility,
        price: visibility === 'sale' ? Number(price) || 0 : 0,
        isPinned,
        tags: tags.split(/[\s,]+/).filter(Boolean),
        ...(pollId && { pollId }),
        ...(scheduleAt &&
          (!existing || existing.status === 'scheduled') && { scheduledAt: new Date(scheduleAt).toISOString() }),
        expiresAt: expiresAt ? new Date(expiresAt).toISOString() : null,
      };
      if (existing) await feedsApi.update(existing._id, input);
      else await feedsApi.create(input);
      toast.success(
        existing ? t('errors.changesSaved') : scheduleAt ? t('posts.scheduledToast') : t('posts.publishedToast'),
      );
      void refresh();
      navigate('/creator/feeds');
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const previewFeed: Feed = {
    ...existing,
    _id: existing?._id ?? 'preview',
    type: files.length ? 'photo' : pollOn ? 'poll' : 'text',
    performerId: existing?.performerId ?? '',
    text,
    visibility,
    price: Number(price) || 0,
    isSale: visibility === 'sale',
    status: scheduleAt ? 'scheduled' : 'published',
    isPinned,
    tags: tags.split(/[\s,]+/).filter(Boolean),
    mentions: [],
    files: files.map((f) => ({
      ...f,
      kind: f.type,
      type: f.type === 'video' ? 'feed-video' : f.type === 'audio' ? 'feed-audio' : 'feed-photo',
    })),
    fileCount: files.length,
    teaser: null,
    thumbnail: null,
    poll: pollOn
      ? {
          _id: 'p',
          question,
          endDate: null,
          isEnded: false,
          options: options.map((o, i) => ({ _id: String(i), description: o })),
          votedOptionId: null,
          showResults: false,
        }
      : (existing?.poll ?? null),
    totalLike: existing?.totalLike ?? 0,
    totalComment: existing?.totalComment ?? 0,
    isLiked: false,
    isBookMarked: false,
    isSubscribed: false,
    isBought: false,
    locked: false,
    publishedAt: new Date().toISOString(),
    scheduledAt: scheduleAt ? new Date(scheduleAt).toISOString() : null,
    expiresAt: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  };

  return (
    <div className="space-y-4">
      <Card className="space-y-4 p-4 sm:p-6">
        <div>
          <Label htmlFor="feed-text">{t('posts.whatsNew')}</Label>
          <textarea
            id="feed-text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={4}
            maxLength={5000}
            placeholder={t('posts.textPlaceholder')}
            className="mt-1 w-full rounded-2xl border border-zinc-300 bg-transparent p-3 text-sm dark:border-zinc-700"
          />
        </div>

        {files.length > 0 && (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t('posts.attachedFiles')}>
            {files.map((f) => (
              <li
                key={f._id}
                className="relative rounded-xl border border-zinc-200 p-2 dark:border-zinc-800"
                data-testid="attached-file"
              >
                {f.thumbnail ? (
                  <img src={f.thumbnail} alt="" className="aspect-square w-full rounded-lg object-cover" />
                ) : (
                  <MediaStatus mediaId={f._id} />
                )}
                <p className="mt-1 truncate text-xs text-zinc-500">{f.originalName ?? f.type}</p>
                <button
                  type="button"
                  aria-label={t('posts.removeFile')}
                  onClick={() => setFiles((l) => l.filter((x) => x._id !== f._id))}
                  className="absolute top-1 right-1 rounded-full bg-black/60 p-1 text-white"
                >
                  <X className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        )}

        <div className="flex flex-wrap gap-2">
          {KIND_UI.map(({ kind, label, icon: Icon }) => (
            <Button
              key={kind}
              type="button"
              variant={uploadKind === kind ? 'primary' : 'outline'}
              size="sm"
              onClick={() => setUploadKind(uploadKind === kind ? null : kind)}
            >
              <Icon className="size-4" /> {t(`posts.${label}`)}
            </Button>
          ))}
          <Button
            type="button"
            variant={pollOn ? 'primary' : 'outline'}
            size="sm"
            onClick={() => setPollOn((p) => !p)}
            disabled={Boolean(existing?.poll)}
          >
            <BarChart3 className="size-4" /> {t('feeds.poll')}
          </Button>
        </div>
        {uploadKind && (
          <UploadField
            key={`${uploadKind}-${uploadKey}`}
            endpoint="/performer/feeds/{kind}/upload"
            path={{ kind: uploadKind }}
            label={t(`posts.${KIND_UI.find((k) => k.kind === uploadKind)!.label}`)}
            accept={KIND_UI.find((k) => k.kind === uploadKind)!.accept}
            // Photos: several at once, each with its own progress; videos and audio one at a time.
            multiple={uploadKind === 'photo'}
            hint={uploadKind === 'photo' ? t('posts.photosHint') : t('posts.processingHint')}
            onUploaded={(res) => {
              setFiles((l) => [...l, ...res.data]);
              // A fresh field for the next video or audio; the photo field stays (others may still be uploading).
              if (uploadKind !== 'photo') setUploadKey((k) => k + 1);
            }}
          />
        )}

        {pollOn && (
          <fieldset className="space-y-2 rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800">
            <legend className="px-1 text-sm font-semibold">{t('feeds.poll')}</legend>
            <Field
              label={t('posts.question')}
              value={question}
              onChange={(e) => setQuestion(e.target.value)}
              maxLength={300}
            />
            {options.map((o, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place by position
              <div key={i} className="flex items-end gap-2">
                <div className="flex-1">
                  <Field
                    label={t('posts.option', { n: i + 1 })}
                    value={o}
                    onChange={(e) => setOptions((l) => l.map((x, j) => (j === i ? e.target.value : x)))}
                    maxLength={120}
                  />
                </div>
                {options.length > 2 && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={t('posts.removeOption', { n: i + 1 })}
                    onClick={() => setOptions((l) => l.filter((_, j) => j !== i))}
                  >
                    <Trash2 className="size-4" />
                  </Button>
                )}
              </div>
            ))}
            {options.length < 10 && (
              <Button type="button" variant="outline" size="sm" onClick={() => setOptions((l) => [...l, ''])}>
                {t('posts.addOption')}
              </Button>
            )}
            <Field
              label={t('posts.pollEnds')}
              type="datetime-local"
              value={pollEnd}
              onChange={(e) => setPollEnd(e.target.value)}
            />
          </fieldset>
        )}

        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">{t('posts.whoCanSee')}</legend>
          <div className="flex flex-wrap gap-2" role="radiogroup">
            {(
              [
                ['free', t('posts.visibility.free')],
                ['subscribers', t('posts.visibility.subscribersOnly')],
                ['sale', t('feeds.sale')],
              ] as const
            ).map(([v, label]) => (
              <label
                key={v}
                className="flex cursor-pointer items-center gap-2 rounded-full border border-zinc-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-zinc-700 dark:has-[:checked]:bg-zinc-800"
              >
                <input
                  type="radio"
                  name="visibility"
                  value={v}
                  checked={visibility === v}
                  onChange={() => setVisibility(v)}
                />
                {label}
              </label>
            ))}
          </div>
          {visibility === 'sale' && (
            <Field
              label={t('posts.price')}
              type="number"
              min="0"
              step="0.01"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
            />
          )}
          {visibility !== 'free' && (
            <div className="grid gap-3 sm:grid-cols-2">
              <div>
                <Label>{t('posts.teaser')}</Label>
                {teaser ? (
                  <p className="mt-1 flex items-center gap-2 text-sm">
                    {t('posts.teaserAttached')}{' '}
                    <Button size="sm" variant="ghost" onClick={() => setTeaser(null)}>
                      {t('posts.remove')}
                    </Button>
                  </p>
                ) : (
                  <UploadField
                    endpoint="/performer/feeds/{kind}/upload"
                    path={{ kind: 'teaser' }}
                    label={t('posts.uploadTeaser')}
                    accept="video/*"
                    onUploaded={(res) => setTeaser(res.data[0] ?? null)}
                  />
                )}
              </div>
              <div>
                <Label>{t('posts.thumbnail')}</Label>
                {thumbnail ? (
                  <p className="mt-1 flex items-center gap-2 text-sm">
                    {t('posts.thumbnailAttached')}{' '}
                    <Button size="sm" variant="ghost" onClick={() => setThumbnail(null)}>
                      {t('posts.remove')}
                    </Button>
                  </p>
                ) : (
                  <UploadField
                    endpoint="/performer/feeds/{kind}/upload"
                    path={{ kind: 'thumbnail' }}
                    label={t('posts.uploadThumbnail')}
                    accept="image/*"
                    onUploaded={(res) => setThumbnail(res.data[0] ?? null)}
                  />
                )}
              </div>
            </div>
          )}
        </fieldset>

        <div className="grid gap-3 sm:grid-cols-2">
          {(!existing || existing.status === 'scheduled') && (
            <Field
              label={t('posts.schedule')}
              type="datetime-local"
              value={scheduleAt}
              onChange={(e) => setScheduleAt(e.target.value)}
              hint={t('posts.scheduleHint')}
            />
          )}
          <Field
            label={t('posts.expires')}
            type="datetime-local"
            value={expiresAt}
            onChange={(e) => setExpiresAt(e.target.value)}
          />
          <Field
            label={t('posts.tags')}
            value={tags}
            onChange={(e) => setTags(e.target.value)}
            placeholder={t('posts.tagsPlaceholder')}
          />
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input type="checkbox" checked={isPinned} onChange={(e) => setPinned(e.target.checked)} /> {t('posts.pin')}
          </label>
        </div>

        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => setPreview((p) => !p)}>
            <Eye className="size-4" /> {preview ? t('posts.hidePreview') : t('posts.preview')}
          </Button>
          <Button type="button" onClick={submit} loading={busy}>
            {existing ? t('posts.saveChanges') : scheduleAt ? t('posts.scheduleButton') : t('posts.publish')}
          </Button>
        </div>
      </Card>
      {preview && (
        <section aria-label={t('posts.preview')}>
          <p className="mb-2 text-sm font-semibold text-zinc-500">{t('posts.preview')}</p>
          <PostCard feed={previewFeed} detail />
        </section>
      )}
    </div>
  );
}
