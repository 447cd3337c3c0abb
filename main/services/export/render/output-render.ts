import { addRoomTone, type RoomToneSettings } from '../../../../common/export/room-tone.js';
import { addRoomToneLoop, type RoomToneLoop } from '../../../../common/export/room-tone-clip.js';
import { PeakLimiter } from '../dsp/peak-limiter.js';
import { PhaseRotator } from '../dsp/phase-rotator.js';
import { ExportCancelledError } from '../export-errors.js';
import { CooperativeYield } from '../progress-tracker.js';
import type { TimelineMixer } from './timeline-mixer.js';

/**
 * What happens to the mix on its way to the encoder: a gain, then (when normalising) a peak limiter, then (when a
 * retailer profile asks for room tone) a noise bed at a fixed level, or the user's clip looped, after the gain so
 * normalising never moves it.
 */
export interface OutputProcessing {
  readonly gain: number;
  /** The limiter's ceiling as a linear level, or undefined for no limiter. */
  readonly ceiling?: number;
  /** The limiter's release in ms when not its default 80 ms (an RMS target's, render/output-gain.ts). */
  readonly limiterReleaseMs?: number;
  /** Rotate the phase before the limiter (dsp/phase-rotator.ts): lower peaks for the same RMS (an RMS target's). */
  readonly phaseRotation?: boolean;
  readonly roomTone?: RoomToneSettings;
  /** The user's room-tone clip, looped in place of the generated bed (render/room-tone-clip-file.ts). */
  readonly roomToneLoop?: RoomToneLoop;
}

export interface RenderControl {
  readonly isCancelled: () => boolean;
  readonly onFraction: (fraction: number) => void;
}

/**
 * Receives the output in order, with the timeline frame its first sample is at; answers false to stop rendering.
 * The block is reused for the next call.
 */
export type OutputConsumer = (
  block: readonly Float32Array[],
  frames: number,
  atFrame: number,
) => boolean | Promise<boolean>;

// The limiter's gain releases with an 80 ms time constant: after a second of the audio before a range its state is
// within e^-12 of the state a pass from the start would have, so a range can be rendered on its own.
const LIMITER_PREROLL_SECONDS = 1;

/**
 * Renders the output (mix × gain → limiter) for timeline frames [from, to) in one-second blocks. A range that
 * starts later than the beginning runs the limiter over the second before it first, unheard, so the range matches
 * the same frames of a pass over the whole timeline (the mixer itself keeps no state between blocks).
 */
export async function renderOutput(
  mixer: TimelineMixer,
  channels: number,
  processing: OutputProcessing,
  range: { readonly from: number; readonly to: number },
  control: RenderControl,
  consume: OutputConsumer,
): Promise<void> {
  const rate = mixer.sampleRate;
  const limiter =
    processing.ceiling === undefined
      ? undefined
      : new PeakLimiter(rate, channels, processing.ceiling, processing.limiterReleaseMs);
  const rotator = limiter && processing.phaseRotation ? new PhaseRotator(rate, channels) : undefined;
  const delay = limiter?.delay ?? 0;
  const preRoll = limiter ? Math.min(range.from, rate * LIMITER_PREROLL_SECONDS) : 0;
  const inputStart = range.from - preRoll;
  const inputEnd = Math.min(mixer.totalFrames, range.to + delay);
  // The limiter's output lags its input by `delay` frames: the timeline frame of the next output sample.
  let outputAt = inputStart - delay;
  const emit = async (block: readonly Float32Array[], frames: number): Promise<boolean> => {
    const start = Math.max(0, range.from - outputAt);
    const end = Math.min(frames, range.to - outputAt);
    const at = outputAt + start;
    outputAt += frames;
    if (end <= start) return true;
    const part = start === 0 ? block : block.map((channel) => channel.subarray(start));
    // Laid by timeline frame, so a range rendered on its own carries the bed a whole pass would.
    if (processing.roomToneLoop) addRoomToneLoop(processing.roomToneLoop, part, end - start, at);
    else if (processing.roomTone) addRoomTone(processing.roomTone, part, end - start, at);
    return consume(part, end - start, at);
  };
  const blockFrames = rate;
  const block = Array.from({ length: channels }, () => new Float32Array(blockFrames));
  const pacer = new CooperativeYield();
  for (let from = inputStart; from < inputEnd; from += blockFrames) {
    if (control.isCancelled()) throw new ExportCancelledError();
    const frames = Math.min(blockFrames, inputEnd - from);
    mixer.render(from, frames, block);
    if (processing.gain !== 1) for (const channel of block) scale(channel, frames, processing.gain);
    rotator?.process(block, frames);
    limiter?.process(block, frames);
    if (!(await emit(block, frames))) return;
    control.onFraction((from + frames - inputStart) / (inputEnd - inputStart));
    await pacer.maybeYield();
  }
  if (limiter && inputEnd === mixer.totalFrames) {
    const tail = limiter.flush();
    await emit(tail, tail[0]?.length ?? 0);
  }
}

function scale(samples: Float32Array, frames: number, gain: number): void {
  for (let index = 0; index < frames; index += 1) samples[index] = samples[index]! * gain;
}
