import { z } from 'zod';
import { subtitleSettingsSchema } from '../subtitles/subtitle-types.js';
import { roomToneSettingsSchema } from './room-tone.js';

/** Sample rates the MP3 encoder (LAME) accepts. */
export const mp3SampleRates = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const;

/** Constant bit rates offered for MP3 export. */
export const mp3Bitrates = [128, 160, 192, 224, 256, 320] as const;
export type Mp3Bitrate = (typeof mp3Bitrates)[number];

/** Sample rates ffmpeg's AAC encoder accepts (the MPEG-4 rates), for M4B and M4A. */
const aacSampleRates = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const;

/** Bit rates offered for AAC (M4B and M4A): 64 kbps is spoken word in mono, 256 kbps music in stereo. */
export const aacBitrates = [64, 80, 96, 112, 128, 160, 192, 256] as const;

/**
 * Spoken word's AAC-LC bit rate: 64 kbps for one voice in mono (what audiobook stores sell), 128 kbps in stereo,
 * where a music bed and effects need the second channel's bits too.
 */
export function defaultAacBitrate(channels: 1 | 2): number {
  return channels === 1 ? 64 : 128;
}

export const audioFormatSchema = z.discriminatedUnion('format', [
  z.object({
    format: z.literal('wav'),
    bitDepth: z.union([z.literal(16), z.literal(24)], { error: 'must be 16 or 24' }),
  }),
  z.object({
    format: z.literal('mp3'),
    bitrateKbps: z.union(
      mp3Bitrates.map((rate) => z.literal(rate)),
      { error: `must be one of ${mp3Bitrates.join(', ')} kbps` },
    ),
  }),
  /** AAC-LC: an M4B audiobook (one file, its chapters, the audiobook flag) or an M4A. */
  z.object({
    format: z.enum(['m4b', 'm4a']),
    bitrateKbps: z.union(
      aacBitrates.map((rate) => z.literal(rate)),
      { error: `must be one of ${aacBitrates.join(', ')} kbps for AAC (M4B, M4A)` },
    ),
  }),
]);
export type AudioFormat = z.infer<typeof audioFormatSchema>;

/** Whether a format is AAC in an MP4 file (M4B or M4A), encoded after the mix is rendered. */
export function isAacFormat(format: AudioFormat): format is Extract<AudioFormat, { format: 'm4b' | 'm4a' }> {
  return format.format === 'm4b' || format.format === 'm4a';
}

/**
 * Loudness normalisation: none, an integrated-loudness target with a true-peak ceiling (−16 LUFS for
 * podcasts, −23 LUFS for EBU R128 broadcast), or ACX's audiobook rule (RMS −20 dBFS, peaks ≤ −3 dBFS).
 */
export const loudnessTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({
    kind: z.literal('lufs'),
    integratedLufs: z.number().min(-40, 'must be ≥ -40 LUFS').max(-5, 'must be ≤ -5 LUFS'),
    truePeakDb: z.number().min(-12, 'must be ≥ -12 dBTP').max(0, 'must be ≤ 0 dBTP'),
  }),
  z.object({
    kind: z.literal('rms'),
    rmsDb: z.number().min(-40, 'must be ≥ -40 dBFS').max(-6, 'must be ≤ -6 dBFS'),
    peakDb: z.number().min(-12, 'must be ≥ -12 dBFS').max(0, 'must be ≤ 0 dBFS'),
  }),
]);
export type LoudnessTarget = z.infer<typeof loudnessTargetSchema>;

export const loudnessPresets = {
  none: { kind: 'none' },
  podcast: { kind: 'lufs', integratedLufs: -16, truePeakDb: -1 },
  broadcast: { kind: 'lufs', integratedLufs: -23, truePeakDb: -1 },
  acx: { kind: 'rms', rmsDb: -20, peakDb: -3 },
} as const satisfies Record<string, LoudnessTarget>;

const subtitleOutputSchema = z.object({
  srt: z.boolean(),
  vtt: z.boolean(),
  settings: subtitleSettingsSchema.optional(),
});
export type SubtitleOutput = z.infer<typeof subtitleOutputSchema>;

export const exportOptionsSchema = z.object({
  audio: audioFormatSchema,
  loudness: loudnessTargetSchema,
  subtitles: subtitleOutputSchema,
  /** A noise bed under the whole mix, so pauses, heads and tails are never digital zero (retailer profiles). */
  roomTone: roomToneSettingsSchema.optional(),
});
export type ExportOptions = z.infer<typeof exportOptionsSchema>;

/** Whether an output format can be written at a plan's sample rate (LAME and the AAC encoder take only the MPEG rates). */
export function formatSupportsRate(format: AudioFormat, sampleRate: number): boolean {
  if (format.format === 'wav') return true;
  const rates: readonly number[] = isAacFormat(format) ? aacSampleRates : mp3SampleRates;
  return rates.includes(sampleRate);
}
