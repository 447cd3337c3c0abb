import { closeSync, openSync, writeSync } from 'node:fs';
import { packPcm } from '../../../../common/audio/pcm-wav.js';
import type { Mp3Bitrate } from '../../../../common/export/export-options.js';
import { LoudnessMeter } from '../../../../common/export/loudness-meter.js';
import {
  renderPlanSchema,
  renderedSourceKey,
  type RenderClip,
} from '../../../../common/export/render-plan.js';
import { toWorkerError } from '../../../../common/workers/worker-error.js';
import { PcmCache, type CachedSource } from '../decode/pcm-cache.js';
import { LameStream } from '../encode/lame-stream.js';
import { Mp3FrameSplitter } from '../encode/mp3-frame-splitter.js';
import { renderOutput } from '../render/output-render.js';
import { TimelineMixer } from '../render/timeline-mixer.js';
import type { SegmentInbound, SegmentJob, SegmentOutbound } from './segment-protocol.js';
import { helperProcessingOf } from './split-shared.js';

// A helper reports its progress at most this often.
const PROGRESS_INTERVAL_MS = 250;

/**
 * The segment role of a worker: renders the timeline from `fromFrame` to the end. For an MP3 it encodes into a
 * temporary file of bare frames and sends its first frames back as soon as they exist (the export joins its own
 * part to them); for a WAV it writes the samples from the split on straight into their place in the export's file.
 * When done it reports the loudness measured from the split on. A cancel stops it between blocks.
 */
export class SegmentHelper {
  private cancelled = false;

  constructor(private readonly send: (message: SegmentOutbound) => void) {}

  handle(message: SegmentInbound): void {
    if (message.type === 'segment-cancel') {
      this.cancelled = true;
      return;
    }
    this.encode(message).catch((error: unknown) => {
      this.send({ type: 'segment-failed', error: toWorkerError(error) });
    });
  }

  private async encode(job: SegmentJob): Promise<void> {
    const plan = renderPlanSchema.parse(job.plan);
    if (plan.channels !== 1 && plan.channels !== 2)
      throw new Error('segment: one or two channels are supported');
    const mixer = new TimelineMixer(plan, await lookUpSources(plan, job.pcmCacheDir), plan.sampleRate);
    const output = job.output;
    const descriptor =
      output.format === 'none'
        ? undefined
        : openSync(job.outputPath, output.format === 'wav' ? 'r+' : 'w', 0o600);
    try {
      const writer =
        descriptor === undefined || output.format === 'none'
          ? measureOnly
          : output.format === 'mp3'
            ? await this.mp3Writer(job, output.bitrateKbps, plan.sampleRate, plan.channels, descriptor)
            : wavWriter(output, plan.channels, descriptor, job.splitFrame);
      const meter = job.measure ? new LoudnessMeter(plan.sampleRate, plan.channels) : undefined;
      let reported = 0;
      await renderOutput(
        mixer,
        plan.channels,
        {
          gain: job.gain,
          ...(job.ceiling === undefined ? {} : { ceiling: job.ceiling }),
          ...helperProcessingOf(job),
        },
        { from: job.fromFrame, to: Math.min(job.toFrame ?? mixer.totalFrames, mixer.totalFrames) },
        {
          isCancelled: () => this.cancelled,
          onFraction: (fraction) => {
            if (Date.now() - reported < PROGRESS_INTERVAL_MS) return;
            reported = Date.now();
            this.send({ type: 'segment-progress', fraction });
          },
        },
        (block, count, atFrame) => {
          if (meter) measureFrom(meter, block, count, atFrame, job.splitFrame);
          writer.write(block, count, atFrame);
          return true;
        },
      );
      const frames = writer.finish();
      this.send({ type: 'segment-done', frames, ...(meter ? { meter: meter.snapshot() } : {}) });
    } finally {
      if (descriptor !== undefined) closeSync(descriptor);
      mixer.close();
    }
  }

