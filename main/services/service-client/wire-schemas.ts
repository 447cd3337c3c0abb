import { z } from 'zod';

/**
 * Schemas of what the service sends back. They are tolerant on purpose: unknown fields are kept (loose
 * objects), a field of the wrong type becomes `undefined` instead of failing the whole response, and statuses
 * are plain strings so an unknown one is kept as it is. Only what a job cannot do without is required: the
 * resource's `id` and `status`.
 */
const optionalString = z.string().optional().catch(undefined);
const optionalNumber = z.number().optional().catch(undefined);
const optionalBoolean = z.boolean().optional().catch(undefined);

function optionalArrayOf<Item extends z.ZodType>(item: Item) {
  return z.array(item).optional().catch(undefined);
}

export const styleRecordSchema = z.looseObject({
  id: optionalString,
  name: optionalString,
  promptOriginAudioStorageUrl: optionalString,
  playBackAudio: optionalString,
  description: optionalString,
  language: optionalString,
  vocalFilter: optionalBoolean,
});

const voiceMetadataSchema = z.looseObject({
  avatar: optionalString,
  description: optionalString,
  prompts: optionalArrayOf(styleRecordSchema.catch({})),
  failureReason: optionalString,
});

const voiceSummarySchema = z.looseObject({
  id: optionalString,
  idForGenerate: optionalString,
  name: optionalString,
  status: optionalString,
  metadata: voiceMetadataSchema.optional().catch(undefined),
  version: optionalString,
  from: optionalString,
});

const contentResultSchema = z.looseObject({
  type: optionalString,
  voiceId: optionalString,
  text: optionalString,
  audio: optionalString,
  generatedAt: optionalString,
});

const taskMetadataSchema = z.looseObject({
  contents: optionalArrayOf(contentResultSchema.catch({})),
  characters: optionalNumber,
  voices: optionalArrayOf(voiceSummarySchema.catch({})),
  isPremium: optionalBoolean,
  audio: optionalString,
  generatedAt: optionalString,
  srt: optionalBoolean,
  srtUrl: optionalString,
  failureReason: optionalString,
});

const requiredId = z.string().trim().min(1, 'must be a non-empty string');

export const taskDataSchema = z.looseObject({
  id: requiredId,
  userId: optionalString,
  status: z.string(),
  type: optionalString,
  metadata: taskMetadataSchema.catch({}).default({}),
});

export const voiceDataSchema = z.looseObject({
  id: requiredId,
  idForGenerate: optionalString,
  name: optionalString,
  status: z.string(),
  metadata: voiceMetadataSchema.catch({}).default({}),
});

export type StyleRecord = z.infer<typeof styleRecordSchema>;
export type VoiceSummary = z.infer<typeof voiceSummarySchema>;
export type ContentResult = z.infer<typeof contentResultSchema>;
export type TaskData = z.infer<typeof taskDataSchema>;
export type VoiceData = z.infer<typeof voiceDataSchema>;

/** Error bodies: `{status, code, message}` as the stand-in sends, or `{error: {code, message}}` variants. */
export const errorBodySchema = z.looseObject({
  code: z.union([z.string(), z.number()]).optional().catch(undefined),
  message: optionalString,
  error: z
    .union([
      z.string(),
      z.looseObject({
        code: z.union([z.string(), z.number()]).optional().catch(undefined),
        message: optionalString,
      }),
    ])
    .optional()
    .catch(undefined),
});

export const envelopeSchema = z.looseObject({
  status: z.union([z.number(), z.string()]).optional().catch(undefined),
  message: optionalString,
  code: z.union([z.string(), z.number()]).optional().catch(undefined),
  data: z.unknown().optional(),
});

/** The voice id to put in a block's `voiceId`: `idForGenerate`, or `id` for voices (market ones) lacking it. */
export function generationIdOf(voice: {
  id?: string;
  idForGenerate?: string | undefined;
}): string | undefined {
  return voice.idForGenerate ?? voice.id;
}

/** The service's reason for a failed task or voice, from wherever a variant of the service put it. */
export function failureReasonOf(resource: TaskData | VoiceData): string | undefined {
  const metadata = resource.metadata as Record<string, unknown>;
  const record = resource as Record<string, unknown>;
  const candidates = [
    metadata.failureReason,
    metadata.error,
    metadata.reason,
    record.failureReason,
    record.error,
    record.reason,
  ];
  const found = candidates.find(
    (candidate): candidate is string => typeof candidate === 'string' && candidate.trim() !== '',
  );
  return found;
}
