import { openSync, closeSync, readSync, rmSync } from 'node:fs';
import type {
  LoudnessMeasurement,
  LoudnessMeter,
  LoudnessMeterState,
} from '../../../../common/export/loudness-meter.js';
import type { Mp3Bitrate } from '../../../../common/export/export-options.js';
import type { RenderPlan } from '../../../../common/export/render-plan.js';
import type { Mp3Encoder } from '../encode/mp3-encoder.js';
import { canJoinAt, moveReservoir, type IndexedFrames } from '../encode/mp3-join.js';
import { renderOutput, type OutputProcessing, type RenderControl } from '../render/output-render.js';
import type { TimelineMixer } from '../render/timeline-mixer.js';
import type { HelperSource } from '../helper-workers.js';
import { SegmentSession } from './segment-session.js';
import {
  joinedLoudness,
  leastCommonMultiple,
  measureUpTo,
  splitFrameFor,
  waitFor,
  helperProcessingOf,
} from './split-shared.js';

const SAMPLES_PER_FRAME = 1152;
// The helper starts this many frames before the split, so its encoder is warm (psychoacoustic model, filter bank,
// reservoir) by the first frame the join may take from it.
const WARM_UP_FRAMES = 16;
// The join is looked for from the split to 16 frames after it, so the helper has encoded at least 16 frames first,
// and this thread has rendered (and measured) everything before the split.
const JOIN_FROM = 0;
const JOIN_TO = 16;
// Frames the export's own encoder keeps back so the join can still patch their reservoir (≤ 511 bytes, at most 2
// frames' worth at 128 kbps), with room for LAME handing over two frames at once.
export const SPLIT_HOLD_FRAMES = 8;
const COPY_CHUNK_BYTES = 1024 * 1024;

/** Where the timeline is split, and which frames the join may happen at. */
export interface SplitPoint {
  /** A timeline frame that is a whole number of MP3 frames and of loudness hops. */
  readonly splitFrame: number;
  /** Where the helper starts encoding (MP3 frame `helperFrom / 1152` of the whole stream). */
  readonly helperFrom: number;
  readonly firstJoin: number;
  readonly lastJoin: number;
}

/**
 * The split for an MP3 export of `totalFrames` frames, or undefined to encode it in one pass: short exports, and
 * sample rates below 32 kHz (MPEG-2 frames have another side-info layout, which the join does not read).
 */
export function planSplit(
  totalFrames: number,
  sampleRate: number,
  hopFrames: number,
): SplitPoint | undefined {
  if (sampleRate < 32000) return undefined;
  const splitFrame = splitFrameFor(
    totalFrames,
    sampleRate,
    leastCommonMultiple(SAMPLES_PER_FRAME, hopFrames),
  );
  if (splitFrame === undefined) return undefined;
  const splitIndex = splitFrame / SAMPLES_PER_FRAME;
  return {
    splitFrame,
    helperFrom: splitFrame - WARM_UP_FRAMES * SAMPLES_PER_FRAME,
    firstJoin: splitIndex + JOIN_FROM,
    lastJoin: splitIndex + JOIN_TO,
  };
}

export interface SplitEncodeJob {
  readonly plan: RenderPlan;
  readonly mixer: TimelineMixer;
  readonly processing: OutputProcessing;
  readonly split: SplitPoint;
  /** Made with SPLIT_HOLD_FRAMES held back. */
  readonly encoder: Mp3Encoder;
  readonly bitrateKbps: Mp3Bitrate;
  /** Measures the output (normalised exports), or undefined. */
  readonly meter: LoudnessMeter | undefined;
  readonly pcmCacheDir: string;
  /** The helper's temporary file of frames, deleted here when done. */
  readonly segmentPath: string;
  /** The worker script, or the export's kept helpers (the decode helper goes on as this one). */
  readonly workerEntry: HelperSource;
  readonly control: RenderControl;
}

export interface SplitEncodeResult {
  /** The frame of the whole stream where the helper's frames take over, or undefined if it was encoded in one pass. */
  readonly joinFrame: number | undefined;
  /** Why the halves were not joined after all, when they were not (the file is the same kind either way). */
  readonly joinSkipped: string | undefined;
  readonly output: LoudnessMeasurement | undefined;
}

/**
 * Encodes the first half of the timeline here and the second in a helper worker at the same time, then joins the
 * two streams at the first frame near the split where `canJoinAt` allows (mp3-join.ts). If none does within the
 * search, or the helper fails before the join, this thread simply encodes the rest itself: the file is the same
 * kind of file either way, only slower.
 */
