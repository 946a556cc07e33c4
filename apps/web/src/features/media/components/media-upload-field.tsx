import type { MediaFile } from '@marquee/shared';
import { useState } from 'react';
import { UploadField, type UploadFieldProps } from '../../../components/ui/upload-field';
import { filesOf } from '../api';
import { MediaStatus } from './media-status';

export interface MediaUploadFieldProps<T> extends UploadFieldProps<T> {
  /** Builds the status path of a file for content-specific endpoints; default `/media/{id}/status`. */
  statusPath?: (file: MediaFile) => string | undefined;
  /** Called when an uploaded file's processing ends (ready or error). */
  onProcessed?: (file: MediaFile, status: 'ready' | 'error') => void;
}

/**
 * The design system's UploadField (drag and drop, preview, progress, cancel, retry)
 * followed by each uploaded file's processing status until it is ready.
 */
export function MediaUploadField<T = unknown>({
  statusPath,
  onProcessed,
  onUploaded,
  onRemove,
  ...props
}: MediaUploadFieldProps<T>) {
  const [files, setFiles] = useState<MediaFile[]>([]);
  return (
    <div>
      <UploadField<T>
        {...props}
        onUploaded={(res, f) => {
          setFiles(filesOf(res));
          onUploaded?.(res, f);
        }}
        onRemove={() => {
          setFiles([]);
          onRemove?.();
        }}
      />
      {files.map((f) => (
        <MediaStatus
          key={f._id}
          mediaId={f._id}
          statusPath={statusPath?.(f)}
          onSettled={(status) => onProcessed?.(f, status)}
          className="mt-2"
        />
      ))}
    </div>
  );
}
