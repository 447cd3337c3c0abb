import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';

/** Room the cache may take: a 10-hour stereo book at 128 kbps (~1.2 GB) and then some. */
const DEFAULT_MAX_BYTES = 2 * 1024 ** 3;
/** A part used this recently is never evicted: another process (the CLI, the app) may be about to read it. */
const IN_USE_MS = 60 * 60 * 1000;
const PART_SUFFIX = '.aacpart';
const TEMPORARY_MARK = '.partial-';

/**
 * `<data>/aac-parts`, beside the decoded-audio cache (`<data>/pcm-cache`, which every export request names): the
 * app's and the CLI's exports share it, as they share that one.
 */
export function aacPartCacheDir(pcmCacheDir: string): string {
  return path.join(path.dirname(pcmCacheDir), 'aac-parts');
}

/** A part being written: `commit` gives it its name once complete; `discard` removes it. */
export interface PartWrite {
  readonly temporaryPath: string;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * The M4B/M4A export's encoded parts (aac-part-encode.ts), one file per part named by its key, in the staged-packet
 * layout of ../video-export/aac-lanes.ts. Crash-safe and shareable between processes: a part is written under a
 * unique temporary name, flushed to disk and renamed to its key only once complete, so a file with a key's name is
 * always a whole part. Bounded: after each export the least recently used parts go until the folder is under its
 * size (2 GiB), sparing any used in the last hour and the export's own; leftover temporary files go too.
 */
export class AacPartCache {
  constructor(
    readonly dir: string,
    private readonly maxBytes = DEFAULT_MAX_BYTES,
  ) {}

  pathOf(key: string): string {
    return path.join(this.dir, `${key}${PART_SUFFIX}`);
  }

  /** Whether the part is cached; a hit is marked used (its modification time), which eviction goes by. */
  async has(key: string): Promise<boolean> {
    const now = new Date();
    try {
      await utimes(this.pathOf(key), now, now);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async write(key: string): Promise<PartWrite> {
    await mkdir(this.dir, { recursive: true });
    const temporaryPath = path.join(this.dir, `${key}${TEMPORARY_MARK}${randomBytes(6).toString('hex')}`);
    return {
      temporaryPath,
      commit: async () => {
        const handle = await open(temporaryPath, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporaryPath, this.pathOf(key));
      },
      discard: () => rm(temporaryPath, { force: true }),
    };
  }

  /** Removes the least recently used parts past the size bound, and temporary files a crash left. */
  async evict(keep: ReadonlySet<string>): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    const now = Date.now();
    const parts: { name: string; bytes: number; used: number }[] = [];
    for (const name of names) {
      const info = await stat(path.join(this.dir, name)).catch(() => null);
      if (!info) continue;
      if (name.includes(TEMPORARY_MARK)) {
        if (now - info.mtimeMs > IN_USE_MS) await rm(path.join(this.dir, name), { force: true });
      } else if (name.endsWith(PART_SUFFIX)) {
        parts.push({ name, bytes: info.size, used: info.mtimeMs });
      }
    }
    let total = parts.reduce((sum, part) => sum + part.bytes, 0);
    for (const part of parts.sort((a, b) => a.used - b.used)) {
      if (total <= this.maxBytes) break;
      const key = part.name.slice(0, -PART_SUFFIX.length);
      if (keep.has(key) || now - part.used < IN_USE_MS) continue;
      await rm(path.join(this.dir, part.name), { force: true });
      total -= part.bytes;
    }
  }
}
