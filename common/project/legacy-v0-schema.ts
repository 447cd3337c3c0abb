import { z } from 'zod';

/**
 * Schema version 0: the prototype's file. One flat `blocks` array (no tracks); times in seconds; volume as a
 * linear gain (1 = unchanged); project-wide voice and language only. Version 0 files may lack `schemaVersion`
 * altogether (the prototype did not write one). The prototype dropped a block's audio whenever the block was
 * edited, so audio still present in a v0 file was made from the block's current content.
 */
const v0Audio = z.object({
  cacheKey: z.string().min(1),
  durationMs: z.number().min(0),
  url: z.string().optional(),
});
const v0Id = z.string().min(1);
const v0Seconds = z.number().min(0);
const v0LinearGain = z.number().min(0);

export const projectV0Schema = z.object({
  schemaVersion: z.literal(0).optional(),
  id: v0Id,
  name: z.string(),
  createdAt: z.string().optional(),
  serviceUrl: z.string().optional(),
  voiceId: z.string().optional(),
  voiceName: z.string().optional(),
  language: z.string().optional(),
  blocks: z.array(
    z.discriminatedUnion('type', [
      z.object({
        id: v0Id,
        type: z.literal('text'),
        text: z.string(),
        voiceId: z.string().optional(),
        promptId: z.string().optional(),
        speechRate: z.number().optional(),
        /** Pause after the block, in seconds. */
        pause: v0Seconds.optional(),
        volume: v0LinearGain.optional(),
        audio: v0Audio.optional(),
      }),
      z.object({
        id: v0Id,
        type: z.literal('sfx'),
        text: z.string(),
        /** Requested length in seconds (became sfx_length). */
        length: z.number().optional(),
        startTime: v0Seconds,
        volume: v0LinearGain.optional(),
        audio: v0Audio.optional(),
      }),
      z.object({
        id: v0Id,
        type: z.literal('music'),
        text: z.string(),
        length: z.number().optional(),
        startTime: v0Seconds,
        volume: v0LinearGain.optional(),
        fadeIn: v0Seconds.optional(),
        fadeOut: v0Seconds.optional(),
        audio: v0Audio.optional(),
      }),
    ]),
  ),
});

export type ProjectV0 = z.infer<typeof projectV0Schema>;
