import { CircleCheck, FileIcon, RotateCcw, UploadCloud, X } from 'lucide-react';
import { type DragEvent, type ReactElement, useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { getErrorMessage, isAbortError } from '../../lib/api';
import { client } from '../../lib/api-client';
import type { ApiArgs, ApiData, PathsFor } from '../../lib/api-contract';
import { cn } from '../../lib/cn';
import { formatBytes } from '../../lib/i18n/format';
import { Button } from './button';
import { ProgressBar } from './progress-bar';

type UploadPath = PathsFor<'post'>;

interface UploadFieldBaseProps {
  label: string;
  hint?: string;
  /** Form field name of the file; 'file' by default. */
  fieldName?: string;
  accept?: string;
  /**
   * Several files at once (photos): the picker and the drop take many, each uploads on its own
   * request with its own progress, cancel and retry, and `onUploaded` is called once per file.
   * A finished file leaves the list (the caller shows what was uploaded); a count says how many did.
   */
  multiple?: boolean;
  maxSizeMB?: number;
  /** Extra form fields sent with the file. */
  data?: Record<string, string>;
  method?: 'POST' | 'PUT';
  disabled?: boolean;
  className?: string;
  onError?: (error: unknown) => void;
  onRemove?: () => void;
}

/**
 * A field that uploads to a route of the contract, e.g. `endpoint="/stories/files/{kind}/upload"`
 * with `path={{ kind }}`: the route's answer types `onUploaded`.
 */
export type RouteUploadFieldProps<P extends UploadPath> = UploadFieldBaseProps &
  Omit<ApiArgs<P, 'post'>, 'body'> & {
    endpoint: P;
    onUploaded?: (response: ApiData<P, 'post'>, file: File) => void;
  };

/**
 * @deprecated A URL built by hand and an answer type the caller asserts: for the callers that do
 * not name a route yet (use `RouteUploadFieldProps`, by route, instead).
 */
export interface UploadFieldProps<T = unknown> extends UploadFieldBaseProps {
  endpoint: string;
  onUploaded?: (response: T, file: File) => void;
}

type Status = 'queued' | 'uploading' | 'done' | 'error';

/** One chosen file and how its upload is going. */
interface Upload {
  key: number;
  file: File;
  preview: string | null;
  status: Status;
  progress: number;
  error: string | null;
}

/**
 * Uploads running at once when several files are chosen; the others wait their turn. One: the
 * files land in the order they were chosen (a gallery's photo positions), and they share the
 * same bandwidth anyway.
 */
const PARALLEL = 1;

function accepts(file: File, accept?: string): boolean {
  if (!accept) return true;
  return accept.split(',').some((raw) => {
    const rule = raw.trim().toLowerCase();
    if (rule.startsWith('.')) return file.name.toLowerCase().endsWith(rule);
    if (rule.endsWith('/*')) return file.type.startsWith(rule.slice(0, -1));
    return file.type === rule;
  });
}

/**
 * Drag-and-drop (or pick) a file, preview it, and upload it with a progress bar (`client.upload`);
 * with `multiple`, several files, each with its own progress.
 * Uploading can be cancelled; a failed upload can be retried without picking the file again.
 */
export function UploadField<P extends UploadPath>(props: RouteUploadFieldProps<P>): ReactElement;
/** @deprecated Name the route: `endpoint="/x/{id}/upload" path={{ id }}`. */
export function UploadField<T = unknown>(props: UploadFieldProps<T>): ReactElement;
export function UploadField<P extends UploadPath>({
  endpoint,
  path,
  query,
  label,
  hint,
  fieldName = 'file',
  accept,
  multiple = false,
  maxSizeMB,
  data,
  method,
  disabled,
  className,
  onUploaded,
  onError,
  onRemove,
}: RouteUploadFieldProps<P>) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const controllers = useRef(new Map<number, AbortController>());
  const previews = useRef(new Map<number, string>());
  const started = useRef(new Set<number>());
  const nextKey = useRef(0);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [uploaded, setUploaded] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    const running = controllers.current;
    const urls = previews.current;
    return () => {
      for (const c of running.values()) c.abort();
      for (const url of urls.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const patch = (key: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
  const drop = (key: number) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    started.current.delete(key);
    const url = previews.current.get(key);
    if (url) URL.revokeObjectURL(url);
    previews.current.delete(key);
    setUploads((list) => list.filter((u) => u.key !== key));
  };

  async function start(u: Upload) {
    controllers.current.get(u.key)?.abort();
    const ctrl = new AbortController();
    controllers.current.set(u.key, ctrl);
    started.current.add(u.key);
    patch(u.key, { status: 'uploading', progress: 0, error: null });
    const form = new FormData();
    for (const [k, v] of Object.entries(data ?? {})) form.append(k, v);
    form.append(fieldName, u.file, u.file.name);
    try {
      // The route's own path and query, as received: tsc cannot relate them to ApiArgs<P> of a generic P.
      const route = { path, query } as Omit<ApiArgs<P, 'post'>, 'body'>;
      const res = await client.upload(endpoint, form, {
        ...route,
        method,
        signal: ctrl.signal,
        onProgress: (progress) => patch(u.key, { progress }),
      });
      controllers.current.delete(u.key);
      if (multiple) {
        drop(u.key);
        setUploaded((n) => n + 1);
      } else patch(u.key, { status: 'done' });
      onUploaded?.(res, u.file);
    } catch (err) {
      controllers.current.delete(u.key);
      if (isAbortError(err)) {
        patch(u.key, { status: 'error', error: t('pages.upload.cancelled') });
        return;
      }
      patch(u.key, { status: 'error', error: getErrorMessage(err) });
      onError?.(err);
    }
  }

  // Waiting files start as running ones finish, PARALLEL at a time.
  useEffect(() => {
    const running = uploads.filter((u) => u.status === 'uploading').length;
    const waiting = uploads.filter((u) => u.status === 'queued' && !started.current.has(u.key));
    for (const u of waiting.slice(0, Math.max(0, PARALLEL - running))) void start(u);
  });

  function choose(files: File[]) {
    if (files.length === 0) return;
    setError(null);
    const picked = multiple ? files : files.slice(0, 1);
    const ok: File[] = [];
    for (const f of picked) {
      if (!accepts(f, accept)) setError(t('posts.fileType'));
      else if (maxSizeMB && f.size > maxSizeMB * 1024 * 1024) setError(t('posts.fileTooLarge', { n: maxSizeMB }));
      else ok.push(f);
    }
    if (ok.length === 0) return;
    if (!multiple) for (const u of uploads) drop(u.key);
    const added = ok.map((file): Upload => {
      const key = nextKey.current++;
      const preview =
        file.type.startsWith('image/') || file.type.startsWith('video/') ? URL.createObjectURL(file) : null;
      if (preview) previews.current.set(key, preview);
      return { key, file, preview, status: 'queued', progress: 0, error: null };
    });
    setUploads((list) => [...(multiple ? list : []), ...added]);
    if (inputRef.current) inputRef.current.value = '';
  }

  function remove(u: Upload) {
    drop(u.key);
    setError(null);
    if (inputRef.current) inputRef.current.value = '';
    if (!multiple) onRemove?.();
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    if (disabled) return;
    if (!multiple && uploads.some((u) => u.status === 'uploading')) return;
    choose(Array.from(e.dataTransfer.files));
  }

  const showDropZone = multiple || uploads.length === 0;
  return (
    <div className={className}>
      <span id={`${inputId}-label`} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </span>
      {showDropZone && (
        <label
          htmlFor={inputId}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-6 py-8 text-center transition-colors',
            dragging
              ? 'border-brand-500 bg-brand-50 dark:bg-brand-950/40'
              : 'border-zinc-300 hover:border-brand-400 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900',
            disabled && 'pointer-events-none opacity-60',
          )}
        >
          <UploadCloud className="size-8 text-brand-500" aria-hidden="true" />
          <span className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            <Trans
              i18nKey={multiple ? 'pages.upload.dropMany' : 'pages.upload.drop'}
              components={{ browse: <span className="text-brand-600 underline dark:text-brand-400" /> }}
            />
          </span>
          {hint && <span className="text-xs text-zinc-500 dark:text-zinc-400">{hint}</span>}
          {error && (
            <span role="alert" className="text-xs font-medium text-red-600 dark:text-red-400">
              {error}
            </span>
          )}
        </label>
      )}
      {multiple && uploaded > 0 && (
        <p
          className="mt-2 inline-flex items-center gap-1 text-xs text-emerald-600 dark:text-emerald-400"
          aria-live="polite"
        >
          <CircleCheck className="size-3.5" aria-hidden="true" /> {t('pages.upload.uploaded', { count: uploaded })}
        </p>
      )}
      {uploads.length > 0 && (
        <ul className={cn('space-y-2', multiple && 'mt-2')}>
          {uploads.map((u) => (
            <li
              key={u.key}
              className="flex items-center gap-4 rounded-2xl border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
              data-testid="upload-row"
            >
              <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-zinc-100 dark:bg-zinc-800">
                {u.preview && u.file.type.startsWith('image/') && (
                  <img src={u.preview} alt="" className="size-full object-cover" />
                )}
                {u.preview && u.file.type.startsWith('video/') && (
                  <video src={u.preview} muted className="size-full object-cover" />
                )}
                {!u.preview && <FileIcon className="size-6 text-zinc-500" aria-hidden="true" />}
              </div>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{u.file.name}</p>
                <p className="text-xs text-zinc-500 dark:text-zinc-400" aria-live="polite">
                  {u.status === 'queued' && t('pages.upload.queued')}
                  {u.status === 'uploading' && t('pages.upload.progress', { n: u.progress })}
                  {u.status === 'done' && (
                    <span className="inline-flex items-center gap-1 text-emerald-600 dark:text-emerald-400">
                      <CircleCheck className="size-3.5" aria-hidden="true" />{' '}
                      {t('pages.upload.done', { size: formatBytes(u.file.size) })}
                    </span>
                  )}
                  {u.status === 'error' && <span className="text-red-600 dark:text-red-400">{u.error}</span>}
                </p>
                {(u.status === 'uploading' || u.status === 'queued' || u.status === 'error') && (
                  <ProgressBar
                    value={u.progress}
                    label={t('posts.uploading', { name: u.file.name })}
                    tone={u.status === 'error' ? 'error' : 'brand'}
                    className="mt-2"
                  />
                )}
              </div>
              <div className="flex shrink-0 gap-1">
                {u.status === 'uploading' && (
                  <Button variant="ghost" size="sm" onClick={() => controllers.current.get(u.key)?.abort()}>
                    {t('common.cancel')}
                  </Button>
                )}
                {u.status === 'error' && (
                  <Button variant="outline" size="sm" onClick={() => void start(u)}>
                    <RotateCcw className="size-4" aria-hidden="true" /> {t('pages.upload.retry')}
                  </Button>
                )}
                {u.status !== 'uploading' && (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('pages.upload.remove', { name: u.file.name })}
                    onClick={() => remove(u)}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-labelledby={`${inputId}-label`}
        className="sr-only"
        onChange={(e) => choose(Array.from(e.target.files ?? []))}
      />
    </div>
  );
}
