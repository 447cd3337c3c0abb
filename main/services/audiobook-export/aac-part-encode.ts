import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { ExportCancelledError } from '../export/export-errors.js';
import { libavVersion } from '../media-codecs/libav.js';
import type { EncodedSoundtrack } from '../video-export/aac-lanes.js';
import { readPackets } from '../video-export/aac-lanes.js';
import { WavPcmReader, type WavLayout } from '../video-export/wav-pcm-reader.js';
import type { AacEncodeJob } from './aac-encode.js';
import { audioSpecificConfig, runLane } from './aac-encode.js';
import type { AacPartCache } from './aac-part-cache.js';
import { planAacParts, type AacPart } from './aac-part-plan.js';

/**
 * Bumped whenever what a part's bytes depend on changes beyond its key's other inputs (the lane helper's encoder
 * options, the keep rule, the record layout): old parts are then never matched, and age out of the cache.
 */
const PART_FORMAT = 'aac-part 1, fast coder';
/** Parts encoded at once: one per core, as the two lanes. */
const ENCODERS = 2;
const HASH_BYTES = 1 << 20;

/** Where the parts are kept, and the shortest part the plan makes (two minutes unless a test's short fixture asks). */
export interface AacPartOptions {
  readonly cache: AacPartCache;
  readonly shortestPartSeconds?: number | undefined;
}

export interface AacPartsJob extends Omit<AacEncodeJob, 'workPath'>, AacPartOptions {
  /** Where the book's chapters start, in frames of the mix: parts are cut there (aac-part-plan.ts). */
  readonly chapterStarts: readonly number[];
}

export interface EncodedParts extends EncodedSoundtrack {
  /** How many parts were found in the cache and how many were encoded, for the log and the tests. */
  readonly reused: number;
  readonly encoded: number;
}

/**
 * The rendered mix encoded as AAC part by part (aac-part-plan.ts), each part found in the cache by its key or
 * encoded (two at a time, each in a copy of the export worker, as the lanes) and stored there. A part's key is a
 * hash of everything its packets depend on: the encoder and its settings, its place in the plan relative to its
 * own encoder's start, and the PCM that encoder reads (the warm-up and look-ahead included). So after an edit
 * only the parts whose audio changed are encoded again, and a book made from cached parts is byte for byte the
 * book an export without a cache makes the same part-wise way.
 */
export async function encodeAacParts(job: AacPartsJob): Promise<EncodedParts> {
  const reader = await WavPcmReader.open(job.wavPath);
  const { layout } = reader;
  await reader.close();
  const parts = planAacParts(layout.frames, layout.sampleRate, job.chapterStarts, job.shortestPartSeconds);
  const keys = await partKeys(job, layout, parts);
  const missing: number[] = [];
  for (const [index, key] of keys.entries()) if (!(await job.cache.has(key))) missing.push(index);
  await encodeMissing(job, parts, keys, missing);
  await job.cache.evict(new Set(keys));
  job.onFraction?.(1);
  return {
    decoderConfig: {
      codec: 'mp4a.40.2',
      sampleRate: layout.sampleRate,
      numberOfChannels: layout.channels,
      description: audioSpecificConfig(layout.sampleRate, layout.channels),
    },
    packets: () => readPackets(keys.map((key) => job.cache.pathOf(key))),
    reused: parts.length - missing.length,
    encoded: missing.length,
  };
}

async function encodeMissing(
  job: AacPartsJob,
  parts: readonly AacPart[],
  keys: readonly string[],
  missing: readonly number[],
): Promise<void> {
  const total = missing.reduce((sum, index) => sum + parts[index]!.laneTo - parts[index]!.laneFrom, 0);
  let finished = 0;
  const running = new Map<number, number>();
  const report = (): void => {
    const done = finished + [...running.values()].reduce((sum, frames) => sum + frames, 0);
    job.onFraction?.(Math.min(1, done / Math.max(1, total)));
  };
  const queue = [...missing];
  let failed = false;
  const encoder = async (): Promise<void> => {
    for (let index = queue.shift(); index !== undefined && !failed; index = queue.shift()) {
      const part = parts[index]!;
      const write = await job.cache.write(keys[index]!);
      const lane = {
        type: 'encode-aac-lane' as const,
        wavPath: job.wavPath,
        bitrateKbps: job.bitrateKbps,
        outputPath: write.temporaryPath,
        from: part.laneFrom,
        to: part.laneTo,
        keepFrom: part.keepFrom,
        keepBefore: part.keepBefore,
      };
      try {
        await runLane(lane, job, (frames) => {
          running.set(index, frames);
          report();
        });
        await write.commit();
      } catch (error) {
        failed = true;
        await write.discard();
        throw error;
      } finally {
        running.delete(index);
      }
      finished += part.laneTo - part.laneFrom;
      report();
    }
  };
  const results = await Promise.allSettled(Array.from({ length: ENCODERS }, encoder));
  const rejected = results.find((result) => result.status === 'rejected');
  if (rejected) throw rejected.reason;
}

/** Each part's key: the encoder's identity and settings, the part's shape, and the PCM its encoder reads. */
async function partKeys(job: AacPartsJob, layout: WavLayout, parts: readonly AacPart[]): Promise<string[]> {
  const encoder = `${PART_FORMAT}; libav.js ${await libavVersion()}; ${job.bitrateKbps} kbps`;
  const frameBytes = layout.channels * 2;
  const handle = await open(job.wavPath, 'r');
  try {
    const buffer = Buffer.allocUnsafe(HASH_BYTES - (HASH_BYTES % frameBytes));
    const keys: string[] = [];
    for (const part of parts) {
      const shape = {
        encoder,
        sampleRate: layout.sampleRate,
        channels: layout.channels,
        warmUp: part.from - part.laneFrom,
        frames: part.to - part.from,
        lookAhead: part.laneTo - part.to,
        first: part.keepFrom === null,
        last: part.keepBefore === null,
      };
      const hash = createHash('sha256').update(JSON.stringify(shape));
      const end = layout.dataOffset + part.laneTo * frameBytes;
      for (let at = layout.dataOffset + part.laneFrom * frameBytes; at < end;) {
        if (job.signal?.aborted) throw new ExportCancelledError();
        const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, end - at), at);
        if (bytesRead === 0) break;
        hash.update(buffer.subarray(0, bytesRead));
        at += bytesRead;
      }
      keys.push(hash.digest('hex'));
    }
    return keys;
  } finally {
    await handle.close();
  }
}
