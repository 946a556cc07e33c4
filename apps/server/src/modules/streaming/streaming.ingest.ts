import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import type { Writable } from 'node:stream';
import type { Ctx } from '../../lib/context';
import { ffmpegPaths, spawnTool } from '../../lib/media/ffmpeg';
import { hlsDir } from './streaming.hls';
import { findStream, liveStreamOf, settingsByKey } from './streaming.repo';
import { goLive, setRtmpPort, streamHooks } from './streaming.service';

/**
 * The built-in media path: one ffmpeg per live stream writes short-segment HLS
 * (1 s segments, 6 in the playlist) into DATA_DIR/live/<stream>/, served only
 * through signed URLs (streaming.hls.routes.ts).
 *
 * Sources:
 * - the browser: MediaRecorder WebM chunks over the socket (`stream/publish`),
 *   piped into ffmpeg's stdin and encoded to H.264/AAC;
 * - OBS: RTMP into node-media-server's RTMP server (pure JS, on RTMP_PORT),
 *   keyed by the creator's stream key; ffmpeg pulls it over loopback and copies
 *   the video (OBS sends H.264) into HLS.
 */
interface Ingest {
  proc: ChildProcess;
  source: 'browser' | 'rtmp';
  streamId: string;
  performerId: string;
  nextSeq: number;
}

const HLS_ARGS = (dir: string) => [
  '-f',
  'hls',
  '-hls_time',
  '1',
  '-hls_list_size',
  '6',
  '-hls_flags',
  'delete_segments+independent_segments+omit_endlist',
  '-hls_segment_filename',
  `${dir}/seg_%d.ts`,
  `${dir}/index.m3u8`,
];

/** Resolves when a pipe can take more, or when it closed (an encoder that died never drains). */
function drainedOrClosed(stdin: Writable) {
  return new Promise<void>((resolve) => {
    const done = () => {
      stdin.off('drain', done);
      stdin.off('close', done);
      resolve();
    };
    stdin.once('drain', done);
    stdin.once('close', done);
  });
}

export class IngestManager {
  private ingests = new Map<string, Ingest>();
  constructor(private ctx: Ctx) {}

  get size() {
    return this.ingests.size;
  }

  /** The same binary the media pipeline runs (FFMPEG_PATH, PATH, or the npm package's). */
  private ffmpeg() {
    return ffmpegPaths(this.ctx.config.FFMPEG_PATH).ffmpeg;
  }

  private spawn(streamId: string, performerId: string, source: Ingest['source'], input: string[], codec: string[]) {
    this.stop(streamId);
    const dir = hlsDir(this.ctx, streamId);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    let stderr = '';
    const args = ['-hide_banner', '-loglevel', 'error', ...input, ...codec, ...HLS_ARGS(dir)];
    const proc = spawnTool(this.ffmpeg(), args, {
      stdio: [source === 'browser' ? 'pipe' : 'ignore', 'ignore', 'pipe'],
      // Not startable (no ffmpeg): 'close' follows with a non-zero code and tells the creator.
      onError: (err) => {
        stderr = err.message;
      },
    });
    proc.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    const ingest: Ingest = { proc, source, streamId, performerId, nextSeq: 0 };
    this.ingests.set(streamId, ingest);
    proc.on('close', (code) => {
      if (this.ingests.get(streamId) === ingest) this.ingests.delete(streamId);
      if (code && code !== 255) {
        this.ctx.log.warn({ streamId, code, stderr }, 'stream ingest ffmpeg failed');
        this.ctx.realtime.toUser(performerId, 'stream/ingest', {
          streamId,
          state: 'error',
          message: 'The video could not be processed',
        });
      } else {
        this.ctx.realtime.toUser(performerId, 'stream/ingest', { streamId, state: 'stopped' });
      }
    });
    this.watchFirstPlaylist(ingest, dir);
    return ingest;
  }

  /** Tells the creator once the first playlist exists (fans can watch from then on). */
  private watchFirstPlaylist(ingest: Ingest, dir: string) {
    let tries = 0;
    const timer = setInterval(() => {
      tries++;
      if (this.ingests.get(ingest.streamId) !== ingest || tries > 120) return clearInterval(timer);
      if (fs.existsSync(`${dir}/index.m3u8`)) {
        clearInterval(timer);
        this.ctx.realtime.toUser(ingest.performerId, 'stream/ingest', {
          streamId: ingest.streamId,
          state: 'receiving',
        });
      }
    }, 250);
    timer.unref();
  }

  /** A browser chunk, in order; seq 0 (re)starts the encoder. Resolves once ffmpeg took it (backpressure). */
  async browserChunk(streamId: string, performerId: string, seq: number, chunk: Buffer): Promise<void> {
    let ingest = this.ingests.get(streamId);
    if (seq === 0 || !ingest || ingest.source !== 'browser') {
      if (seq !== 0) throw new Error('Start the broadcast again (first chunk missing)');
      ingest = this.spawn(
        streamId,
        performerId,
        'browser',
        ['-fflags', '+genpts', '-f', 'webm', '-i', 'pipe:0'],
        [
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-tune',
          'zerolatency',
          '-pix_fmt',
          'yuv420p',
          '-force_key_frames',
          'expr:gte(t,n_forced*1)',
          '-c:a',
          'aac',
          '-b:a',
          '96k',
          '-ar',
          '48000',
        ],
      );
    }
    if (seq !== ingest.nextSeq) throw new Error(`Expected chunk ${ingest.nextSeq}, got ${seq}`);
    ingest.nextSeq++;
    const stdin = ingest.proc.stdin!;
    if (!stdin.writable) throw new Error('The encoder stopped: start the broadcast again');
    if (!stdin.write(chunk)) await drainedOrClosed(stdin);
  }

