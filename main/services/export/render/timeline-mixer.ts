import { fillDuckingGain, mergeSpans, type FrameSpan } from '../../../../common/export/ducking-envelope.js';
import {
  clipFrames,
  fillClipGain,
  isSteady,
  type ClipFrames,
} from '../../../../common/export/gain-envelope.js';
import {
  defaultDuckingSettings,
  msToFrames,
  renderedSourceKey,
  type RenderClip,
  type RenderPlan,
} from '../../../../common/export/render-plan.js';
import type { CachedSource } from '../decode/pcm-cache.js';
import { PcmFileReaders } from './pcm-file-reader.js';

/** A clip resolved against its decoded source, in frames of the output rate. */
interface PlacedClip {
  readonly clip: RenderClip;
  readonly source: CachedSource;
  readonly frames: ClipFrames;
  readonly startFrame: number;
  /** One past the last timeline frame where the clip makes sound. */
  readonly endFrame: number;
  readonly sourceOffset: number;
}

/**
 * Renders the timeline in blocks: for each block only the clips that overlap it are read, from their
 * decoded PCM files at the right offset, scaled by their gain, fades and (music) ducking, and summed.
 * Memory is a few block-sized buffers whatever the length of the project.
 */
export class TimelineMixer {
  readonly totalFrames: number;
  readonly sampleRate: number;
  private readonly clips: PlacedClip[];
  private readonly speechSpans: FrameSpan[];
  private readonly readers = new PcmFileReaders();
  private readonly scratch: Float32Array;
  private readonly gains: Float32Array;
  private readonly ducking: Float32Array;
  private readonly maxBlock: number;

  constructor(
    private readonly plan: RenderPlan,
    sources: ReadonlyMap<string, CachedSource>,
    maxBlockFrames: number,
  ) {
    this.totalFrames = msToFrames(plan.durationMs, plan.sampleRate);
    this.sampleRate = plan.sampleRate;
    this.maxBlock = maxBlockFrames;
    this.clips = plan.clips
      .map((clip) => placeClip(clip, sources, plan.sampleRate))
      .filter((placed) => placed.endFrame > placed.startFrame)
      .sort((a, b) => a.startFrame - b.startFrame);
    this.speechSpans = mergeSpans(
      this.clips
        .filter((placed) => placed.clip.track === 'speech')
        .map((placed) => ({ startFrame: placed.startFrame, endFrame: placed.endFrame })),
    );
    this.scratch = new Float32Array(maxBlockFrames * 2);
    this.gains = new Float32Array(maxBlockFrames);
    this.ducking = new Float32Array(maxBlockFrames);
  }

  /** Mixes timeline frames [fromFrame, fromFrame + count) into `out` (planar, overwritten). */
  render(fromFrame: number, count: number, out: readonly Float32Array[]): void {
    if (count > this.maxBlock) throw new Error(`render: block of ${count} frames exceeds ${this.maxBlock}`);
    for (const channel of out) channel.fill(0, 0, count);
    const toFrame = fromFrame + count;
    // The ducking curve of this block, made once for the depth it was asked for (music's, or a bed's own).
    let curveDb: number | undefined;
    for (const placed of this.overlapping(fromFrame, toFrame)) {
      const first = Math.max(fromFrame, placed.startFrame);
      const last = Math.min(toFrame, placed.endFrame);
      const depthDb = this.duckDepthDb(placed.clip);
      if (depthDb !== undefined && depthDb !== curveDb) {
        const { attackMs, releaseMs } = this.plan.ducking ?? defaultDuckingSettings;
        fillDuckingGain(
          this.speechSpans,
          { enabled: true, reductionDb: depthDb, attackMs, releaseMs },
          this.plan.sampleRate,
          fromFrame,
          this.ducking.subarray(0, count),
        );
        curveDb = depthDb;
      }
      this.mixClip(placed, first, last, fromFrame, out, depthDb !== undefined);
    }
  }

  close(): void {
    this.readers.closeAll();
  }

  /**
   * How far a clip is lowered under speech, or undefined when it is not: a clip's own depth (a video's original
   * sound), else music by the plan's ducking when it is on. Nothing is ducked in a plan without speech.
   */
  private duckDepthDb(clip: RenderClip): number | undefined {
    if (this.speechSpans.length === 0) return undefined;
    if (clip.duckDb !== undefined) return clip.duckDb > 0 ? clip.duckDb : undefined;
    const ducking = this.plan.ducking;
    if (clip.track !== 'music' || ducking?.enabled !== true || ducking.reductionDb <= 0) return undefined;
    return ducking.reductionDb;
  }

