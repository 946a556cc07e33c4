import { useState } from 'react';
import { type RouteUploadFieldProps, UploadField } from '../../../components/ui/upload-field';
import type { ApiData, PathsFor } from '../../../lib/api-contract';
import { MediaStatus } from './media-status';

type MediaFile = ApiData<'/performers/welcome-video/upload', 'post'>['media'];
/** The upload routes that store one processed file and answer it as `media` (the welcome video's). */
type MediaUploadPath = {
  [P in PathsFor<'post'>]: ApiData<P, 'post'> extends { media: MediaFile } ? P : never;
}[PathsFor<'post'>];

export type MediaUploadFieldProps = RouteUploadFieldProps<MediaUploadPath> & {
  /** Called when the uploaded file's processing ends (ready or error). */
  onProcessed?: (file: MediaFile, status: 'ready' | 'error') => void;
};

/**
 * The design system's UploadField (drag and drop, preview, progress, cancel, retry)
 * followed by the uploaded file's processing status until it is ready.
 */
export function MediaUploadField({ onProcessed, onUploaded, onRemove, ...props }: MediaUploadFieldProps) {
  const [file, setFile] = useState<MediaFile | null>(null);
  return (
    <div>
      <UploadField
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