  rtmp(streamId: string, performerId: string, url: string) {
    this.spawn(streamId, performerId, 'rtmp', ['-i', url], ['-c:v', 'copy', '-c:a', 'aac', '-b:a', '128k']);
  }

  stop(streamId: string) {
    const ingest = this.ingests.get(streamId);
    if (!ingest) return;
    this.ingests.delete(streamId);
    ingest.proc.stdin?.end();
    const p = ingest.proc;
    const kill = setTimeout(() => p.kill('SIGKILL'), 3000);
    kill.unref();
    p.once('close', () => clearTimeout(kill));
    if (ingest.source === 'rtmp') p.kill('SIGTERM');
  }

  stopAll() {
    for (const id of [...this.ingests.keys()]) this.stop(id);
  }
}

type NmsSession = {
  streamPath?: string;
  streamApp?: string;
  streamName?: string;
  ip?: string;
  isPublisher?: boolean;
  socket?: net.Socket;
  close?: () => void;
};

/**
 * The RTMP ingest for OBS: node-media-server's RTMP server on our own TCP
 * listener (so port 0 works in tests), publishing only with a valid stream key
 * at `rtmp://host:port/live/<stream key>`; playback only from loopback (our ffmpeg).
 */
export async function startRtmpIngest(
  ctx: Ctx,
  ingest: IngestManager,
): Promise<{ port: number; close: () => Promise<void> } | null> {
  if (ctx.config.RTMP_PORT < 0) return null;
  const require = createRequire(import.meta.url);
  const Context = require('node-media-server/src/core/context.js');
  const logger = require('node-media-server/src/core/logger.js');
  const NodeRtmpServer = require('node-media-server/src/server/rtmp_server.js');
  logger.level = 'error';
  Context.config = { ...(Context.config ?? {}), rtmp: undefined, bind: '0.0.0.0' };
  const rtmp = new NodeRtmpServer();
  const tcp = net.createServer((socket) => rtmp.handleRequest(socket));
  const keyOf = new Map<NmsSession, string>();

  const refuse = (s: NmsSession) => s.socket?.end();
  const isLoopback = (ip = '') => /^(::ffff:)?127\.|^::1/.test(ip);

  const onPlay = (s: NmsSession) => {
    if (!isLoopback(s.ip)) refuse(s);
  };
  const onPublish = (s: NmsSession) => {
    (async () => {
      const key = s.streamName ?? '';
      const settings = s.streamApp === 'live' ? await settingsByKey(ctx.db, key) : null;
      if (!settings) return refuse(s);
      keyOf.set(s, key);
      let stream = await liveStreamOf(ctx.db, settings.performerId);
      if (!stream) {
        const started = await goLive(ctx, { id: settings.performerId, role: 'performer' }, { title: 'Live now' });
        stream = await findStream(ctx.db, started._id);
      }
      ingest.rtmp(stream!.id, settings.performerId, `rtmp://127.0.0.1:${port}/live/${key}`);
    })().catch((err) => {
      ctx.log.warn({ err }, 'rtmp publish refused');
      refuse(s);
    });
  };
  const onDone = (s: NmsSession) => {
    const key = keyOf.get(s);
    keyOf.delete(s);
    if (!key) return;
    settingsByKey(ctx.db, key)
      .then(async (settings) => {
        const live = settings && (await liveStreamOf(ctx.db, settings.performerId));
        if (live) ingest.stop(live.id);
      })
      .catch(() => {});
  };
  Context.eventEmitter.on('postPlay', onPlay);
  Context.eventEmitter.on('postPublish', onPublish);
  Context.eventEmitter.on('donePublish', onDone);

  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(ctx.config.RTMP_PORT, '0.0.0.0', () => resolve());
  });
  const port = (tcp.address() as net.AddressInfo).port;
  setRtmpPort(port);
  return {
    port,
    close: async () => {
      Context.eventEmitter.off('postPlay', onPlay);
      Context.eventEmitter.off('postPublish', onPublish);
      Context.eventEmitter.off('donePublish', onDone);
      rtmp.stop();
      setRtmpPort(null);
      await new Promise<void>((r) => tcp.close(() => r()));
    },
  };
}

const managers = new WeakMap<Ctx, IngestManager>();

/** The app's ingest manager (one per app; ended streams stop their ffmpeg). */
export function ingestFor(ctx: Ctx): IngestManager {
  let m = managers.get(ctx);
  if (!m) {
    const created = new IngestManager(ctx);
    managers.set(ctx, created);
    streamHooks.onEnded = (id) => created.stop(id);
    m = created;
  }
  return m;
}
