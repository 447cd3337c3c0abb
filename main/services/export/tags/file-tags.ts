import { z } from 'zod';
import { audioMetadataSchema } from '../../../../common/export/audio-metadata.js';

const chapterSpanSchema = z
  .object({
    title: z.string().min(1, 'must not be empty').max(500, 'must be at most 500 characters'),
    startMs: z.number().min(0, 'must be ≥ 0'),
    endMs: z.number().min(0, 'must be ≥ 0'),
  })
  .refine((span) => span.endMs > span.startMs, { message: 'endMs must be > startMs', path: ['endMs'] });

/** ID3's table of contents counts its entries in one byte. */
const MAX_MARKED_CHAPTERS = 255;

/** What an exported file is tagged with: metadata, chapter markers, a cover, a chapters JSON beside it. */
export const fileTagsSchema = z.object({
  metadata: audioMetadataSchema,
  /** The chapters, for the markers and the JSON. */
  chapters: z
    .array(chapterSpanSchema)
    .max(
      MAX_MARKED_CHAPTERS,
      `must list at most ${MAX_MARKED_CHAPTERS} chapters (the ID3 table of contents limit)`,
    ),
  /** Chapters as ID3v2 CHAP/CTOC frames (MP3) or cue points with labels (WAV). */
  markers: z.boolean(),
  /** A Podcasting 2.0 chapters file (`<name>.chapters.json`) next to the audio. */
  chaptersJson: z.boolean(),
  /** A JPEG or PNG embedded as the MP3's front cover. */
  coverPath: z.string().min(1, 'must not be empty').optional(),
  /** The language spoken, as a BCP 47 tag (an imported book's): ID3 TLAN in MP3, ILNG in WAV. */
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/u, 'must be a language tag such as en or en-GB')
    .optional(),
});
export type FileTags = z.infer<typeof fileTagsSchema>;
