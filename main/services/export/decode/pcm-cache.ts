import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SilenceDetector } from '../../../../common/export/silence-detector.js';
import { silenceSpanSchema } from '../../../../common/subtitles/subtitle-types.js';
import { isProcessAlive } from '../../storage/process-alive.js';
import { PROCESS_INSTANCE } from '../../storage/process-instance.js';
import { writingToAsync } from '../output/writing-to.js';
import { ExportCancelledError } from '../export-errors.js';
import { StreamingResampler } from '../resample/streaming-resampler.js';
import type { DecodedAudio } from './decoded-audio.js';
import { DecoderSet, decodeFile } from './source-decoder.js';
import { downmixGains, downmixToStereo } from './stereo-downmix.js';

/**
 * The decoded-PCM cache: each source is decoded once per target sample rate into a raw file of
 * interleaved 32-bit float samples (mono or stereo, as the source; surround folded to stereo) plus a JSON sidecar with its length
 * and the silences found in it. Rendering then reads only the frames it needs, straight from disk.
 * Entries are keyed by the caller's sourceKey (a content hash), so a changed source gets a new entry.
 */

// Bump when the decoded bytes would change (decoder, resampler or layout), so old entries are not reused.
// 2: surround files are folded to stereo (centre kept) where version 1 kept their first two channels.
const CACHE_FORMAT_VERSION = 2;

const cacheEntrySchema = z.object({
  version: z.literal(CACHE_FORMAT_VERSION),
  sourceKey: z.string(),
  sampleRate: z.number().int().positive(),
  channels: z.union([z.literal(1), z.literal(2)]),
  frames: z.number().int().min(0),
  sourceSampleRate: z.number().int().positive(),
  sourceFormat: z.string(),
  silences: z.array(silenceSpanSchema),
});
export type CachedSourceInfo = z.infer<typeof cacheEntrySchema>;

export interface CachedSource extends CachedSourceInfo {
  /** The raw interleaved float32 file. */
  readonly pcmPath: string;
}

export interface DecodeProgress {
  (bytesRead: number): void;
}

export class PcmCache {
  private readonly decoders = new DecoderSet();
  private readonly resamplers = new ResamplerPool();
  private readonly pending = new Float32Array(WRITE_FLOATS);
  // Decoders, resamplers and the write buffer are shared, so decodes run one after another.
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly directory: string) {}

  /** Frees the decoders kept for reuse. */
  close(): void {
    this.decoders.dispose();
  }

  private paths(sourceKey: string, sampleRate: number): { pcm: string; info: string } {
    const digest = createHash('sha256')
      .update(`${CACHE_FORMAT_VERSION}|${sourceKey}|${sampleRate}`)
      .digest('hex');
    const stem = path.join(this.directory, digest.slice(0, 40));
    return { pcm: `${stem}.f32`, info: `${stem}.json` };
  }

  /** The cached entry, if present and complete. */
  async lookup(sourceKey: string, sampleRate: number): Promise<CachedSource | undefined> {
    const paths = this.paths(sourceKey, sampleRate);
    let info: CachedSourceInfo;
    try {
      info = cacheEntrySchema.parse(JSON.parse(await fs.readFile(paths.info, 'utf8')));
    } catch {
      return undefined;
    }
    if (info.sourceKey !== sourceKey || info.sampleRate !== sampleRate) return undefined;
    const stat = await fs.stat(paths.pcm).catch(() => undefined);
    if (!stat || stat.size !== info.frames * info.channels * 4) return undefined;
    return { ...info, pcmPath: paths.pcm };
  }

  /**
   * Returns the cached entry, decoding `filePath` first when there is none. The PCM file and its sidecar
   * are written under temporary names and renamed into place (sidecar last), so a crash or a cancel never
   * leaves an entry that looks complete but is not.
   */
  async ensure(
    sourceKey: string,
    filePath: string,
    sampleRate: number,
    onBytes?: DecodeProgress,
    isCancelled: () => boolean = () => false,
  ): Promise<CachedSource> {
    return this.ensureDecoded(
      sourceKey,
      sampleRate,
      (onFormat) => decodeFile(filePath, this.decoders, onFormat, onBytes),
      isCancelled,
      filePath,
    );
  }

  /**
   * Returns the cached entry, decoding it from `decode`'s runs of samples first when there is none (resampled to
   * `sampleRate`, written and published as `ensure` does): for sound that is not an audio file, such as a
   * reference video's own sound. `decode` names the source's format through its argument.
   */
  async ensureDecoded(
    sourceKey: string,
    sampleRate: number,
    decode: (onFormat: (format: string) => void) => AsyncIterable<DecodedAudio>,
    isCancelled: () => boolean = () => false,
    /** How the source is named in errors: its file. */
    label: string = sourceKey,
  ): Promise<CachedSource> {
    return this.ensureDerived(sourceKey, sampleRate, (tempPcm) => {
      const work = this.queue.then(() =>
        decodeToFile(decode, label, sampleRate, tempPcm, this.resamplers, this.pending, isCancelled),
      );
      this.queue = work.catch(() => undefined);
      return work;
    });
  }

  /**
   * Returns the entry `sourceKey`, making it with `make` when there is none: for audio derived from other cached
   * audio (a take stretched to fit its slot). `make` writes the raw PCM to the temporary path it is given and
   * says what it wrote; it is published as `ensure` publishes a decode (sidecar last).
   */
  async ensureDerived(
    sourceKey: string,
    sampleRate: number,
    make: (tempPcmPath: string) => Promise<Omit<CachedSourceInfo, 'version' | 'sourceKey' | 'sampleRate'>>,
  ): Promise<CachedSource> {
    const existing = await this.lookup(sourceKey, sampleRate);
    if (existing) return existing;
    await writingToAsync(this.directory, () => fs.mkdir(this.directory, { recursive: true }));
    const paths = this.paths(sourceKey, sampleRate);
    const suffix = partialSuffix();
    const tempPcm = paths.pcm + suffix;
    const tempInfo = paths.info + suffix;
    try {
      const made = await make(tempPcm);
      const info: CachedSourceInfo = { version: CACHE_FORMAT_VERSION, sourceKey, sampleRate, ...made };
      await writingToAsync(this.directory, async () => {
        await fs.rename(tempPcm, paths.pcm);
        await fs.writeFile(tempInfo, JSON.stringify(info));
        await fs.rename(tempInfo, paths.info);
      });
      return { ...info, pcmPath: paths.pcm };
    } finally {
      await fs.rm(tempPcm, { force: true });
      await fs.rm(tempInfo, { force: true });
    }
  }
}

