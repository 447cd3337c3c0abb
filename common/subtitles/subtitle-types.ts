import { z } from 'zod';

/** A silence inside a block's audio, in milliseconds relative to the start of the block. */
export const silenceSpanSchema = z
  .object({
    startMs: z.number().min(0, 'must be ≥ 0'),
    endMs: z.number().min(0, 'must be ≥ 0'),
  })
  .refine((span) => span.endMs >= span.startMs, { message: 'endMs must be ≥ startMs', path: ['endMs'] });
export type SilenceSpan = z.infer<typeof silenceSpanSchema>;

/**
 * One spoken block as placed in the export: the text it speaks and where its audio sits on the timeline.
 * `silences` are the pauses found in its audio (block-relative); without them cue times are estimated from the text.
 * `clipId` names the render clip carrying this block's audio, so the export engine can find the silences itself.
 */
export const subtitleSourceSchema = z.object({
  blockId: z.string().min(1, 'must not be empty'),
  text: z.string(),
  startMs: z.number().min(0, 'must be ≥ 0'),
  durationMs: z.number().min(0, 'must be ≥ 0'),
  silences: z.array(silenceSpanSchema).optional(),
  clipId: z.string().min(1, 'must not be empty').optional(),
  /**
   * The speech lane it sounds in (timed dialogue: one per speaker; absent: lane 0). Cues of one lane keep the
   * minimum gap before the next; a line of another lane may be spoken over it, and never cuts it short.
   */
  lane: z.number().int().min(0, 'must be ≥ 0').optional(),
});
export type SubtitleSource = z.infer<typeof subtitleSourceSchema>;

/** Subtitle layout and timing rules; the defaults follow Netflix's guidelines for adult content. */
export const subtitleSettingsSchema = z.object({
  maxCharsPerLine: z.number().int().min(10, 'must be ≥ 10').max(200, 'must be ≤ 200'),
  maxLines: z.number().int().min(1, 'must be ≥ 1').max(4, 'must be ≤ 4'),
  maxCueMs: z.number().int().min(1000, 'must be ≥ 1000 ms').max(60_000, 'must be ≤ 60000 ms'),
  minCueMs: z.number().int().min(0, 'must be ≥ 0 ms').max(10_000, 'must be ≤ 10000 ms'),
  charsPerSecond: z.number().min(1, 'must be ≥ 1').max(100, 'must be ≤ 100'),
  minGapMs: z.number().int().min(0, 'must be ≥ 0 ms').max(2000, 'must be ≤ 2000 ms'),
});
export type SubtitleSettings = z.infer<typeof subtitleSettingsSchema>;

export const defaultSubtitleSettings: SubtitleSettings = {
  maxCharsPerLine: 42,
  maxLines: 2,
  maxCueMs: 7000,
  // 5/6 s: Netflix's minimum duration (20 frames at 24 fps).
  minCueMs: 833,
  charsPerSecond: 17,
  // Netflix asks for at least 2 frames between cues; 80 ms covers 2 frames up to 25 fps.
  minGapMs: 80,
};

/** One subtitle cue on the export timeline. */
export interface SubtitleCue {
  readonly blockId: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly lines: readonly string[];
}
