import { z } from 'zod';

const tagText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty (leave it out instead)')
    .max(max, `must be at most ${max} characters`);

/** Tags written into exported files (ID3 in MP3, LIST INFO in WAV, the chapters JSON's title and author). */
export const audioMetadataSchema = z
  .object({
    title: tagText(200).optional(),
    author: tagText(200).optional(),
    album: tagText(200).optional(),
    year: z
      .string()
      .regex(/^\d{4}$/u, 'must be a four-digit year, e.g. 2026')
      .optional(),
    /** "3" or "3/12". */
    track: z
      .string()
      .regex(/^[1-9]\d{0,3}(\/[1-9]\d{0,3})?$/u, 'must be a track number, e.g. 3 or 3/12')
      .optional(),
    comment: tagText(1000).optional(),
    /** Who reads the book: the composer tag (ID3 TCOM, MP4 ©wrt), where audiobook players look for it. */
    narrator: tagText(200).optional(),
    genre: tagText(100).optional(),
    /** The series the book belongs to and its place in it ("3", "3.5"). */
    series: tagText(200).optional(),
    part: z
      .string()
      .regex(/^\d{1,4}(\.\d{1,2})?$/u, 'must be a number in the series, e.g. 3 or 3.5')
      .optional(),
  })
  .strict();
export type AudioMetadata = z.infer<typeof audioMetadataSchema>;

/** How chapters are written: markers inside one file, a Podcasting 2.0 JSON next to it, file names when split. */
export const chapterOutputSchema = z
  .object({
    /** ID3v2 CHAP/CTOC frames in MP3, cue points with labels in WAV. */
    markers: z.boolean(),
    /** `<name>.chapters.json` (Podcasting 2.0 JSON chapters) next to the audio. */
    json: z.boolean(),
    /** Names of per-chapter files: {n}, {title}, {project}. */
    nameTemplate: z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  })
  .strict();
export type ChapterOutput = z.infer<typeof chapterOutputSchema>;
