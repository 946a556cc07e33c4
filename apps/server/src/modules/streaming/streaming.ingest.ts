import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import type { Writable } from 'node:stream';
import type { Ctx } from '../../context';
import { tooManyRequests } from '../../lib/errors';
import { msg, render } from '../../lib/i18n';
import { ffmpegPaths, spawnTool } from '../../lib/media/ffmpeg';
import { hlsDir } from './streaming.hls';
import { findStream, liveStreamOf, liveStreamsWithoutIngest, settingsByKey, touchIngest } from './streaming.repo';
import { endStreamWithoutIngest, goLive, setRtmpPort, streamHooks } from './streaming.service';

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
  /** Resolves once the encoder exited (a restart waits for it: never two encoders for a stream). */
  exited: Promise<void>;
  /** When the last browser chunk came (a creator whose chunks stop has gone away). */
  lastChunkAt: number;
}

export interface IngestLimits {
  /** Encoder starts (seq 0, an RTMP publish) of one stream per window. */
  perStream: number;
  /** Encoder starts across one creator's streams per window. */
  perCreator: number;
  windowMs: number;
  /** An ingest gone this long (encoder exited, no chunk, RTMP closed) and not restarted ends the stream. */
  graceMs: number;
  /** How often a running ingest marks its stream row (`ingestSeenAt`): shorter than graceMs. */
  heartbeatMs: number;
}

export const INGEST_LIMITS: IngestLimits = {
  perStream: 6,
  perCreator: 10,
  windowMs: 60_000,
  graceMs: 45_000,
  heartbeatMs: 10_000,
};

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

