import type { Config } from '../../config';
import type { UserRow } from '../../db/schema';
import { type AppError, tooLarge, unprocessable } from '../../lib/errors';
import type { Probe } from '../../lib/media/ffmpeg';
import { shapeProblem } from '../../lib/media/image';
import type { SiteSettings } from '../settings';
import { hasCreatorLimits } from './media.policy';

/**
 * What one upload may cost the processing workers (issue 23 item 4). A 4 MB file can hold an
 * hour of 1080p (a solid colour compresses to nothing), so the size limit says little about
 * the work: the probe before queueing does, and the job's timeout stops what the probe missed.
 */
export interface VideoLimits {
  maxSeconds: number;
  /** width × height × frames */
  maxPixels: number;
}

export function videoLimitsFor(s: SiteSettings, role: UserRow['role'] | null): VideoLimits {
  const creator = hasCreatorLimits(role);
  return {
    maxSeconds: (creator ? s.maxVideoMinutes : s.maxVideoMinutesFans) * 60,
    maxPixels: s.maxVideoGigapixels * 1e9,
  };
}

/** "45 s", "12 min", "3 h 20 min". */
export function humanDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  const rest = min % 60;
  return `${Math.floor(min / 60)} h${rest ? ` ${rest} min` : ''}`;
}

/** The frames a probed video holds: as counted by its container, else duration × frame rate (25 when unknown). */
function framesOf(p: Probe): number {
  return p.frames ?? Math.ceil(p.duration * (p.fps ?? 25));
}

/** Why this probed video is refused before processing (413 over a limit, 422 a shape no rendition can have), or null. */
export function videoRefusal(name: string, p: Probe, limits: VideoLimits): AppError | null {
  if (p.duration > limits.maxSeconds)
    return tooLarge(
      `"${name}" lasts ${humanDuration(p.duration)}; videos may last at most ${humanDuration(limits.maxSeconds)}`,
    );
  const width = p.width ?? 0;
  const height = p.height ?? 0;
  if (width > 0 && height > 0) {
    const shape = shapeProblem(width, height, 'video');
    if (shape) return unprocessable(`"${name}": ${shape}`, 'VIDEO_SHAPE');
    const pixels = width * height * framesOf(p);
    if (pixels > limits.maxPixels) {
      const fps = p.fps ? ` at ${Math.round(p.fps)} fps` : '';
      return tooLarge(
        `"${name}" is too much video to process: ${width}×${height}${fps} for ${humanDuration(p.duration)} is ${gigapixels(pixels)} gigapixels; the limit is ${gigapixels(limits.maxPixels)}`,
      );
    }
  }
  return null;
}

const gigapixels = (pixels: number) => String(Number((pixels / 1e9).toPrecision(3)));

/** How long the processing of a file of `duration` seconds may run before it is stopped (ms). */
export function processingBudgetMs(s: SiteSettings, duration: number): number {
  return Math.round((Math.max(0, duration) * s.mediaTimeoutFactor + s.mediaTimeoutBaseSeconds) * 1000);
}

/** Files processed at once per worker process: MEDIA_WORKERS, else one core left for the API, between 2 and 4. */
export function mediaWorkers(config: Pick<Config, 'MEDIA_WORKERS'>, cores: number): number {
  return config.MEDIA_WORKERS ?? Math.min(4, Math.max(2, cores - 1));
}