/**
 * A source whose sample rate changes partway (a stream spliced from two recordings): the cache keeps one rate per
 * entry, so it is not decoded. A reference video's sound is then left out with this sentence as its warning.
 */
export class SampleRateChangeError extends Error {
  constructor(
    label: string,
    readonly firstRate: number,
    readonly laterRate: number,
  ) {
    super(
      `${label}: the sample rate changes partway through (${firstRate} Hz, then ${laterRate} Hz), and a sound must keep one rate from start to end to be mixed`,
    );
    this.name = 'SampleRateChangeError';
  }
}

/**
 * A cache entry's temporary name ends in `.<pid>-<instance id>-<12 hex>.partial`: the process writing it is named,
 * so a start-up sweep (removeStalePcmPartials) can tell one left by a killed export from one another process is
 * writing now. The pid alone cannot say it when the app gets the same pid at every launch (a container, a
 * Flatpak): the instance id (PROCESS_INSTANCE, shared by the export's worker threads) tells this run's own
 * partials from those of a killed earlier run that had the same pid.
 */
function partialSuffix(): string {
  return `.${process.pid}-${PROCESS_INSTANCE}-${randomBytes(6).toString('hex')}.partial`;
}

// `<40 hex>.f32|json.<pid>-<instance id>-<hex>.partial`; names written before the instance id was part of them
// lack it, and those written before the pid was lack both.
const PARTIAL_NAME =
  /^[0-9a-f]{40}\.(?:f32|json)\.(?:(\d+)-(?:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-)?)?[0-9a-f]{12}\.partial$/u;
// A partial written to within this long is left alone even if its process looks gone: the data folder may be
// shared with another machine, whose processes cannot be checked, and a decode writes every few milliseconds.
const PARTIAL_QUIET_MS = 60_000;

/**
 * Whether the process that named a partial `pid` (and `instance`, when the name has one) may still be writing it.
 * With this process's pid it is this process only if it carries this run's instance id; otherwise an earlier run
 * that had the same pid wrote it and was killed.
 */
function isWriterAlive(pid: number, instance: string | undefined): boolean {
  if (pid === process.pid) return instance === PROCESS_INSTANCE;
  return isProcessAlive(pid);
}

/**
 * Deletes the temporary files of cache entries whose export was killed (their process is gone, or has this
 * process's pid but not its instance id, and they have not been written to for a minute). Only names this cache
 * makes are touched; the folder is the app's own.
 */
export async function removeStalePcmPartials(directory: string): Promise<{ removed: number; bytes: number }> {
  const names = await fs.readdir(directory).catch(() => [] as string[]);
  let removed = 0;
  let bytes = 0;
  for (const name of names) {
    const match = PARTIAL_NAME.exec(name);
    if (!match) continue;
    if (match[1] !== undefined && isWriterAlive(Number(match[1]), match[2])) continue;
    const filePath = path.join(directory, name);
    const stats = await fs.lstat(filePath).catch(() => undefined);
    if (!stats?.isFile() || Date.now() - stats.mtimeMs < PARTIAL_QUIET_MS) continue;
    await fs.rm(filePath, { force: true });
    removed += 1;
    bytes += stats.size;
  }
  return { removed, bytes };
}

