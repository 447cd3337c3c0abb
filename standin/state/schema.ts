import { z } from 'zod';
import { TASK_STATUSES, VOICE_STATUSES } from '../wire-choices.js';

/**
 * The persisted state of the stand-in. Types are inferred from these schemas so the file on disk and the code
 * cannot drift apart; a state file that does not match is refused at start with the failing path (a status the
 * stand-in no longer gives is the one thing read leniently, below).
 */

export const accountStateSchema = z.object({
  token: z.string().min(1),
  userId: z.string(),
  plan: z.enum(['free', 'paid']),
  credits: z.number(),
  frozenCredits: z.number(),
  proCloneAccess: z.boolean(),
  proCloneQuota: z.number().int(),
});
export type AccountState = z.infer<typeof accountStateSchema>;

export const sentenceTimingSchema = z.object({
  index: z.number().int(),
  text: z.string(),
  startS: z.number(),
  endS: z.number(),
});
export type SentenceTiming = z.infer<typeof sentenceTimingSchema>;

export const segmentTimingSchema = z.object({
  contentIndex: z.number().int(),
  type: z.string(),
  /** Start of this segment inside the merged audio. */
  offsetS: z.number(),
  durationS: z.number(),
  /** Sentences with start/end relative to the segment's own audio. */
  sentences: z.array(sentenceTimingSchema),
});
export type SegmentTiming = z.infer<typeof segmentTimingSchema>;

/**
 * A record whose status this stand-in no longer gives (a state file written when statuses were free text) reads as
 * `failed`, its old status named in its failure reason, rather than refusing the whole state file at start.
 */
function withKnownStatus(statuses: readonly string[]): (record: unknown) => unknown {
  return (record) => {
    if (typeof record !== 'object' || record === null || !('status' in record)) return record;
    const { status } = record;
    if (typeof status !== 'string' || statuses.includes(status)) return record;
    return {
      ...record,
      status: 'failed',
      failureReason: `the stand-in no longer knows the status “${status}”`,
    };
  };
}

const taskRecordFields = z.object({
  id: z.string(),
  userId: z.string(),
  token: z.string(),
  sequence: z.number().int(),
  status: z.enum(TASK_STATUSES),
  type: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().optional(),
  finishedAt: z.string().optional(),
  isPremium: z.boolean(),
  srt: z.boolean(),
  characters: z.number().int(),
  frozenCredits: z.number(),
  /** Normalised blocks as submitted (keys outside the type's list dropped). */
  contents: z.array(z.record(z.string(), z.unknown())),
  /** Once generated: each block's audio (a /files path) and time, in block order. */
  segments: z.array(z.object({ audioPath: z.string(), generatedAt: z.string() })).optional(),
  voiceIds: z.array(z.string()),
  audioPath: z.string().optional(),
  srtPath: z.string().optional(),
  generatedAt: z.string().optional(),
  failureReason: z.string().optional(),
  timings: z.array(segmentTimingSchema).optional(),
});
export const taskRecordSchema = z.preprocess(withKnownStatus(TASK_STATUSES), taskRecordFields);
export type TaskRecord = z.infer<typeof taskRecordSchema>;

const synthVoiceSchema = z.object({
  /** eSpeak NG variant appended to the language voice, e.g. `f3` → `en+f3`. */
  variant: z.string(),
  /** eSpeak pitch 0..99. */
  pitch: z.number(),
  /** eSpeak words per minute at speechRate 1. */
  wordsPerMinute: z.number(),
  /** Language the voice speaks when a block says `auto` and the text's script does not decide. */
  language: z.string(),
});
export type SynthVoice = z.infer<typeof synthVoiceSchema>;

export const styleRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  language: z.string(),
  vocalFilter: z.boolean(),
  audioPath: z.string(),
  pitchOffset: z.number(),
  rateFactor: z.number(),
});
export type StyleRecord = z.infer<typeof styleRecordSchema>;

const voiceRecordFields = z.object({
  id: z.string(),
  idForGenerate: z.string(),
  userId: z.string().nullable(),
  from: z.enum(['market', 'user']),
  kind: z.enum(['market', 'quick', 'pro']),
  name: z.string(),
  description: z.string(),
  language: z.string(),
  modelVersion: z.string(),
  status: z.enum(VOICE_STATUSES),
  lora: z.string().optional(),
  vocalFilter: z.boolean(),
  avatarPath: z.string(),
  quotaConsumed: z.boolean(),
  styles: z.array(styleRecordSchema),
  synth: synthVoiceSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  failureReason: z.string().optional(),
  extras: z.record(z.string(), z.unknown()),
});
export const voiceRecordSchema = z.preprocess(withKnownStatus(VOICE_STATUSES), voiceRecordFields);
export type VoiceRecord = z.infer<typeof voiceRecordSchema>;

export const ledgerEntrySchema = z.object({
  sequence: z.number().int(),
  at: z.string(),
  requestId: z.string(),
  method: z.string(),
  path: z.string(),
  token: z.string().nullable(),
  kind: z.enum(['task', 'voice']),
  summary: z.record(z.string(), z.unknown()),
  status: z.number().int(),
  code: z.string().optional(),
  detail: z.string().optional(),
  taskId: z.string().optional(),
  voiceId: z.string().optional(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const splitterConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(['sentence', 'paragraph']),
  maxLength: z.number().int(),
  /** Text-block fields applied to every compiled block (voiceId, promptId, language, speechRate, ...). */
  blockDefaults: z.record(z.string(), z.unknown()),
});
export type SplitterConfig = z.infer<typeof splitterConfigSchema>;

export const standinStateSchema = z.object({
  version: z.literal(1),
  nextSequence: z.number().int(),
  accounts: z.array(accountStateSchema),
  tasks: z.array(taskRecordSchema),
  voices: z.array(voiceRecordSchema),
  ledger: z.array(ledgerEntrySchema),
  splitters: z.array(splitterConfigSchema),
});
export type StandinState = z.infer<typeof standinStateSchema>;

export function emptyState(): StandinState {
  return { version: 1, nextSequence: 1, accounts: [], tasks: [], voices: [], ledger: [], splitters: [] };
}
