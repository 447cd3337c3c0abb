import { z } from 'zod';
import { audioFormatSchema, loudnessTargetSchema } from './export-options.js';

/** The shape of a retailer delivery profile (the profiles themselves are in retail-profiles.ts). */

export const retailProfileIdSchema = z.enum([
  'acx',
  'google-play',
  'inaudio',
  'apple-books',
  'spotify',
  'podcast',
]);
export type RetailProfileId = z.infer<typeof retailProfileIdSchema>;

const rangeSchema = z.object({ min: z.number(), max: z.number() });

/** One quoted rule, for the README table and the profile's description before export. */
const quotedRuleSchema = z.object({
  topic: z.string(),
  rule: z.string(),
  /** 'retailer': the retailer's published rule; 'timbre': Timbre's choice where the retailer sets none. */
  from: z.enum(['retailer', 'timbre']),
  /** False where the figure comes from memory of the spec and should be checked on the source page. */
  sure: z.boolean(),
});

export const retailProfileSchema = z.object({
  id: retailProfileIdSchema,
  name: z.string(),
  sourceUrl: z.url(),
  /** When the spec was read: here, the date of the author's knowledge of it (see the module comment). */
  readOn: z.string(),
  /** The file format Timbre writes for this profile, and the formats the retailer takes. */
  audio: audioFormatSchema,
  acceptedFormats: z.array(z.enum(['mp3', 'wav', 'flac', 'm4a', 'm4b'])).min(1),
  sampleRate: z.number().int().positive(),
  /** Sample rates the retailer takes; the pre-flight check fails a file at any other. */
  acceptedSampleRates: z.array(z.number().int().positive()).min(1),
  channels: z.union([z.literal(1), z.literal(2)]),
  /** Whether every file of a delivery must have the same channel count (ACX: all mono or all stereo). */
  sameChannelsEverywhere: z.boolean(),
  /** Lowest MP3/AAC bit rate taken, and whether it must be constant (CBR). */
  minBitrateKbps: z.number().positive().optional(),
  constantBitrate: z.boolean(),
  /** What the export normalises to, and the window the pre-flight check accepts. */
  loudness: loudnessTargetSchema,
  rmsDb: rangeSchema.optional(),
  integratedLufs: rangeSchema.optional(),
  maxPeakDb: z.number().max(0),
  /** Highest noise floor (RMS of the quietest half second, dBFS). */
  maxNoiseFloorDb: z.number().optional(),
  /** Room tone at each file's head and tail, in milliseconds; absent = none asked for. */
  roomTone: z.object({ headMs: rangeSchema, tailMs: rangeSchema }).optional(),
  split: z.object({
    /** One chapter (section) per file. */
    chapterFiles: z.boolean(),
    /** Opening and closing credits each as their own file. */
    creditsOwnFiles: z.boolean(),
    maxMinutesPerFile: z.number().positive().optional(),
    /** Shortest whole delivery the retailer takes. */
    minTotalMinutes: z.number().positive().optional(),
  }),
  /** File name template ({n} number, {title} chapter title, {project} book title), as chapterFileNames reads it. */
  fileNameTemplate: z.string(),
  retailSample: z
    .object({
      minSeconds: z.number(),
      maxSeconds: z.number(),
      noCredits: z.boolean(),
      noExplicit: z.boolean(),
    })
    .optional(),
  /**
   * Opening and closing credits: whether the retailer requires them (the pre-flight fails a delivery without), and
   * whether their text should say the narration is a digital voice (common/export/credits-text.ts).
   */
  credits: z.object({ required: z.boolean(), aiNarrationLine: z.boolean() }),
  aiNarration: z.object({
    policy: z.enum(['human-only-unless-authorised', 'disclose', 'allowed']),
    /** Shown plainly before export, never folded away. */
    statement: z.string(),
  }),
  rules: z.array(quotedRuleSchema).min(1),
});
export type RetailProfile = z.infer<typeof retailProfileSchema>;
