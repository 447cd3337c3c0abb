import { z } from 'zod';

/*
 * Speech on the clock (format 6). A text block without `timing` flows: it follows the block before it, as every
 * block did before. A timed block starts at its own time, in a lane of its own speaker or scene, and has a slot:
 * the time it may use, up to its cue's end or else the next timed block's start in its lane.
 */

/** Speech lanes a project may use: dialogue may overlap across lanes, never within one. */
export const MAX_SPEECH_LANES = 8;

/** The most a take may be sped up locally, keeping its pitch, to fit its slot (15 %: still natural speech). */
export const MAX_STRETCH = 0.15;

/**
 * - `fixed`: the line must end inside its slot;
 * - `dynamic`: it may run on into the free time after its slot, up to the next block in its lane.
 */
export const FIT_MODES = ['fixed', 'dynamic'] as const;
export type FitMode = (typeof FIT_MODES)[number];

const timeMs = z.number().min(0, 'must be 0 or more milliseconds');

export const speechTimingSchema = z.strictObject({
  /** Where the line starts, from the project start. */
  startMs: timeMs,
  /** Its cue's end, when it came from one: the slot ends here. Absent: at the next timed block in its lane. */
  cueEndMs: timeMs.optional(),
  /** The lane it speaks in, 0 first. */
  lane: z
    .number()
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(
      MAX_SPEECH_LANES - 1,
      `must be at most ${MAX_SPEECH_LANES - 1} (a project has ${MAX_SPEECH_LANES} lanes)`,
    ),
  fit: z.enum(FIT_MODES),
  /** The user allowed a local, pitch-keeping speed-up of the take (at most MAX_STRETCH) to fit its slot. */
  allowStretch: z.boolean().optional(),
  /** The user marked the line to be rewritten shorter. */
  rewrite: z.boolean().optional(),
});
export type SpeechTiming = z.infer<typeof speechTimingSchema>;

/** The volume, mute and ducking of a reference video's own sound, for voiceover over the original. */
export const originalAudioSchema = z.strictObject({
  volumeDb: z.number().min(-60, 'must be -60 dB or more').max(12, 'must be at most 12 dB'),
  muted: z.boolean(),
  /** How far the original sound is lowered while speech plays (0: not at all). */
  duckDb: z.number().min(-60, 'must be -60 dB or more').max(0, 'must be 0 dB or less'),
});
export type OriginalAudio = z.infer<typeof originalAudioSchema>;

/**
 * A video the speech is placed against. The project keeps where the file is, never a copy, and the video never
 * leaves the machine. `durationMs` is the project's length once a video is set.
 */
export const referenceVideoSchema = z.strictObject({
  /** The file's absolute path, as the user chose it. */
  path: z.string().min(1, 'must not be empty').max(4_096, 'must be at most 4,096 characters'),
  durationMs: timeMs,
  width: z.number().int().min(0).optional(),
  height: z.number().int().min(0).optional(),
  /** Frames a second, when the container tells. */
  frameRate: z.number().min(0).optional(),
  /** Absent when the video has no sound of its own. */
  originalAudio: originalAudioSchema.optional(),
});
export type ReferenceVideo = z.infer<typeof referenceVideoSchema>;

export const DEFAULT_ORIGINAL_AUDIO: OriginalAudio = { volumeDb: 0, muted: false, duckDb: -12 };
