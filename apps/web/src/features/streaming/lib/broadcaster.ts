/** Container formats the browser may record, best first (the server's ffmpeg reads all of them). */
const MIME_TYPES = [
  'video/webm;codecs=vp8,opus',
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=h264,opus',
  'video/webm',
  'video/mp4',
];

export function pickRecorderMimeType(): string {
  if (typeof MediaRecorder === 'undefined') return '';
  return MIME_TYPES.find((t) => MediaRecorder.isTypeSupported(t)) ?? '';
}

export interface BroadcasterOptions {
  stream: MediaStream;
  /** How often a chunk is handed over (ms); short chunks keep the glass-to-glass latency low. */
  timeslice?: number;
  /** Sends one chunk, in order; a rejected promise stops the broadcast with `onError`. */
  send: (chunk: ArrayBuffer, seq: number) => Promise<void>;
  onError?: (err: unknown) => void;
}

/**
 * Browser broadcasting: MediaRecorder cuts the camera and microphone into WebM chunks that go to the
 * server one after another (the server pipes them into ffmpeg, which writes the HLS ladder).
 */
export class Broadcaster {
  private recorder: MediaRecorder | null = null;
  private queue: Promise<void> = Promise.resolve();
  private seq = 0;
  private failed = false;
  readonly mimeType = pickRecorderMimeType();

  constructor(private readonly options: BroadcasterOptions) {}

  start() {
    const { stream, timeslice = 1000, send, onError } = this.options;
    const recorder = new MediaRecorder(stream, {
      ...(this.mimeType ? { mimeType: this.mimeType } : {}),
      videoBitsPerSecond: 1_500_000,
      audioBitsPerSecond: 96_000,
    });
    this.recorder = recorder;
    recorder.ondataavailable = (e) => {
      if (!e.data.size || this.failed) return;
      const seq = this.seq++;
      const data = e.data;
      this.queue = this.queue
        .then(async () => send(await data.arrayBuffer(), seq))
        .catch((err) => {
          if (this.failed) return;
          this.failed = true;
          this.stop();
          onError?.(err);
        });
    };
    recorder.start(timeslice);
  }

  /** Stops recording; resolves when the last chunk has been handed over. */
  async stop() {
    const recorder = this.recorder;
    this.recorder = null;
    if (recorder && recorder.state !== 'inactive') {
      await new Promise<void>((resolve) => {
        recorder.addEventListener('stop', () => resolve(), { once: true });
        recorder.stop();
      });
    }
    await this.queue.catch(() => undefined);
  }

  get active() {
    return this.recorder?.state === 'recording';
  }
}
