import type { MediaKind } from '@marquee/shared';
import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes are read before deciding what a file is. */
export const SNIFF_BYTES = 64 * 1024;

export interface Sniffed {
  kind: MediaKind;
  mime: string;
  ext: string;
}

const PHOTO = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif', 'image/avif']);
const VIDEO = new Set([
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'video/x-matroska',
  'video/x-m4v',
  'video/3gpp',
  'video/x-msvideo',
  'video/mpeg',
  'video/mp2t',
]);
const AUDIO = new Set([
  'audio/mpeg',
  'audio/mp4',
  'audio/x-m4a',
  'audio/aac',
  'audio/ogg',
  'audio/opus',
  'audio/wav',
  'audio/x-wav',
  'audio/flac',
  'audio/x-flac',
  'audio/webm',
]);
const DOCUMENT = new Set(['application/pdf', 'application/zip', 'application/epub+zip']);

/**
 * What a file really is, from its first bytes (never its name or declared type).
 * Returns null for anything we do not accept. When `kinds` allows both, images
 * are photos; an image uploaded where only documents are wanted (ID scans) is a document.
 */
export async function sniff(head: Buffer, kinds: readonly MediaKind[]): Promise<Sniffed | null> {
  const ft = await fileTypeFromBuffer(head);
  let mime = ft?.mime as string | undefined;
  let ext = ft?.ext as string | undefined;
  // An MP3 whose ID3 tag (cover art) is longer than the sniffed head.
  if (!mime && head.subarray(0, 3).toString('latin1') === 'ID3') {
    mime = 'audio/mpeg';
    ext = 'mp3';
  }
  if (!mime || !ext) return null;
  if (mime === 'audio/x-m4a' || (mime === 'video/mp4' && ext === 'm4a')) mime = 'audio/mp4';
  const candidates: MediaKind[] = [];
  if (PHOTO.has(mime)) candidates.push('photo');
  if (VIDEO.has(mime)) candidates.push('video');
  if (AUDIO.has(mime)) candidates.push('audio');
  if (DOCUMENT.has(mime) || PHOTO.has(mime)) candidates.push('document');
  const kind = candidates.find((k) => kinds.includes(k));
  return kind ? { kind, mime, ext } : null;
}

/** For messages: the names people understand. */
export const KIND_LABEL: Record<MediaKind, string> = {
  photo: 'a photo (JPEG, PNG, WebP, GIF, HEIC, AVIF)',
  video: 'a video (MP4, MOV, WebM, MKV, AVI)',
  audio: 'an audio file (MP3, M4A, AAC, OGG, WAV, FLAC)',
  document: 'a document (PDF, ZIP, EPUB or an image)',
};
