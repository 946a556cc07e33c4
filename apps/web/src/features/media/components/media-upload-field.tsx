import { useState } from 'react';
import { UploadField, type UploadFieldProps } from '../../../components/ui/upload-field';
import type { ApiData } from '../../../lib/api-contract';
import { MediaStatus } from './media-status';

/** What a route that stores one processed file answers: that file as `media` (the welcome video's upload). */
type StoredMediaAnswer = Pick<ApiData<'/performers/welcome-video/upload', 'post'>, 'media'>;
type MediaFile = StoredMediaAnswer['media'];

export interface MediaUploadFieldProps<T extends StoredMediaAnswer> extends UploadFieldProps<T> {
  /** Called when the uploaded file's processing ends (ready or error). */
  onProcessed?: (file: MediaFile, status: 'ready' | 'error') => void;
}

/**
 * The design system's UploadField (drag and drop, preview, progress, cancel, retry)
 * followed by the uploaded file's processing status until it is ready.
 */
export function MediaUploadField<T extends StoredMediaAnswer>({
  onProcessed,
  onUploaded,
  onRemove,
  ...props
}: MediaUploadFieldProps<T>) {
  const [file, setFile] = useState<MediaFile | null>(null);
  return (
    <div>
      <UploadField<T>
        {...props}
        onUploaded={(res, f) => {
          setFile(res.media);
          onUploaded?.(res, f);
        }}
        onRemove={() => {
          setFile(null);
          onRemove?.();
        }}
      />
      {file && (
        <MediaStatus
          key={file._id}
          mediaId={file._id}
          onSettled={(status) => onProcessed?.(file, status)}
          className="mt-2"
        />
      )}
    </div>
  );
}