  /** Clips overlapping [from, to): a binary search for the first clip starting at or after `to`, then a scan. */
  private *overlapping(from: number, to: number): Generator<PlacedClip> {
    let low = 0;
    let high = this.clips.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.clips[middle]!.startFrame < to) low = middle + 1;
      else high = middle;
    }
    for (let index = 0; index < low; index += 1) {
      const placed = this.clips[index]!;
      if (placed.endFrame > from) yield placed;
    }
  }

  private mixClip(
    placed: PlacedClip,
    first: number,
    last: number,
    blockStart: number,
    out: readonly Float32Array[],
    ducked: boolean,
  ): void {
    const count = last - first;
    const clipOffset = first - placed.startFrame;
    const sourceChannels = placed.source.channels;
    const samples = this.scratch.subarray(0, count * sourceChannels);
    this.readClipFrames(placed, clipOffset, count, samples);
    const at = first - blockStart;
    if (isSteady(placed.frames, clipOffset, count)) {
      // The common case: one volume for the whole stretch, times the ducking curve for music.
      const curve = ducked ? this.ducking.subarray(at, at + count) : undefined;
      addScaled(samples, sourceChannels, out, at, count, placed.frames.gain, curve);
      return;
    }
    const gains = this.gains.subarray(0, count);
    fillClipGain(placed.frames, clipOffset, gains);
    if (ducked) {
      for (let index = 0; index < count; index += 1) gains[index] = gains[index]! * this.ducking[at + index]!;
    }
    addScaled(samples, sourceChannels, out, at, count, 1, gains);
  }

  /** Reads `count` clip frames starting at clip frame `clipOffset`, wrapping around the source when looping. */
  private readClipFrames(placed: PlacedClip, clipOffset: number, count: number, target: Float32Array): void {
    const { source } = placed;
    if (!placed.clip.loop) {
      this.readers.read(source.pcmPath, source.channels, placed.sourceOffset + clipOffset, count, target);
      return;
    }
    let done = 0;
    while (done < count) {
      const position = (placed.sourceOffset + clipOffset + done) % source.frames;
      const take = Math.min(count - done, source.frames - position);
      this.readers.read(
        source.pcmPath,
        source.channels,
        position,
        take,
        target.subarray(done * source.channels, (done + take) * source.channels),
      );
      done += take;
    }
  }
}

function placeClip(
  clip: RenderClip,
  sources: ReadonlyMap<string, CachedSource>,
  sampleRate: number,
): PlacedClip {
  const source = sources.get(renderedSourceKey(clip));
  if (!source) throw new Error(`clip "${clip.id}": source "${clip.sourceKey}" has not been decoded`);
  const frames = clipFrames(clip, sampleRate);
  const startFrame = msToFrames(clip.startMs, sampleRate);
  const sourceOffset = msToFrames(clip.sourceOffsetMs ?? 0, sampleRate);
  // A clip that does not loop falls silent where its source ends, even if its duration runs on.
  const audible =
    clip.loop && source.frames > 0
      ? frames.totalFrames
      : Math.max(0, Math.min(frames.totalFrames, source.frames - sourceOffset));
  return { clip, source, frames, startFrame, endFrame: startFrame + audible, sourceOffset };
}

/**
 * out[c][at + i] += gain · curve[i] · source frame i (curve optional). Channel mapping follows ffmpeg's
 * default rematrixing, which keeps power constant: a mono source goes to both output channels at −3 dB
 * (×√½), a stereo source into a mono output as (L + R)·√½. A mono block thus measures as loud in a
 * stereo export as in a mono one. Each layout has its own loop so the hot path has no per-sample branching.
 */
function addScaled(
  samples: Float32Array,
  sourceChannels: number,
  out: readonly Float32Array[],
  at: number,
  count: number,
  gain: number,
  curve: Float32Array | undefined,
): void {
  const left = out[0]!;
  const right = out[1];
  if (sourceChannels === 1 && right) {
    const spread = gain * Math.SQRT1_2;
    if (curve) {
      for (let i = 0; i < count; i += 1) {
        const value = samples[i]! * spread * curve[i]!;
        left[at + i] = left[at + i]! + value;
        right[at + i] = right[at + i]! + value;
      }
    } else {
      for (let i = 0; i < count; i += 1) {
        const value = samples[i]! * spread;
        left[at + i] = left[at + i]! + value;
        right[at + i] = right[at + i]! + value;
      }
    }
  } else if (sourceChannels === 1) {
    for (let i = 0; i < count; i += 1)
      left[at + i] = left[at + i]! + samples[i]! * gain * (curve ? curve[i]! : 1);
  } else if (right) {
    for (let i = 0; i < count; i += 1) {
      const g = curve ? gain * curve[i]! : gain;
      left[at + i] = left[at + i]! + samples[2 * i]! * g;
      right[at + i] = right[at + i]! + samples[2 * i + 1]! * g;
    }
  } else {
    for (let i = 0; i < count; i += 1) {
      const g = (curve ? gain * curve[i]! : gain) * Math.SQRT1_2;
      left[at + i] = left[at + i]! + (samples[2 * i]! + samples[2 * i + 1]!) * g;
    }
  }
}
