import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Default bound of the store: about 40 hours of 128 kbps MP3 parts. */
const DEFAULT_PART_STORE_BYTES = 2 * 1024 * 1024 * 1024;

const KEY_PATTERN = /^[0-9a-f]{64}$/u;

/** A part found in the store: its data file (encoded frames; none for a measurement) and what its sidecar says. */
export interface StoredPart {
  readonly dataPath: string;
  readonly meta: Record<string, unknown>;
}

/**
 * The parts of earlier exports (`<data>/part-cache/`, beside `pcm-cache/`), by part key (part-key.ts): one data
 * file `<key>.part` and a sidecar `<key>.json` holding its byte count and what the writer needs back (frame count,
 * a loudness measurement). Both are written under temporary names and renamed, the sidecar last, and a part is
 * used only when its sidecar is there and its data has the size the sidecar states: a crash mid-write leaves at
 * most a temporary file, never a part a later export takes. `evict` keeps the store under its bound, oldest use
 * first (a lookup touches the sidecar's time).
 */
export class PartStore {
  constructor(
    readonly folder: string,
    private readonly maxBytes = DEFAULT_PART_STORE_BYTES,
  ) {}

  async lookup(key: string): Promise<StoredPart | undefined> {
    if (!KEY_PATTERN.test(key)) throw new Error(`part store: "${key}" is not a part key`);
    const sidecar = path.join(this.folder, `${key}.json`);
    const dataPath = path.join(this.folder, `${key}.part`);
    try {
      const meta = JSON.parse(await readFile(sidecar, 'utf8')) as unknown;
      if (typeof meta !== 'object' || meta === null) return undefined;
      const record = meta as Record<string, unknown>;
      const size = (await stat(dataPath).catch(() => undefined))?.size ?? 0;
      if (record.bytes !== size) return undefined;
      const now = new Date();
      await utimes(sidecar, now, now).catch(() => undefined);
      return { dataPath, meta: record };
    } catch {
      return undefined;
    }
  }

  /** A temporary path to write a part's data into, then `commit` it under `key` (or `discard` it). */
  async reserve(key: string): Promise<{
    readonly temporaryPath: string;
    commit(meta: Record<string, unknown>): Promise<StoredPart>;
    discard(): Promise<void>;
  }> {
    if (!KEY_PATTERN.test(key)) throw new Error(`part store: "${key}" is not a part key`);
    await mkdir(this.folder, { recursive: true });
    const temporaryPath = path.join(this.folder, `${key}.${randomBytes(6).toString('hex')}.partial`);
    const dataPath = path.join(this.folder, `${key}.part`);
    return {
      temporaryPath,
      commit: async (meta) => {
        const bytes = (await stat(temporaryPath).catch(() => undefined))?.size ?? 0;
        if (bytes > 0) await rename(temporaryPath, dataPath);
        else await writeFile(dataPath, new Uint8Array(0));
        const sidecarTemporary = `${temporaryPath}.json`;
        const full = { ...meta, bytes };
        await writeFile(sidecarTemporary, JSON.stringify(full));
        await rename(sidecarTemporary, path.join(this.folder, `${key}.json`));
        return { dataPath, meta: full };
      },
      discard: () => rm(temporaryPath, { force: true }),
    };
  }

  /**
   * Deletes the least recently used parts until the store holds at most its bound, never one of `keep` (the parts
   * of the export just made). Leftover temporary files older than an hour go too.
   */
  async evict(keep: ReadonlySet<string>): Promise<number> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    const parts: { key: string; bytes: number; usedAt: number }[] = [];
    const hourAgo = Date.now() - 3_600_000;
    for (const name of names) {
      const full = path.join(this.folder, name);
      if (name.endsWith('.partial') || name.endsWith('.partial.json')) {
        const stats = await stat(full).catch(() => undefined);
        if (stats && stats.mtimeMs < hourAgo) await rm(full, { force: true });
        continue;
      }
      if (!name.endsWith('.json')) continue;
      const key = name.slice(0, -'.json'.length);
      const sidecar = await stat(full).catch(() => undefined);
      const data = await stat(path.join(this.folder, `${key}.part`)).catch(() => undefined);
      if (sidecar) parts.push({ key, bytes: (data?.size ?? 0) + sidecar.size, usedAt: sidecar.mtimeMs });
    }
    let total = parts.reduce((sum, part) => sum + part.bytes, 0);
    let removed = 0;
    for (const part of parts.sort((a, b) => a.usedAt - b.usedAt)) {
      if (total <= this.maxBytes) break;
      if (keep.has(part.key)) continue;
      // The sidecar first: a part without one is never used, whatever happens between the two.
      await rm(path.join(this.folder, `${part.key}.json`), { force: true });
      await rm(path.join(this.folder, `${part.key}.part`), { force: true });
      total -= part.bytes;
      removed += 1;
    }
    return removed;
  }
}
