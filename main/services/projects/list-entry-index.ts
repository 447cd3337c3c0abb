import { z } from 'zod';
import type { Logger } from '../logging/logger.js';
import { readFileIfExists, writeFileAtomic } from '../storage/atomic-file.js';

/**
 * The project list's entries kept on disk (`<dataDir>/project-list-index.json`), so a start lists a library whose
 * files did not change without reading them: 500 projects (55 MB) took ~9 s to read and count at every start.
 * Each entry names the file's stamp (inode, size, modification time) and a digest of the service lexicon its
 * figures were made with; list-entry-cache.ts uses one only while both still hold. The file is only a cache:
 * missing, unreadable, damaged or of another version, it is ignored and the next listing writes it again.
 */

/**
 * Bumped whenever the listed figures are computed differently (counts, estimates, layout), so entries made by
 * another version are read again instead of shown.
 */
export const LIST_INDEX_VERSION = 1;

const okEntrySchema = z.strictObject({
  ok: z.literal(true),
  fileName: z.string(),
  id: z.string(),
  title: z.string(),
  modifiedAt: z.string(),
  blockCount: z.number().int().nonnegative(),
  characterCount: z.number().int().nonnegative(),
  durationMs: z.number().nonnegative(),
  durationEstimated: z.boolean(),
  toGenerate: z.strictObject({ blocks: z.number().int().nonnegative(), credits: z.number().nonnegative() }),
});

const indexedEntrySchema = z.strictObject({
  stamp: z.string(),
  serviceUrl: z.string().optional(),
  rulesDigest: z.string(),
  entry: okEntrySchema,
});

const indexFileSchema = z.strictObject({
  version: z.literal(LIST_INDEX_VERSION),
  entries: z.record(z.string(), indexedEntrySchema),
});

export type IndexedEntry = z.infer<typeof indexedEntrySchema>;

export class ListEntryIndexFile {
  constructor(
    readonly filePath: string,
    private readonly logger?: Logger | undefined,
  ) {}

  /** The entries the file holds, or none when it is missing or cannot be trusted (then it is written anew). */
  async read(): Promise<Map<string, IndexedEntry>> {
    let text: string | undefined;
    try {
      text = await readFileIfExists(this.filePath);
    } catch (error) {
      this.logger?.warn(
        `The project list index ${this.filePath} could not be read; the projects are read instead`,
        error,
      );
      return new Map();
    }
    if (text === undefined) return new Map();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const checked = indexFileSchema.safeParse(parsed);
    if (!checked.success) {
      this.logger?.info(
        `The project list index ${this.filePath} was damaged or from another version; it is rebuilt`,
      );
      return new Map();
    }
    // An entry filed under another name than its own is not trusted either.
    return new Map(
      Object.entries(checked.data.entries).filter(([name, indexed]) => indexed.entry.fileName === name),
    );
  }

  /** Writes the entries whole (atomically); a failure is logged, never fatal: the next start reads the files. */
  async write(entries: ReadonlyMap<string, IndexedEntry>): Promise<void> {
    try {
      // Compact, as it is read at every start and not meant for people; not flushed to disk, as it is a cache
      // (a power cut may leave it empty or damaged, which read() takes as no index).
      const index = { version: LIST_INDEX_VERSION, entries: Object.fromEntries(entries) };
      await writeFileAtomic(this.filePath, JSON.stringify(index), { durable: false });
    } catch (error) {
      this.logger?.warn(`The project list index ${this.filePath} could not be written`, error);
    }
  }
}
