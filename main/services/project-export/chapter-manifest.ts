import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeJsonAtomic } from '../storage/atomic-file.js';
import { readUserFile, UserFileError } from '../storage/user-file.js';

/**
 * The list a per-chapter export leaves in its folder: each chapter file's fingerprint (what decided its bytes) and
 * the size and modification time it was written with. The next export into that folder keeps a chapter whose
 * fingerprint is unchanged and whose files are still as written, and renders the others again.
 */
export const CHAPTER_MANIFEST_NAME = '.timbre-chapters.json';

const MAX_MANIFEST_BYTES = 8 * 1024 * 1024;

const fileNameSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(255, 'must be at most 255 characters')
  .refine(
    (name) => !/[/\\\0]/u.test(name) && name !== '.' && name !== '..',
    'must be a file name inside the folder',
  );

const writtenFileSchema = z
  .object({
    name: fileNameSchema,
    bytes: z.number().int('must be a whole number').min(0, 'must be ≥ 0'),
    mtimeMs: z.number().min(0, 'must be ≥ 0'),
  })
  .strict();
type WrittenFile = z.infer<typeof writtenFileSchema>;

const manifestChapterSchema = z
  .object({
    title: z.string().max(1000, 'must be at most 1000 characters'),
    fingerprint: z.string().regex(/^[0-9a-f]{64}$/u, 'must be a SHA-256 in hex'),
    durationMs: z.number().min(0, 'must be ≥ 0'),
    /** The audio file first, then its subtitles. */
    files: z.array(writtenFileSchema).min(1, 'must list the audio file').max(8, 'must list at most 8 files'),
  })
  .strict();
export type ManifestChapter = z.infer<typeof manifestChapterSchema>;

const chapterManifestSchema = z
  .object({
    kind: z.literal('timbre-chapter-files'),
    version: z.literal(1),
    chapters: z.array(manifestChapterSchema).max(10_000, 'must list at most 10000 chapters'),
  })
  .strict();
export type ChapterManifest = z.infer<typeof chapterManifestSchema>;

/** What the folder says of its earlier export: nothing, a usable list, or a list that cannot be trusted and why. */
export type EarlierChapters =
  { kind: 'none' } | { kind: 'listed'; manifest: ChapterManifest } | { kind: 'unreadable'; problem: string };

/** The folder's list of earlier chapter files, read with the shared reader and checked field by field. */
export async function readChapterManifest(folder: string): Promise<EarlierChapters> {
  const manifestPath = path.join(folder, CHAPTER_MANIFEST_NAME);
  let bytes: Buffer;
  try {
    bytes = await readUserFile(manifestPath, {
      maxBytes: MAX_MANIFEST_BYTES,
      what: 'the list of earlier chapter files',
    });
  } catch (error) {
    if (error instanceof UserFileError && error.reason === 'not-found') return { kind: 'none' };
    return { kind: 'unreadable', problem: error instanceof Error ? error.message : String(error) };
  }
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { kind: 'unreadable', problem: 'it is not valid JSON' };
  }
  const parsed = chapterManifestSchema.safeParse(json);
  if (parsed.success) return { kind: 'listed', manifest: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')} ` : '';
  return { kind: 'unreadable', problem: `${where}${issue?.message ?? 'is not a chapter list'}` };
}

/** The warning an export gives when it could not trust the folder's list, so it wrote every chapter again. */
export function unreadableManifestWarning(folder: string, problem: string): string {
  return `The list of earlier chapter files (${CHAPTER_MANIFEST_NAME} in “${path.basename(folder)}”) could not be used (${problem.replace(/\.$/u, '')}), so every chapter was written again.`;
}

/** The file as it stands now (a regular file's size and time), or undefined when it is gone or not a file. */
export async function stampOf(filePath: string, name: string = path.basename(filePath)) {
  const stats = await lstat(filePath).catch(() => undefined);
  return stats?.isFile() ? { name, bytes: stats.size, mtimeMs: stats.mtimeMs } : undefined;
}

/** Whether every file of a listed chapter is still in the folder exactly as that export wrote it. */
export async function stillAsWritten(folder: string, files: readonly WrittenFile[]): Promise<boolean> {
  for (const file of files) {
    const now = await stampOf(path.join(folder, file.name));
    if (now?.bytes !== file.bytes || now.mtimeMs !== file.mtimeMs) return false;
  }
  return true;
}

/** Written last, atomically, so a list never names a file that is not complete in the folder. */
export async function writeChapterManifest(folder: string, chapters: readonly ManifestChapter[]) {
  const manifest: ChapterManifest = { kind: 'timbre-chapter-files', version: 1, chapters: [...chapters] };
  await writeJsonAtomic(path.join(folder, CHAPTER_MANIFEST_NAME), manifest);
}
