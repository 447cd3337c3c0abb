import { rename } from 'node:fs/promises';
import { z } from 'zod';
import { readFileIfExists, writeJsonAtomic } from '../storage/atomic-file.js';
import { isMediaId, mediaIdFor } from './media-id.js';

const FILE_VERSION = 1;
/** `<media id>.<extension>`: nothing in the index can name a file outside the cache folder. */
const CACHED_FILE_NAME = /^[A-Za-z0-9_-]{43}\.[a-z0-9]{1,5}$/;

const cachedFileSchema = z.object({
  name: z.string().regex(CACHED_FILE_NAME),
  contentType: z.string().min(1),
  size: z.number().int().nonnegative(),
  fetchedAt: z.string(),
});
export type CachedFileRecord = z.infer<typeof cachedFileSchema>;

const mediaRecordSchema = z.object({
  url: z.string(),
  registeredAt: z.string(),
  file: cachedFileSchema.optional(),
});
export type MediaRecord = z.infer<typeof mediaRecordSchema>;

const indexSchema = z.object({
  version: z.literal(FILE_VERSION),
  media: z.record(z.string(), z.unknown()),
});

export interface IndexLoad {
  records: Map<string, MediaRecord>;
  /** Entries dropped as invalid, and where a file that could not be read at all was moved. */
  dropped: number;
  movedTo?: string;
}

/**
 * Reads `index.json`. Each entry is checked on its own, and an entry whose id is not the hash of its URL, or
 * whose file name could point elsewhere, is dropped: the index decides which URLs the app may fetch and which
 * files it serves, so it is never taken on trust. An unreadable file is moved aside.
 */
export async function loadMediaIndex(filePath: string): Promise<IndexLoad> {
  const text = await readFileIfExists(filePath);
  if (text === undefined) return { records: new Map(), dropped: 0 };
  let parsed: z.infer<typeof indexSchema>;
  try {
    parsed = indexSchema.parse(JSON.parse(text));
  } catch {
    const movedTo = `${filePath}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(filePath, movedTo);
    return { records: new Map(), dropped: 0, movedTo };
  }
  const records = new Map<string, MediaRecord>();
  let dropped = 0;
  for (const [id, candidate] of Object.entries(parsed.media)) {
    const record = mediaRecordSchema.safeParse(candidate);
    if (!record.success || !isMediaId(id) || !idMatches(id, record.data.url)) {
      dropped += 1;
      continue;
    }
    if (record.data.file && !record.data.file.name.startsWith(`${id}.`)) {
      const { file: _file, ...withoutFile } = record.data;
      records.set(id, withoutFile);
      dropped += 1;
      continue;
    }
    records.set(id, record.data);
  }
  return { records, dropped };
}

export async function saveMediaIndex(
  filePath: string,
  records: ReadonlyMap<string, MediaRecord>,
): Promise<void> {
  await writeJsonAtomic(filePath, { version: FILE_VERSION, media: Object.fromEntries(records) });
}

function idMatches(id: string, url: string): boolean {
  try {
    return mediaIdFor(url) === id;
  } catch {
    return false;
  }
}
