import { z } from 'zod';
import { subtitleSourceSchema } from '../subtitles/subtitle-types.js';
import { MAX_STRETCH_FACTOR } from '../timing/stretch.js';

/**
 * What the export engine renders: clips of decoded sources placed on three tracks, plus the spoken
 * blocks the subtitles come from. Built from the project and the audio cache by the caller; the engine
 * knows nothing of projects. Times are in milliseconds on the export timeline.
 */

export const trackKindSchema = z.enum(['speech', 'effects', 'music']);
export type TrackKind = z.infer<typeof trackKindSchema>;

export const renderClipSchema = z.object({
  id: z.string().min(1, 'must not be empty'),
  track: trackKindSchema,
  /** Cache key of the decoded source (e.g. the content hash of the block's audio). */
  sourceKey: z.string().min(1, 'must not be empty'),
  startMs: z.number().min(0, 'must be ≥ 0'),
  /** Where in the source the clip starts playing (trims the head of the source). */
  sourceOffsetMs: z.number().min(0, 'must be ≥ 0').optional(),
  durationMs: z.number().positive('must be > 0'),
  gainDb: z.number().min(-96, 'must be ≥ -96 dB').max(24, 'must be ≤ 24 dB'),
  fadeInMs: z.number().min(0, 'must be ≥ 0'),
  fadeOutMs: z.number().min(0, 'must be ≥ 0'),
  /** Repeat the source to fill durationMs (a music bed); otherwise the clip stops where the source ends. */
  loop: z.boolean().optional(),
  /**
   * The source is a video file and the clip plays its own sound (its first sound track): a reference video's
   * original sound under the new speech.
   */
  videoSound: z.literal(true).optional(),
  /**
   * Lowered under speech by this many dB with the plan's ducking attack and release (the defaults when the plan
   * has none), whether or not the plan ducks music: a reference video's original sound ducks by its own depth.
   */
  duckDb: z.number().min(0, 'must be ≥ 0 dB').max(60, 'must be ≤ 60 dB').optional(),
  /**
   * A timed line sped up to fit its slot, keeping its pitch: the tempo factor (1.1 plays the source in 1/1.1 of
   * its length). durationMs is then the stretched length.
   */
  stretch: z
    .number()
    .min(1, 'must be 1 or more (a tempo factor)')
    .max(MAX_STRETCH_FACTOR, `must be at most ${MAX_STRETCH_FACTOR} (a take is sped up by at most 15 %)`)
    .optional(),
});
export type RenderClip = z.infer<typeof renderClipSchema>;

/** Music is lowered under speech: by reductionDb, ramping down over attackMs before speech and back up over releaseMs. */
export const duckingSettingsSchema = z.object({
  enabled: z.boolean(),
  reductionDb: z.number().min(0, 'must be ≥ 0 dB').max(60, 'must be ≤ 60 dB'),
  attackMs: z.number().min(0, 'must be ≥ 0 ms').max(5000, 'must be ≤ 5000 ms'),
  releaseMs: z.number().min(0, 'must be ≥ 0 ms').max(10_000, 'must be ≤ 10000 ms'),
});
export type DuckingSettings = z.infer<typeof duckingSettingsSchema>;

export const defaultDuckingSettings: DuckingSettings = {
  enabled: true,
  reductionDb: 12,
  attackMs: 250,
  releaseMs: 600,
};

export const renderPlanSchema = z
  .object({
    sampleRate: z.number().int().min(8000, 'must be ≥ 8000 Hz').max(192_000, 'must be ≤ 192000 Hz'),
    channels: z.union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2' }),
    durationMs: z
      .number()

      .positive('must be > 0')
      .max(24 * 3_600_000, 'must be ≤ 24 hours'),
    clips: z.array(renderClipSchema),
    cues: z.array(subtitleSourceSchema),
    ducking: duckingSettingsSchema.optional(),
  })
  .superRefine((plan, context) => {
    const ids = new Set<string>();
    plan.clips.forEach((clip, index) => {
      if (ids.has(clip.id)) {
        context.addIssue({
          code: 'custom',
          path: ['clips', index, 'id'],
          message: `must be unique ("${clip.id}" repeats)`,
        });
      }
      ids.add(clip.id);
      if (clip.fadeInMs + clip.fadeOutMs > clip.durationMs) {
        context.addIssue({
          code: 'custom',
          path: ['clips', index, 'fadeOutMs'],
          message: 'fadeInMs + fadeOutMs must be ≤ durationMs',
        });
      }
    });
    plan.cues.forEach((cue, index) => {
      if (cue.clipId !== undefined && !ids.has(cue.clipId)) {
        context.addIssue({
          code: 'custom',
          path: ['cues', index, 'clipId'],
          message: `must name a clip of the plan ("${cue.clipId}" does not)`,
        });
      }
    });
  });
export type RenderPlan = z.infer<typeof renderPlanSchema>;

/** Milliseconds to a whole number of frames at the plan's rate (nearest frame). */
export function msToFrames(ms: number, sampleRate: number): number {
  return Math.round((ms * sampleRate) / 1000);
}

/**
 * The key of the audio a clip plays: its source's, or for a stretched clip that of the source stretched by its
 * factor (the export makes it from the decoded source and keeps it in the PCM cache beside it).
 */
export function renderedSourceKey(clip: Pick<RenderClip, 'sourceKey' | 'stretch'>): string {
  return clip.stretch !== undefined && clip.stretch > 1
    ? `${clip.sourceKey}|tempo=${clip.stretch}`
    : clip.sourceKey;
}
