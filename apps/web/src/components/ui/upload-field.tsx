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

type Status = 'idle' | 'uploading' | 'done' | 'error';

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
 * Drag-and-drop (or pick) a file, preview it, and upload it with a progress bar (`client.upload`).
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
  const controller = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  async function start(f: File) {
    controller.current?.abort();
    const ctrl = new AbortController();
    controller.current = ctrl;
    setStatus('uploading');
    setProgress(0);
    setError(null);
    const form = new FormData();
    for (const [k, v] of Object.entries(data ?? {})) form.append(k, v);
    form.append(fieldName, f, f.name);
    try {
      // The route's own path and query, as received: tsc cannot relate them to ApiArgs<P> of a generic P.
      const route = { path, query } as Omit<ApiArgs<P, 'post'>, 'body'>;
      const res = await client.upload(endpoint, form, {
        ...route,
        method,
        signal: ctrl.signal,
        onProgress: setProgress,
      });
      setStatus('done');
      onUploaded?.(res, f);
    } catch (err) {
      if (isAbortError(err)) {
        setStatus('error');
        setError(t('pages.upload.cancelled'));
        return;
      }
      setStatus('error');
      setError(getErrorMessage(err));
      onError?.(err);
    }
  }

  function choose(f: File | undefined) {
    if (!f) return;
    if (!accepts(f, accept)) {
      setError(t('posts.fileType'));
      setStatus('error');
      return;
    }
    if (maxSizeMB && f.size > maxSizeMB * 1024 * 1024) {
      setError(t('posts.fileTooLarge', { n: maxSizeMB }));
      setStatus('error');
      return;
    }
    setFile(f);
    setPreview(f.type.startsWith('image/') || f.type.startsWith('video/') ? URL.createObjectURL(f) : null);
    void start(f);
  }

  function remove() {
    controller.current?.abort();
    setFile(null);
    setPreview(null);
    setStatus('idle');
    setProgress(0);
    setError(null);
    if (inputRef.current) inputRef.current.value = '';
    onRemove?.();
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    if (!disabled && status !== 'uploading') choose(e.dataTransfer.files[0]);
  }

  return (
    <div className={className}>
      <span id={`${inputId}-label`} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </span>
      {!file ? (
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
              i18nKey="pages.upload.drop"
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
      ) : (
        <div className="flex items-center gap-4 rounded-2xl border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
          <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-zinc-100 dark:bg-zinc-800">
            {preview && file.type.startsWith('image/') && (
              <img src={preview} alt="" className="size-full object-cover" />
            )}
            {preview && file.type.startsWith('video/') && (
              <video src={preview} muted className="size-full object-cover" />
            )}
            {!preview && <FileIcon className="size-6 text-zinc-500" aria-hidden="true" />}
          </div>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{file.name}</p>
            <p className="text-xs text-zinc-500 dark:text-zinc-400" aria-live="polite">
              {status === 'uploading' && t('pages.upload.progress', { n: progress })}
              {status === 'done' && (
                <span className="inline-flex items-center gap-1 text-emerald-600 dark:text-emerald-400">
                  <CircleCheck className="size-3.5" aria-hidden="true" />{' '}
                  {t('pages.upload.done', { size: formatBytes(file.size) })}
                </span>
              )}
              {status === 'error' && <span className="text-red-600 dark:text-red-400">{error}</span>}
            </p>
            {(status === 'uploading' || status === 'error') && (
              <ProgressBar
                value={progress}
                label={t('posts.uploading', { name: file.name })}
                tone={status === 'error' ? 'error' : 'brand'}
                className="mt-2"
              />
            )}
          </div>
          <div className="flex shrink-0 gap-1">
            {status === 'uploading' && (
              <Button variant="ghost" size="sm" onClick={() => controller.current?.abort()}>
                {t('common.cancel')}
              </Button>
            )}
            {status === 'error' && (
              <Button variant="outline" size="sm" onClick={() => start(file)}>
                <RotateCcw className="size-4" aria-hidden="true" /> {t('pages.upload.retry')}
              </Button>
            )}
            {status !== 'uploading' && (
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('pages.upload.remove', { name: file.name })}
                onClick={remove}
              >
                <X className="size-4" aria-hidden="true" />
              </Button>
            )}
          </div>
        </div>
      )}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-labelledby={`${inputId}-label`}
        className="sr-only"
        onChange={(e) => choose(e.target.files?.[0])}
      />
    </div>
  );
}