const BROWSER_INPUT = ['-fflags', '+genpts', '-f', 'webm', '-i', 'pipe:0'];
const BROWSER_CODEC = [
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
  ...['-force_key_frames', 'expr:gte(t,n_forced*1)', '-c:a', 'aac', '-b:a', '96k', '-ar', '48000'],
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

/** This process, as the stream rows name their ingest node (stable across a restart on the same host and port). */
export const ingestNodeOf = (ctx: Pick<Ctx, 'config'>) => `${os.hostname()}:${ctx.config.PORT}`;

/** Start times within a sliding window, per key: at most `max` of them. */
class StartWindow {
  private starts = new Map<string, number[]>();
  /** Seconds to wait before the next start, or 0 when one may start now. */
  waitSeconds(key: string, max: number, windowMs: number, now: number): number {
    const recent = (this.starts.get(key) ?? []).filter((t) => t > now - windowMs);
    this.starts.set(key, recent);
    return recent.length < max ? 0 : Math.ceil((recent[0] + windowMs - now) / 1000);
  }
  record(key: string, now: number) {
    this.starts.get(key)?.push(now) ?? this.starts.set(key, [now]);
  }
}

export class IngestManager {
  private ingests = new Map<string, Ingest>();
  /** The restart in progress per stream: the next one waits for it. */
  private restarts = new Map<string, Promise<Ingest>>();
  private startWindow = new StartWindow();
  /** Streams whose ingest was lost, ending unless restarted within the grace. */
  private lost = new Map<string, NodeJS.Timeout>();
  private heartbeat: NodeJS.Timeout | null = null;
  /** Tests shorten these. */
  limits: IngestLimits = { ...INGEST_LIMITS };
  readonly node: string;

  constructor(private ctx: Ctx) {
    this.node = ingestNodeOf(ctx);
  }

  get size() {
    return this.ingests.size;
  }

  has(streamId: string) {
    return this.ingests.has(streamId);
  }

  /** The same binary the media pipeline runs (FFMPEG_PATH, PATH, or the npm package's). */
  private ffmpeg() {
    return ffmpegPaths(this.ctx.config.FFMPEG_PATH).ffmpeg;
  }

  /**
   * One encoder start, rate-limited per stream and per creator (refused at once beyond the limit),
   * and serialized per stream: it waits until the previous encoder of the stream has exited.
   */
  private restart(
    streamId: string,
    performerId: string,
    source: Ingest['source'],
    input: string[],
    codec: string[],
  ): Promise<Ingest> {
    const now = Date.now();
    const { perStream, perCreator, windowMs } = this.limits;
    const wait = Math.max(
      this.startWindow.waitSeconds(`s:${streamId}`, perStream, windowMs, now),
      this.startWindow.waitSeconds(`c:${performerId}`, perCreator, windowMs, now),
    );
    if (wait > 0) throw tooManyRequests(render('en', msg('error.tooManyRestarts', { n: wait })));
    this.startWindow.record(`s:${streamId}`, now);
    this.startWindow.record(`c:${performerId}`, now);
    const previous = this.restarts.get(streamId);
    const next = (async () => {
      await previous?.catch(() => {});
      await this.stopAndWait(streamId);
      return this.spawn(streamId, performerId, source, input, codec);
    })();
    this.restarts.set(streamId, next);
    next
      .finally(() => {
        if (this.restarts.get(streamId) === next) this.restarts.delete(streamId);
      })
      .catch(() => {});
    return next;
  }

  private spawn(streamId: string, performerId: string, source: Ingest['source'], input: string[], codec: string[]) {
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
    const exited = new Promise<void>((resolve) => proc.once('close', () => resolve()));
    const ingest: Ingest = { proc, source, streamId, performerId, nextSeq: 0, exited, lastChunkAt: Date.now() };
    this.ingests.set(streamId, ingest);
    this.found(streamId);
    proc.on('close', (code) => {
      if (this.ingests.get(streamId) === ingest) {
        // Not stopped by us: the encoder died. The stream ends unless restarted within the grace.
        this.ingests.delete(streamId);
        this.markLost(streamId);
      }
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
      ingest = await this.restart(streamId, performerId, 'browser', BROWSER_INPUT, BROWSER_CODEC);
    }
    if (seq !== ingest.nextSeq) throw new Error(`Expected chunk ${ingest.nextSeq}, got ${seq}`);
    ingest.nextSeq++;
    ingest.lastChunkAt = Date.now();
    const stdin = ingest.proc.stdin!;
    if (!stdin.writable) throw new Error('The encoder stopped: start the broadcast again');
    if (!stdin.write(chunk)) await drainedOrClosed(stdin);
  }

  async rtmp(streamId: string, performerId: string, url: string) {
    await this.restart(streamId, performerId, 'rtmp', ['-i', url], ['-c:v', 'copy', '-c:a', 'aac', '-b:a', '128k']);
  }

  /** Stops a stream's encoder. `lost`: the creator's source went away (the stream ends after the grace). */
  stop(streamId: string, opts: { lost?: boolean } = {}) {
    const ingest = this.ingests.get(streamId);
    this.ingests.delete(streamId);
    if (opts.lost) this.markLost(streamId);
    else this.found(streamId);
    if (!ingest) return;
    ingest.proc.stdin?.end();
    const p = ingest.proc;
    const kill = setTimeout(() => p.kill('SIGKILL'), 3000);
    kill.unref();
    p.once('close', () => clearTimeout(kill));
    if (ingest.source === 'rtmp') p.kill('SIGTERM');
  }

  private async stopAndWait(streamId: string) {
    const ingest = this.ingests.get(streamId);
    this.stop(streamId);
    await ingest?.exited;
  }

  stopAll() {
    for (const id of [...this.ingests.keys()]) this.stop(id);
    for (const timer of this.lost.values()) clearTimeout(timer);
    this.lost.clear();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  /** A stream has an encoder again (or was stopped on purpose): no end pending; its row says who ingests it. */
  private found(streamId: string) {
    const timer = this.lost.get(streamId);
    if (timer) clearTimeout(timer);
    this.lost.delete(streamId);
    if (!this.ingests.has(streamId)) return;
    this.beat([streamId]);
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => this.tick(), this.limits.heartbeatMs);
      this.heartbeat.unref();
    }
  }

  /** The ingest of a stream is gone: the stream ends after the grace unless an encoder starts again (here or on another node). */
  markLost(streamId: string) {
    if (this.lost.has(streamId)) return;
    const lostAt = this.ctx.now();
    const timer = setTimeout(() => {
      this.lost.delete(streamId);
      if (this.ingests.has(streamId) || this.restarts.has(streamId)) return;
      this.endLost(streamId, lostAt).catch((err) =>
        this.ctx.log.error({ err, streamId }, 'ending a lost stream failed'),
      );
    }, this.limits.graceMs);
    timer.unref();
    this.lost.set(streamId, timer);
  }

  private async endLost(streamId: string, lostAt: Date) {
    const row = await findStream(this.ctx.db, streamId);
    if (row?.status !== 'live') return;
    await endStreamWithoutIngest(this.ctx, row, lostAt);
  }

  /** Heartbeat of running encoders; a browser broadcast without a chunk for the grace has gone away. */
  private tick() {
    const now = Date.now();
    const alive: string[] = [];
    for (const ingest of [...this.ingests.values()]) {
      if (ingest.source === 'browser' && now - ingest.lastChunkAt > this.limits.graceMs) {
        this.stop(ingest.streamId);
        this.endLost(ingest.streamId, this.ctx.now()).catch((err) =>
          this.ctx.log.error({ err, streamId: ingest.streamId }, 'ending a stalled stream failed'),
        );
      } else alive.push(ingest.streamId);
    }
    this.beat(alive);
    if (this.ingests.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }

  private beat(ids: string[]) {
    touchIngest(this.ctx.db, ids, this.node, this.ctx.now()).catch((err) =>
      this.ctx.log.warn({ err }, 'ingest heartbeat failed'),
    );
  }
}

/**
 * Live streams of the built-in provider that no ingest runs for end (viewers told, the creator no
 * longer live): any whose heartbeat is older than the grace (its node crashed or stopped). At start
 * (`atStart`), also those never ingested that went live more than the grace ago, and those this node
 * was ingesting before it (re)started get the grace to restart (the creator's page resumes), as a
 * lost ingest does. Agora streams are not ingested by us and are left alone. Returns how many ended.
 */
export async function endStreamsWithoutIngest(ctx: Ctx, ingest: IngestManager, opts: { atStart: boolean }) {
  if ((await ctx.settings.get('streamingProvider')) !== 'webrtc') return 0;
  const staleBefore = new Date(ctx.now().getTime() - ingest.limits.graceMs);
  const rows = await liveStreamsWithoutIngest(ctx.db, {
    node: opts.atStart ? ingest.node : undefined,
    staleBefore,
    never: opts.atStart,
  });
  let ended = 0;
  for (const row of rows) {
    if (ingest.has(row.id)) continue;
    if (row.ingestSeenAt && row.ingestSeenAt >= staleBefore) {
      ingest.markLost(row.id); // this node's, seen lately: ends after the grace unless restarted
      continue;
    }
    const out = await endStreamWithoutIngest(ctx, row, staleBefore).catch((err) => {
      ctx.log.error({ err, streamId: row.id }, 'ending a stream without ingest failed');
      return null;
    });
    if (out?.status === 'ended') ended++;
  }
  return ended;
}

/** On start: end streams left without an ingest, then look again every grace period. Returns the stop function. */
export async function watchIngests(ctx: Ctx, ingest: IngestManager): Promise<() => void> {
  await endStreamsWithoutIngest(ctx, ingest, { atStart: true });
  const timer = setInterval(() => {
    endStreamsWithoutIngest(ctx, ingest, { atStart: false }).catch((err) =>
      ctx.log.error({ err }, 'ingest watch failed'),
    );
  }, ingest.limits.graceMs);
  timer.unref();
  return () => clearInterval(timer);
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
      await ingest.rtmp(stream!.id, settings.performerId, `rtmp://127.0.0.1:${port}/live/${key}`);
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
        if (live) ingest.stop(live.id, { lost: true });
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
