import { appendFile, mkdir, open, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** How big a log may grow: the current file up to `maxFileBytes`, then renamed, with `rotatedFiles` kept. */
export interface LogRotation {
  maxFileBytes: number;
  /** Older files kept beside the current one (main.1.log newest … main.N.log oldest); older ones are dropped. */
  rotatedFiles: number;
}

/** 5 MB per file, the current one and 3 older: at most 20 MB per log (main.log, cli.log). */
export const DEFAULT_LOG_ROTATION: LogRotation = { maxFileBytes: 5 * 1024 * 1024, rotatedFiles: 3 };

/**
 * One log file that rotates at a size cap. Appends must come one at a time (FileLogger chains them), so a
 * rotation never runs while a line is half written and no line is lost. The size is read from the disk on the
 * first append, so a restart goes on counting where the last run stopped. Files are created 0600: logs name
 * projects and services, which are the user's business; renames keep the mode.
 */
export class RotatingLogFile {
  /** Bytes in the current file, once read from the disk. */
  private size: number | undefined;

  constructor(
    readonly filePath: string,
    private readonly rotation: LogRotation = DEFAULT_LOG_ROTATION,
  ) {}

  async append(text: string): Promise<void> {
    const bytes = Buffer.byteLength(text);
    if (this.size === undefined) {
      await mkdir(path.dirname(this.filePath), { recursive: true });
      this.size = await stat(this.filePath).then(
        (stats) => stats.size,
        () => 0,
      );
    }
    if (this.size > 0 && this.size + bytes > this.rotation.maxFileBytes) {
      // A rotation that fails (a file held open on Windows, a folder in the way) must not cost the line: it is
      // written to the current file, past the cap, and the rotation is tried again at the next line.
      await this.rotate().catch(() => undefined);
    }
    try {
      await appendFile(this.filePath, text, { mode: 0o600 });
    } catch (error) {
      // The logs folder was deleted while the app ran (someone clearing the logs): it is made again and the line
      // starts a new file, rather than every line being lost until the next start.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(path.dirname(this.filePath), { recursive: true });
      await appendFile(this.filePath, text, { mode: 0o600 });
      this.size = 0;
    }
    this.size += bytes;
  }

  /** main.log becomes main.1.log, main.1.log main.2.log …; the oldest beyond `rotatedFiles` is replaced. */
  private async rotate(): Promise<void> {
    const { rotatedFiles, maxFileBytes } = this.rotation;
    if (rotatedFiles > 0) {
      for (let index = rotatedFiles - 1; index >= 1; index -= 1) {
        await rename(rotatedPath(this.filePath, index), rotatedPath(this.filePath, index + 1)).catch(
          ignoreMissing,
        );
      }
      const current = this.size ?? 0;
      if (current > 2 * maxFileBytes) {
        // A log from before rotation existed (it grew forever): only its newest part is kept, within the cap.
        const tail = await readLogTail(this.filePath, maxFileBytes);
        await writeFile(rotatedPath(this.filePath, 1), tail, { mode: 0o600 });
        await unlink(this.filePath).catch(ignoreMissing);
      } else {
        await rename(this.filePath, rotatedPath(this.filePath, 1)).catch(ignoreMissing);
      }
    } else {
      await unlink(this.filePath).catch(ignoreMissing);
    }
    this.size = 0;
  }
}

/** `logs/main.log` → `logs/main.2.log`. */
function rotatedPath(filePath: string, index: number): string {
  const { dir, name, ext } = path.parse(filePath);
  return path.join(dir, `${name}.${index}${ext}`);
}

/** Every log file in a folder (current and rotated, of every log), newest name first within each log. */
export async function listLogFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.log'))
    .map((entry) => entry.name)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((name) => path.join(folder, name));
}

/** The last `maxBytes` of a log (all of it when smaller): a log is never read whole into memory past its cap. */
export async function readLogTail(filePath: string, maxBytes: number): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, maxBytes);
    const buffer = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const { bytesRead } = await handle.read(buffer, read, length - read, size - length + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return buffer.subarray(0, read);
  } finally {
    await handle.close();
  }
}

function ignoreMissing(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}
