import {
  LoudnessMeter,
  type LoudnessMeasurement,
  type LoudnessMeterState,
} from '../../../../common/export/loudness-meter.js';
import type { RenderPlan } from '../../../../common/export/render-plan.js';
import { ExportCancelledError } from '../export-errors.js';
import type { OutputProcessing, RenderControl } from '../render/output-render.js';
import type { SegmentDone, SegmentSession } from './segment-session.js';

// Below this length a second thread (its start, its encoder's start) is not worth it.
const MIN_SPLIT_SECONDS = 60;
const CANCEL_POLL_MS = 50;

/**
 * Where to split a timeline of `totalFrames` between two threads: the multiple of `grid` frames nearest its middle,
 * or undefined when it is too short to be worth a second thread.
 */
export function splitFrameFor(totalFrames: number, sampleRate: number, grid: number): number | undefined {
  if (totalFrames < MIN_SPLIT_SECONDS * sampleRate) return undefined;
  return Math.round(totalFrames / 2 / grid) * grid;
}

/** Measures the output, and returns what was measured up to the split the moment the split is reached. */
export function measureUpTo(
  meter: LoudnessMeter,
  block: readonly Float32Array[],
  frames: number,
  atFrame: number,
  splitFrame: number,
): LoudnessMeterState | undefined {
  const before = splitFrame - atFrame;
  if (before > frames || before < 0) {
    meter.add(block, frames);
    return undefined;
  }
  meter.add(block, before);
  const state = meter.snapshot();
  meter.add(
    block.map((channel) => channel.subarray(before)),
    frames - before,
  );
  return state;
}

/** The loudness of the whole output: this thread's measurement up to the split, then the helper's. */
export function joinedLoudness(
  plan: RenderPlan,
  first: LoudnessMeterState,
  done: SegmentDone,
): LoudnessMeasurement {
  if (!done.meter) throw new Error('MP3 join: the helper did not measure its part');
  const joined = new LoudnessMeter(plan.sampleRate, plan.channels);
  joined.append(first);
  joined.append(done.meter);
  return joined.result();
}

/** Waits for the helper to finish, reporting its progress as the second half of the phase; a cancel stops the wait. */
export async function waitFor(session: SegmentSession, control: RenderControl): Promise<SegmentDone> {
  let poll: NodeJS.Timeout | undefined;
  const cancelled = new Promise<never>((_, reject) => {
    poll = setInterval(() => {
      control.onFraction(0.5 + 0.5 * session.fraction);
      if (control.isCancelled()) reject(new ExportCancelledError());
    }, CANCEL_POLL_MS);
  });
  try {
    return await Promise.race([session.done, cancelled]);
  } finally {
    clearInterval(poll);
  }
}

export function leastCommonMultiple(a: number, b: number): number {
  let x = a;
  let y = b;
  while (y !== 0) [x, y] = [y, x % y];
  return (a / x) * b;
}

type HelperProcessing = 'roomTone' | 'roomToneLoop' | 'limiterReleaseMs' | 'phaseRotation';

/**
 * What the export's own half does after the gain and ceiling, for the helper's half: the phase rotation and the
 * limiter's release of an RMS target, and
 * the room tone (the bed's settings, or the user's clip already decoded: the helper does not read the user's file
 * again). Both halves lay the room tone by timeline frame, so they agree.
 */
export function helperProcessingOf(processing: {
  readonly [K in HelperProcessing]?: OutputProcessing[K] | undefined;
}): Pick<OutputProcessing, HelperProcessing> {
  return {
    ...(processing.limiterReleaseMs !== undefined && { limiterReleaseMs: processing.limiterReleaseMs }),
    ...(processing.phaseRotation && { phaseRotation: true }),
    ...(processing.roomTone && { roomTone: processing.roomTone }),
    ...(processing.roomToneLoop && { roomToneLoop: processing.roomToneLoop }),
  };
}