  /** Bare MP3 frames into the helper's own file; the first `headFrames` go back to the export at once. */
  private async mp3Writer(
    job: SegmentJob,
    bitrateKbps: Mp3Bitrate,
    sampleRate: number,
    channels: 1 | 2,
    descriptor: number,
  ): Promise<SegmentWriter> {
    const head: Uint8Array[] = [];
    let frames = 0;
    const splitter = new Mp3FrameSplitter((frame) => {
      frames += 1;
      if (head.length >= job.headFrames) return;
      head.push(frame);
      if (head.length === job.headFrames) this.send({ type: 'segment-head', frames: head });
    });
    const lame = await LameStream.create(sampleRate, channels, bitrateKbps, (bytes) => {
      writeAll(descriptor, bytes, undefined);
      splitter.push(bytes);
    });
    return {
      write: (block, count) => lame.write(block, count),
      finish: () => {
        lame.finish();
        // A stream shorter than the head (it cannot be: the split leaves minutes) still answers the export.
        if (head.length < job.headFrames) this.send({ type: 'segment-head', frames: head });
        return frames;
      },
    };
  }
}

interface SegmentWriter {
  write(block: readonly Float32Array[], count: number, atFrame: number): void;
  /** Ends the part; answers the frames written (MP3 frames, or WAV sample frames). */
  finish(): number;
}

/** A part that is only measured writes nothing. */
const measureOnly: SegmentWriter = { write: () => {}, finish: () => 0 };

/** WAV samples from `splitFrame` on, into the export's own file at their place in its data chunk. */
function wavWriter(
  output: { readonly bitDepth: 16 | 24; readonly dataOffset: number },
  channels: number,
  descriptor: number,
  splitFrame: number,
): SegmentWriter {
  const frameBytes = channels * (output.bitDepth / 8);
  let scratch = new Uint8Array(0);
  let frames = 0;
  return {
    write: (block, count, atFrame) => {
      const skip = Math.max(0, Math.min(count, splitFrame - atFrame));
      const written = count - skip;
      if (written === 0) return;
      const size = written * frameBytes;
      if (scratch.length < size) scratch = new Uint8Array(size);
      const view = skip === 0 ? block : block.map((channel) => channel.subarray(skip));
      packPcm(view, written, channels, output.bitDepth, scratch.subarray(0, size));
      writeAll(
        descriptor,
        scratch.subarray(0, size),
        output.dataOffset + (atFrame + skip - splitFrame) * frameBytes,
      );
      frames += written;
    },
    finish: () => frames,
  };
}

/** Primes the meter with the output before `splitFrame` and measures the output from it on. */
function measureFrom(
  meter: LoudnessMeter,
  block: readonly Float32Array[],
  count: number,
  atFrame: number,
  splitFrame: number,
): void {
  const before = Math.max(0, Math.min(count, splitFrame - atFrame));
  if (before > 0) meter.prime(block, before);
  if (before < count)
    meter.add(before === 0 ? block : block.map((channel) => channel.subarray(before)), count - before);
}

async function lookUpSources(
  plan: { readonly clips: readonly Pick<RenderClip, 'sourceKey' | 'stretch'>[]; readonly sampleRate: number },
  pcmCacheDir: string,
): Promise<Map<string, CachedSource>> {
  const cache = new PcmCache(pcmCacheDir);
  const sources = new Map<string, CachedSource>();
  try {
    for (const key of new Set(plan.clips.map(renderedSourceKey))) {
      const source = await cache.lookup(key, plan.sampleRate);
      if (!source) throw new Error(`segment: source "${key}" is not in the PCM cache`);
      sources.set(key, source);
    }
  } finally {
    cache.close();
  }
  return sources;
}

/** Writes all of `bytes` at `position`, or at the file's current position when undefined. */
function writeAll(descriptor: number, bytes: Uint8Array, position: number | undefined): void {
  let offset = 0;
  while (offset < bytes.length) {
    const at = position === undefined ? null : position + offset;
    offset += writeSync(descriptor, bytes, offset, bytes.length - offset, at);
  }
}
