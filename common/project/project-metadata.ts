import { z } from 'zod';

/** The longest author a project keeps (an import shortens a longer one: common/import/book-metadata.ts). */
export const AUTHOR_MAX_LENGTH = 200;

/** A BCP 47-looking language tag: a primary language of 2-3 letters, then subtags ("en", "en-GB", "zh-Hant-TW"). */
export const LANGUAGE_TAG_PATTERN = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/u;

/**
 * What the work is, beyond its title (project format 5): its author, its language as the book gives it (BCP 47),
 * the copyright line its credits end with and the narrator they name when the user gave one (format 6),
 * and its cover, a JPEG or PNG kept once in the app's cover folder under its SHA-256 (a project file stays small:
 * every open and autosave sends it). An imported book fills it; an export's tags start from it.
 */
export const projectMetadataSchema = z.strictObject({
  author: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(AUTHOR_MAX_LENGTH, `must be at most ${AUTHOR_MAX_LENGTH} characters`)
    .optional(),
  language: z.string().regex(LANGUAGE_TAG_PATTERN, 'must be a language tag such as en or en-GB').optional(),
  /** The copyright line the closing credits end with ("Copyright 2026 Mara Quill"), as the user gives it. */
  copyright: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(AUTHOR_MAX_LENGTH, `must be at most ${AUTHOR_MAX_LENGTH} characters`)
    .optional(),
  /**
   * Who the credits say narrates the book, as the user typed it in the credits dialog (absent: the narrator's
   * voice name); an export's narrator tag starts from it.
   */
  narrator: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(AUTHOR_MAX_LENGTH, `must be at most ${AUTHOR_MAX_LENGTH} characters`)
    .optional(),
  cover: z
    .strictObject({
      mime: z.enum(['image/jpeg', 'image/png'], { error: 'must be image/jpeg or image/png' }),
      sha256: z.string().regex(/^[0-9a-f]{64}$/u, 'must be a SHA-256 in 64 lower-case hex digits'),
    })
    .optional(),
});
export type ProjectMetadata = z.infer<typeof projectMetadataSchema>;
export type ProjectCover = NonNullable<ProjectMetadata['cover']>;