// Output is gathered into writes of about this size rather than one write per decoded frame.
const WRITE_FLOATS = 256 * 1024;

/** Resamplers kept for the next source with the same rates and channel count (their tables and buffers). */
class ResamplerPool {
  private readonly idle = new Map<string, StreamingResampler[]>();

  take(from: number, to: number, channels: number): StreamingResampler {
    return this.idle.get(`${from}>${to}x${channels}`)?.pop() ?? new StreamingResampler(from, to, channels);
  }

  give(resampler: StreamingResampler): void {
    resampler.reset();
    const key = `${resampler.fromRate}>${resampler.toRate}x${resampler.channels}`;
    const list = this.idle.get(key) ?? [];
    if (list.length < 2) list.push(resampler);
    this.idle.set(key, list);
  }
}

async function decodeToFile(
  decode: (onFormat: (format: string) => void) => AsyncIterable<DecodedAudio>,
  filePath: string,
  targetRate: number,
  pcmPath: string,
  resamplers: ResamplerPool,
  pending: Float32Array,
  isCancelled: () => boolean,
): Promise<Omit<CachedSourceInfo, 'version' | 'sourceKey' | 'sampleRate'>> {
  const directory = path.dirname(pcmPath);
  const handle = await writingToAsync(directory, () => fs.open(pcmPath, 'w'));
  let resampler: StreamingResampler | undefined;
  let detector: SilenceDetector | undefined;
  let sourceFormat = 'unknown';
  let sourceRate = 0;
  let channels: 1 | 2 = 1;
  // Each source channel's share of left and right when the source has more than two (5.1, 7.1…).
  let surroundGains: (readonly [number, number])[] | undefined;
  let frames = 0;
  let pendingLength = 0;

  const flushPending = async (): Promise<void> => {
    if (pendingLength === 0) return;
    await writingToAsync(directory, () => handle.write(new Uint8Array(pending.buffer, 0, pendingLength * 4)));
    pendingLength = 0;
  };
  const writeFrames = async (planar: readonly Float32Array[], count: number): Promise<void> => {
    let offset = 0;
    while (offset < count) {
      const room = Math.floor((pending.length - pendingLength) / channels);
      const take = Math.min(room, count - offset);
      interleaveInto(pending, pendingLength, planar, channels, offset, take);
      pendingLength += take * channels;
      offset += take;
      if (pending.length - pendingLength < channels) await flushPending();
    }
    frames += count;
  };

  try {
    const chunks = decode((format) => (sourceFormat = format));
    for await (const chunk of chunks) {
      if (isCancelled()) throw new ExportCancelledError();
      if (sourceRate === 0) {
        sourceRate = chunk.sampleRate;
        channels = chunk.channelData.length >= 2 ? 2 : 1;
        // Surround is folded to stereo as ffmpeg's -ac 2 folds it: keeping only front left and right lost the
        // centre, where dialogue and a bed's lead sit.
        if (chunk.channelData.length > 2) {
          surroundGains = downmixGains(chunk.channelData.length, chunk.channelLayout);
        }
        detector = new SilenceDetector(sourceRate, channels);
        if (sourceRate !== targetRate) resampler = resamplers.take(sourceRate, targetRate, channels);
      } else if (chunk.sampleRate !== sourceRate) {
        throw new SampleRateChangeError(filePath, sourceRate, chunk.sampleRate);
      }
      const planar = surroundGains
        ? downmixToStereo(chunk.channelData, surroundGains, chunk.samplesDecoded)
        : chunk.channelData.slice(0, channels);
      detector?.add(planar, chunk.samplesDecoded);
      if (resampler) {
        const out = resampler.process(planar, chunk.samplesDecoded);
        await writeFrames(out, out[0]?.length ?? 0);
      } else {
        await writeFrames(planar, chunk.samplesDecoded);
      }
    }
    if (resampler) {
      const tail = resampler.flush();
      await writeFrames(tail, tail[0]?.length ?? 0);
      resamplers.give(resampler);
      resampler = undefined;
    }
    await flushPending();
    if (sourceRate === 0) throw new Error(`${filePath}: the file holds no audio samples`);
  } finally {
    pendingLength = 0;
    await handle.close();
  }
  return {
    channels,
    frames,
    sourceSampleRate: sourceRate,
    sourceFormat,
    silences: detector?.finish() ?? [],
  };
}

function interleaveInto(
  target: Float32Array,
  at: number,
  planar: readonly Float32Array[],
  channels: number,
  from: number,
  count: number,
): void {
  const left = planar[0];
  if (!left) return;
  if (channels === 1) {
    target.set(left.subarray(from, from + count), at);
    return;
  }
  const right = planar[1] ?? left;
  let position = at;
  for (let index = from; index < from + count; index += 1) {
    target[position] = left[index]!;
    target[position + 1] = right[index]!;
    position += 2;
  }
}