export async function encodeInTwo(job: SplitEncodeJob): Promise<SplitEncodeResult> {
  const { mixer, split, encoder, meter, control } = job;
  const channels = job.plan.channels;
  const session = new SegmentSession(job.workerEntry, {
    type: 'encode-segment',
    plan: job.plan,
    pcmCacheDir: job.pcmCacheDir,
    output: { format: 'mp3', bitrateKbps: job.bitrateKbps },
    fromFrame: split.helperFrom,
    splitFrame: split.splitFrame,
    measure: meter !== undefined,
    gain: job.processing.gain,
    ...(job.processing.ceiling === undefined ? {} : { ceiling: job.processing.ceiling }),
    ...helperProcessingOf(job.processing),
    headFrames: split.lastJoin + 2 - split.helperFrom / SAMPLES_PER_FRAME,
    outputPath: job.segmentPath,
  });
  let part2: IndexedFrames | undefined;
  let joinFrame: number | undefined;
  let abandoned: string | undefined;
  let checked = split.firstJoin;
  let meterAtSplit: LoudnessMeterState | undefined;
  const windowStart = (split.firstJoin - 4) * SAMPLES_PER_FRAME;
  const abandon = (reason: string): void => {
    abandoned = reason;
    session.cancel();
  };
  const lookForJoin = (): void => {
    for (; checked < encoder.framesEncoded; checked += 1) {
      if (checked > split.lastJoin)
        return abandon(`no frame from ${split.firstJoin} to ${split.lastJoin} let the two halves join`);
      const part1 = encoder.recentFrames();
      if (part2 && canJoinAt(checked, part1, part2)) {
        moveReservoir(checked, part1, part2);
        encoder.cutBefore(checked);
        joinFrame = checked;
        return;
      }
    }
  };
  try {
    await renderOutput(
      mixer,
      channels,
      job.processing,
      { from: 0, to: mixer.totalFrames },
      { isCancelled: control.isCancelled, onFraction: () => {} },
      async (block, frames, atFrame) => {
        if (meter) {
          const atSplit = measureUpTo(meter, block, frames, atFrame, split.splitFrame);
          meterAtSplit ??= atSplit;
        }
        const searching = joinFrame === undefined && abandoned === undefined;
        control.onFraction(
          abandoned !== undefined
            ? (atFrame + frames) / mixer.totalFrames
            : 0.5 * Math.min(1, atFrame / split.splitFrame) + 0.5 * session.fraction,
        );
        if (!searching || atFrame + frames <= windowStart) {
          encoder.write(block, frames);
          return true;
        }
        if (!part2) {
          try {
            part2 = { first: split.helperFrom / SAMPLES_PER_FRAME, frames: await session.head };
          } catch (error) {
            abandon(
              `the helper failed before the join: ${error instanceof Error ? error.message : String(error)}`,
            );
          }
        }
        // Near the join, feed LAME a frame's worth at a time so each new frame can be checked as it appears.
        let offset = Math.max(0, Math.min(frames, windowStart - atFrame));
        if (offset > 0) encoder.write(block, offset);
        while (offset < frames && joinFrame === undefined && abandoned === undefined) {
          const count = Math.min(SAMPLES_PER_FRAME, frames - offset);
          encoder.write(
            block.map((channel) => channel.subarray(offset, offset + count)),
            count,
          );
          offset += count;
          lookForJoin();
        }
        if (joinFrame !== undefined) return false;
        if (offset < frames)
          encoder.write(
            block.map((channel) => channel.subarray(offset)),
            frames - offset,
          );
        return true;
      },
    );
    if (joinFrame === undefined || !part2) {
      encoder.finish();
      return {
        joinFrame: undefined,
        joinSkipped: abandoned ?? 'the render ended before the join was found',
        output: meter?.result(),
      };
    }
    const done = await waitFor(session, control);
    appendFrom(job.segmentPath, byteOffsetOf(part2, joinFrame), encoder.appendStream());
    encoder.finishJoined(mixer.totalFrames);
    return {
      joinFrame,
      joinSkipped: undefined,
      output: meter ? joinedLoudness(job.plan, measuredToSplit(meterAtSplit), done) : undefined,
    };
  } finally {
    await session.close();
    rmSync(job.segmentPath, { force: true });
  }
}

function measuredToSplit(state: LoudnessMeterState | undefined): LoudnessMeterState {
  // The join comes after the split, so the split was rendered (and measured) before it.
  if (!state) throw new Error('MP3 join: the output was not measured up to the split');
  return state;
}

/** Where frame `index` starts in the helper's file: the lengths of its frames before it. */
function byteOffsetOf(part: IndexedFrames, index: number): number {
  return part.frames.slice(0, index - part.first).reduce((sum, frame) => sum + frame.length, 0);
}

function appendFrom(filePath: string, offset: number, append: (chunk: Uint8Array) => void): void {
  const descriptor = openSync(filePath, 'r');
  try {
    const buffer = new Uint8Array(COPY_CHUNK_BYTES);
    for (let position = offset; ;) {
      const read = readSync(descriptor, buffer, 0, buffer.length, position);
      if (read === 0) return;
      append(buffer.subarray(0, read));
      position += read;
    }
  } finally {
    closeSync(descriptor);
  }
}
