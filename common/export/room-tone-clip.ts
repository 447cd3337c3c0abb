import { measureLevels } from '../audio/levels.js';
import type { ProjectExportSettings } from './project-export-settings.js';
import { DEFAULT_ROOM_TONE_DB } from './room-tone.js';

/**
 * A room-tone clip the user recorded, looped under the whole mix in place of the generated bed. The loop is a
 * function of the timeline frame alone, as the bed is: frame f plays the clip at f mod period, and the first
 * `crossfade` frames of each period blend the clip's start (fading in) with its last frames (fading out, the
 * previous pass running on), so the seam never clicks and a chapter rendered alone carries the same samples as
 * that span of the whole book.
 */
export interface RoomToneLoop {
  /** Mono samples at the export's rate (every channel gets the same room, as with the bed). */
  readonly samples: Float32Array;
  readonly crossfadeFrames: number;
}

/** Shortest clip taken: anything shorter loops audibly (a half-second pattern is heard as a hum). */
const MIN_ROOM_TONE_CLIP_MS = 500;
/** A loud clip is refused above this RMS when no retailer profile sets a noise floor (no retailer takes louder). */
export const DEFAULT_ROOM_TONE_CLIP_MAX_DB = -60;
/** Long enough to hide the seam of two noises, short enough that the blend (a slight level dip) is not heard. */
const CROSSFADE_MS = 50;
/** A run of exact zeros this long inside a clip is digital silence a retailer's checker would find. */
const MAX_ZERO_RUN_MS = 1;

/** The loop of a clip at `sampleRate`: its seam crossfade is 50 ms, or a quarter of a short clip. */
export function roomToneLoop(samples: Float32Array, sampleRate: number): RoomToneLoop {
  const crossfadeFrames = Math.min(
    Math.round((CROSSFADE_MS / 1000) * sampleRate),
    Math.floor(samples.length / 4),
  );
  return { samples, crossfadeFrames };
}

/**
 * Why a decoded clip cannot be room tone, as a sentence naming the file and the rule, or null: shorter than half a
 * second, digital silence (all of it, or a run of exact zeros over a millisecond), or louder than the noise floor.
 */
export function roomToneClipProblem(
  samples: Float32Array,
  sampleRate: number,
  maxRmsDb: number,
  fileName: string,
): string | null {
  const lengthMs = (samples.length / sampleRate) * 1000;
  if (lengthMs < MIN_ROOM_TONE_CLIP_MS) {
    return `Room-tone clip “${fileName}” is ${(lengthMs / 1000).toFixed(2)} s long: it must last at least ${MIN_ROOM_TONE_CLIP_MS / 1000} s`;
  }
  const { rmsDb, peakDb } = measureLevels(samples);
  // Under half a 16-bit step everywhere: the file holds nothing a converter would not round to zero.
  if (peakDb < 20 * Math.log10(2 ** -16)) {
    return `Room-tone clip “${fileName}” is digital silence: room tone must be the sound of a quiet room, not zero`;
  }
  const zeroRunMs = (longestZeroRun(samples) / sampleRate) * 1000;
  if (zeroRunMs > MAX_ZERO_RUN_MS) {
    return `Room-tone clip “${fileName}” holds ${zeroRunMs.toFixed(0)} ms of digital silence: room tone must never be zero (at most ${MAX_ZERO_RUN_MS} ms)`;
  }
  if (rmsDb > maxRmsDb) {
    return `Room-tone clip “${fileName}” is ${rmsDb.toFixed(1)} dB RMS: room tone must be at most ${maxRmsDb} dB RMS (the noise-floor limit)`;
  }
  return null;
}

function longestZeroRun(samples: Float32Array): number {
  let longest = 0;
  let run = 0;
  for (const sample of samples) {
    run = sample === 0 ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

/** Adds the looped clip to `frames` frames of planar audio whose first frame is timeline frame `atFrame`. */
export function addRoomToneLoop(
  loop: RoomToneLoop,
  block: readonly Float32Array[],
  frames: number,
  atFrame: number,
): void {
  const { samples, crossfadeFrames } = loop;
  const period = samples.length - crossfadeFrames;
  for (let index = 0; index < frames; index += 1) {
    const position = (atFrame + index) % period;
    let sample = samples[position]!;
    if (position < crossfadeFrames) {
      // Equal power: the two ends are unrelated noise, so their powers add (a linear blend would dip 3 dB).
      const angle = ((position + 0.5) / crossfadeFrames) * (Math.PI / 2);
      sample = sample * Math.sin(angle) + samples[period + position]! * Math.cos(angle);
    }
    for (const channel of block) channel[index] = channel[index]! + sample;
  }
}

/**
 * The settings with the user's room-tone clip: it replaces the generated bed (room tone is turned on for it when
 * no profile did), checked against the −60 dB floor; a retailer profile applied afterwards sets its own limit.
 */
export function withRoomToneClip(
  settings: ProjectExportSettings,
  clipPath: string | undefined,
): ProjectExportSettings {
  if (clipPath === undefined) return settings;
  const roomTone = settings.options.roomTone ?? { levelDb: DEFAULT_ROOM_TONE_DB, seed: 1 };
  return {
    ...settings,
    options: {
      ...settings.options,
      roomTone: { ...roomTone, clip: { path: clipPath, maxRmsDb: DEFAULT_ROOM_TONE_CLIP_MAX_DB } },
    },
  };
}
