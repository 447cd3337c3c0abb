import { z } from 'zod';
import { PROJECT_LIMITS } from './project-limits.js';

/** The speaker a block without one belongs to: its voice and style are the project defaults. */
export const NARRATOR_ID = 'narrator';

/** Speaker colours are `#rrggbb`, so every surface (row, timeline, filter) can draw them the same way. */
const colourSchema = z.string().regex(/^#[0-9a-f]{6}$/iu, 'must be a colour written #rrggbb');
const parameterSchema = z
  .string()
  .max(PROJECT_LIMITS.parameter, `must be at most ${PROJECT_LIMITS.parameter} characters`);

/**
 * One member of the cast. Every generation parameter is optional: undefined means "as the project defaults", so
 * the narrator (normally without any) follows the defaults panel, and a character only sets what makes it differ.
 * A block can still override any of them.
 */
export const speakerSchema = z.strictObject({
  id: z
    .string()
    .min(1, 'must not be empty')
    .max(PROJECT_LIMITS.id, `must be at most ${PROJECT_LIMITS.id} characters`),
  name: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(PROJECT_LIMITS.speakerName, `must be at most ${PROJECT_LIMITS.speakerName} characters`),
  colour: colourSchema,
  voiceId: parameterSchema.optional(),
  /** Display name of the voice, so the cast shows it offline. */
  voiceName: parameterSchema.optional(),
  promptId: parameterSchema.optional(),
  preset: parameterSchema.optional(),
  language: parameterSchema.optional(),
  speechRate: z.number().optional(),
  emo_switch: z.array(z.number()).optional(),
  vivid: z.boolean().optional(),
  flash: z.boolean().optional(),
  break_clone: z.boolean().optional(),
});

export type Speaker = z.infer<typeof speakerSchema>;

/** Colours given to new speakers in turn: distinct on the dark theme and for common colour blindness. */
export const SPEAKER_PALETTE = [
  '#8ab4f8',
  '#f6ae2d',
  '#7bd389',
  '#f28482',
  '#c3a6ff',
  '#4dd0e1',
  '#ffd166',
  '#ef8fd0',
] as const;

export function narratorSpeaker(): Speaker {
  return { id: NARRATOR_ID, name: 'Narrator', colour: SPEAKER_PALETTE[0] };
}
