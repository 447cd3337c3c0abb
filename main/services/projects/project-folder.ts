import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isNotFound, writeFileAtomic } from '../storage/atomic-file.js';
import { asUserFileError } from '../storage/user-file.js';
import type { UserFileLimit } from '../storage/user-file.js';
import { readProjectBytesIfExists } from './project-file-bytes.js';

/**
 * The projects folder as the parts of ProjectService touch it: where a file lives, the one-at-a-time queue of each
 * file (a save, a rename and a delete of one file never interleave), and reading within the size limit.
 */
export class ProjectFolder {
  /** Per-file queue so saves, renames and deletes of one file never interleave. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    readonly projectsDir: string,
    /** The limit files are read with and saved within (projectFileLimit). */
    readonly fileLimit: UserFileLimit,
  ) {}

  pathOf(fileName: string): string {
    return path.join(this.projectsDir, fileName);
  }

  /** A project file's bytes, or undefined when it does not exist; read within the limit saves keep to. */
  readonly readBytes = (filePath: string): Promise<Buffer | undefined> =>
    readProjectBytesIfExists(filePath, this.fileLimit);

  /** The folder's file names; none when it cannot be read (a housekeeping pass then has nothing to do). */
  async namesOrNone(): Promise<string[]> {
    return fs.readdir(this.projectsDir).catch(() => [] as string[]);
  }

  queued<T>(fileName: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(fileName) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.catch(() => undefined);
    this.queues.set(fileName, settled);
    void settled.then(() => {
      if (this.queues.get(fileName) === settled) this.queues.delete(fileName);
    });
    return run;
  }
}

/** A project file written atomically; a full disk or a read-only folder is said in a sentence naming the file. */
export async function writeProjectFileAtomic(filePath: string, bytes: Uint8Array): Promise<void> {
  try {
    await writeFileAtomic(filePath, bytes);
  } catch (error) {
    throw asUserFileError(error, filePath, 'write');
  }
}

export async function statIfExists(filePath: string) {
  try {
    return await fs.stat(filePath);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

export async function fileExists(filePath: string): Promise<boolean> {
  return (await statIfExists(filePath)) !== undefined;
}
