import { z } from 'zod';
import { readFileIfExists, writeJsonAtomic } from '../storage/atomic-file.js';

const MAX_RECENT_PROJECTS = 10;

const recentFileSchema = z.object({
  schemaVersion: z.literal(1),
  entries: z.array(z.object({ fileName: z.string(), title: z.string(), openedAt: z.string() })),
});

export type RecentProjectEntry = z.infer<typeof recentFileSchema>['entries'][number];

/**
 * The most recently opened projects (newest first, at most 10), kept in one small JSON file. A damaged file
 * just means an empty list: it is a convenience, not user data. Writes are atomic and serialised.
 */
export class RecentProjects {
  private entries: RecentProjectEntry[] | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly filePath: string) {}

  async list(): Promise<RecentProjectEntry[]> {
    return [...(await this.load())];
  }

  /** Puts a project at the top (opening it, creating it). */
  touch(fileName: string, title: string, openedAt: string): Promise<void> {
    return this.change((entries) => [
      { fileName, title, openedAt },
      ...entries.filter((entry) => entry.fileName !== fileName),
    ]);
  }

  /** Updates a listed project's title without moving it. */
  retitle(fileName: string, title: string): Promise<void> {
    return this.change((entries) =>
      entries.map((entry) => (entry.fileName === fileName ? { ...entry, title } : entry)),
    );
  }

  remove(fileName: string): Promise<void> {
    return this.change((entries) => entries.filter((entry) => entry.fileName !== fileName));
  }

  private async load(): Promise<RecentProjectEntry[]> {
    if (this.entries !== undefined) return this.entries;
    const text = await readFileIfExists(this.filePath);
    let parsed: unknown;
    try {
      parsed = text === undefined ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const checked = recentFileSchema.safeParse(parsed);
    this.entries = checked.success ? checked.data.entries.slice(0, MAX_RECENT_PROJECTS) : [];
    return this.entries;
  }

  private change(update: (entries: RecentProjectEntry[]) => RecentProjectEntry[]): Promise<void> {
    const run = this.writing.then(async () => {
      const next = update(await this.load()).slice(0, MAX_RECENT_PROJECTS);
      this.entries = next;
      // Not flushed to disk: opening a project waited on it, and a lost list only means an empty one. For the
      // same reason a failed write (a full disk) is let go: the list stays right in memory and is written with
      // the next change, and opening, creating or renaming a project never fails over it.
      await writeJsonAtomic(this.filePath, { schemaVersion: 1, entries: next }, { durable: false }).catch(
        () => undefined,
      );
    });
    this.writing = run.catch(() => undefined);
    return run;
  }
}
