import { promises as fs } from 'node:fs';
import type { Stats } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pMap from 'p-map';
import {
  layoutTimeline,
  projectFileTextOf,
  projectStats,
  readProjectFile,
} from '../../../common/project/index.js';
import { sendContext } from '../../../common/project/send-context.js';
import type { ServiceLexicons } from '../pronunciation/service-lexicons.js';
import { isNotFound } from '../storage/atomic-file.js';
import { readStampedIfExists } from '../storage/file-stamp.js';
import { UserFileError } from '../storage/user-file.js';
import type { CheckedFileCache } from './checked-file-cache.js';
import { ListEntryCache, stampOf } from './list-entry-cache.js';
import type { ListEntryIndexFile } from './list-entry-index.js';
import type { ProjectBackups } from './project-backups.js';
import { statIfExists } from './project-folder.js';
import type { ProjectFolder } from './project-folder.js';
import { isProjectFileName } from './project-file-names.js';
import { peekProjectTitle } from './project-title-peek.js';
import type {
  CountedProjectEntry,
  CountingProjectEntry,
  ListedProject,
  ProjectListEntry,
  RecentProject,
} from '../../../common/project/library-views.js';
import { modifiedLaterFirst } from '../../../common/project/library-views.js';
import type { RecentProjects } from './recent-projects.js';

export interface ProjectListingOptions {
  folder: ProjectFolder;
  backups: Pick<ProjectBackups, 'readBackup'>;
  recentProjects: RecentProjects;
  /** Where the listed projects modified last are kept for the open that follows (KEPT_FOR_OPEN). */
  checkedFiles: CheckedFileCache;
  /** Service lexicons, so listed durations and pending counts match the editor's (none when absent). */
  lexicons?: Pick<ServiceLexicons, 'contextFor' | 'rulesFor'> | undefined;
  /** Where the entries are kept between runs (list-entry-index.ts); only in memory when absent. */
  indexFile?: ListEntryIndexFile | undefined;
}

/** How many project files are stat-ed at once while listing (file handles, not memory, are what this bounds). */
const STAT_CONCURRENCY = 32;

/**
 * How many of the projects a listing reads it keeps for the open that follows: the most recently modified, at the
 * top of the list, where that open usually is. Keeping every project read up to the cache's 32 MB held ~150 MB of
 * parsed projects through the first listing of a 55 MB library, whose garbage collections then took ~12 % longer
 * to list it (1.75 s against 1.55 s, medians of 6).
 */
const KEPT_FOR_OPEN = 4;

/** Who hears, while a background count runs, that it counted more files (at most every `everyMs`). */
export interface CountNews {
  everyMs: number;
  tell(): void;
}

/** The files a prompt listing left to count (with their stamps then), and the run counting them. */
interface BackgroundCount {
  queue: Map<string, string>;
  done: Promise<void>;
}

/** The stats' indexes, the file modified last first (a missing file last; a tie in the names' order). */
function newestFirst(stats: readonly (Awaited<ReturnType<typeof statIfExists>> | undefined)[]): number[] {
  const modified = stats.map((stat) => stat?.mtimeMs ?? -1);
  return modified.map((_, index) => index).sort((a, b) => (modified[b] as number) - (modified[a] as number));
}

/** The entries newest first (a tie in the file names' order), as the list shows them. */
function byNewest<Entry extends ProjectListEntry>(entries: Entry[]): Entry[] {
  return entries.sort((a, b) => modifiedLaterFirst(a, b) || a.fileName.localeCompare(b.fileName));
}

/**
 * The library's lists: every project file with its counts and duration (or its problem), newest first, and the
 * projects opened last. A file unchanged since it was listed, in this run or an earlier one (the index file), is
 * not read again (list-entry-cache.ts).
 */
export class ProjectListing {
  private readonly listEntries: ListEntryCache;
  /**
   * Files a listing counts before it answers, whatever its budget: those a listing of this run read, and those the
   * user asked for (opened, renamed: countAtOnce), so the row they look at next shows its figures or its problem.
   */
  private readonly atOnce = new Set<string>();
  /** The count listPromptly started, while it runs. */
  private background: BackgroundCount | undefined;

  constructor(private readonly options: ProjectListingOptions) {
    this.listEntries = new ListEntryCache(options.lexicons, options.indexFile);
  }

  /** Every project file with its counts (waiting for a count running in the background, when one is). */
  async list(): Promise<ListedProject[]> {
    await this.background?.done;
    return byNewest((await this.listFolder(undefined)).listed);
  }

  /**
   * The list as soon as about `budgetMs` of reading and counting allows: files this run and the index never saw,
   * once the budget is spent, come as `counting` entries (their title read from the file's head) and are counted
   * in the background, newest first. `counted` settles when a count this call started has counted them all (a
   * later call whose files join a count already running gets none: the running one counts them too). A file
   * seen before (changed since, say by a save) is always counted at once, so a return to the list after editing
   * shows its figures. `news` is told every `everyMs` while the count this call started runs, when files were
   * counted since: the page lists again and its top rows fill in long before the last is counted.
   */
  async listPromptly(
    budgetMs: number,
    news?: CountNews,
  ): Promise<{ entries: ProjectListEntry[]; counted?: Promise<void> | undefined }> {
    const { listed, waiting } = await this.listFolder(performance.now() + budgetMs);
    const entries = byNewest<ProjectListEntry>([...listed, ...waiting.map(({ entry }) => entry)]);
    if (waiting.length === 0) return { entries };
    const running = this.background;
    if (running !== undefined) {
      // A file the count got to since this listing looked is counted already: it is not counted twice.
      for (const { entry, stamp } of waiting)
        if (!this.atOnce.has(entry.fileName)) running.queue.set(entry.fileName, stamp);
      return { entries };
    }
    const queue = new Map(waiting.map(({ entry, stamp }) => [entry.fileName, stamp]));
    const background: BackgroundCount = { queue, done: this.countQueued(queue, news) };
    this.background = background;
    return { entries, counted: background.done };
  }

  /**
   * Counts the queued files one at a time, in the order queued (newest first), files queued meanwhile included. A
   * file that fails to read is left to the next listing, which reads it at once and says why.
   */
  private async countQueued(queue: Map<string, string>, news?: CountNews): Promise<void> {
    let told = performance.now();
    try {
      do {
        for (const fileName of queue.keys()) {
          const stats = await statIfExists(this.options.folder.pathOf(fileName)).catch(() => undefined);
          await this.listEntry(fileName, stats, false).catch(() => undefined);
          this.atOnce.add(fileName);
          queue.delete(fileName);
          if (news !== undefined && queue.size > 0 && performance.now() - told >= news.everyMs) {
            told = performance.now();
            news.tell();
          }
        }
        await this.listEntries.save();
      } while (queue.size > 0);
    } finally {
      // With no await after the last look at the queue: a listing joins this count only while it still runs.
      this.background = undefined;
    }
  }

  private async listFolder(
    deadline: number | undefined,
  ): Promise<{ listed: ListedProject[]; waiting: { entry: CountingProjectEntry; stamp: string }[] }> {
    let names: string[];
    try {
      names = await fs.readdir(this.options.folder.projectsDir);
    } catch (error) {
      if (isNotFound(error)) return { listed: [], waiting: [] };
      throw error;
    }
    await this.listEntries.load();
    const listed: ListedProject[] = [];
    const waiting: { entry: CountingProjectEntry; stamp: string }[] = [];
    const fileNames = names.filter(isProjectFileName).sort();
    // The stats are asked for together (a start with 500 unchanged projects is 500 stats and no reads: one after
    // another they took ~30 ms on a quiet machine, ~6 ms together); a stat costs no memory to speak of.
    const folder = this.options.folder;
    const allStats = await pMap(fileNames, (fileName) => statIfExists(folder.pathOf(fileName)), {
      concurrency: STAT_CONCURRENCY,
    });
    const order = newestFirst(allStats);
    const keptForOpen = new Set(
      order
        .slice(0, KEPT_FOR_OPEN)
        .flatMap((index) => (allStats[index] === undefined ? [] : [fileNames[index]])),
    );
    // Reads stay one at a time, newest first (the top of the list is counted first when a budget runs out):
    // project files can be large, and a listing must not spike memory.
    const toPeek: { fileName: string; stats: Stats }[] = [];
    const count = async (fileName: string, stats: Stats | undefined): Promise<void> => {
      const entry = await this.listEntry(fileName, stats, keptForOpen.has(fileName));
      this.atOnce.add(fileName);
      if (entry !== undefined) listed.push(entry);
    };
    for (const index of order) {
      const fileName = fileNames[index] as string;
      const stats = allStats[index];
      // Only a regular file is peeked at: opening a named pipe would wait for a writer (readStampedIfExists says why).
      if (deadline !== undefined && stats?.isFile() === true && this.mayWait(fileName, stats, deadline)) {
        toPeek.push({ fileName, stats });
      } else {
        await count(fileName, stats);
      }
    }
    // The heads are read together, as the stats are (4 KB each: 500 took 40–70 ms one after another, 27–34 ms
    // 32 at once).
    const titles = await pMap(toPeek, ({ fileName }) => peekProjectTitle(folder.pathOf(fileName)), {
      concurrency: STAT_CONCURRENCY,
    });
    for (const [index, { fileName, stats }] of toPeek.entries()) {
      const title = titles[index];
      if (title === undefined) await count(fileName, stats);
      else {
        const entry = {
          ok: true,
          counting: true,
          fileName,
          title,
          modifiedAt: stats.mtime.toISOString(),
        } as const;
        waiting.push({ entry, stamp: stampOf(stats) });
      }
    }
    // Files deleted since (in the app or outside it) leave the index; the index is written when anything changed.
    this.listEntries.keepOnly(new Set(fileNames));
    await this.listEntries.save();
    return { listed, waiting };
  }

  /**
   * Whether a file may be listed before it is counted: one neither this run nor the index has seen, once the
   * budget is spent, or while a background count holds it as it was then (one saved since is counted now).
   */
  private mayWait(fileName: string, stats: Stats, deadline: number): boolean {
    if (this.atOnce.has(fileName) || this.listEntries.knows(fileName)) return false;
    const queued = this.background?.queue.get(fileName);
    if (queued !== undefined) return queued === stampOf(stats);
    return performance.now() >= deadline;
  }

  /**
   * Every title the list shows, counting what no count holds (as a listing with no budget would) but neither
   * waiting for a running count, whose files give the titles from their heads, nor starting one: a count started
   * here would have no page to tell when it ends.
   */
  async titles(): Promise<string[]> {
    const { listed, waiting } = await this.listFolder(Number.POSITIVE_INFINITY);
    return [
      ...listed.flatMap((entry) => (entry.ok ? [entry.title] : [])),
      ...waiting.map(({ entry }) => entry.title),
    ];
  }

  /** The next listing counts this file before it answers (the user opened or renamed it: its row comes next). */
  countAtOnce(fileName: string): void {
    this.atOnce.add(fileName);
  }

  /** The projects opened last that still exist, newest first. */
  async recent(): Promise<RecentProject[]> {
    const recent: RecentProject[] = [];
    for (const entry of await this.options.recentProjects.list()) {
      const stats = await statIfExists(this.options.folder.pathOf(entry.fileName));
      if (stats !== undefined) recent.push({ ...entry, modifiedAt: stats.mtime.toISOString() });
    }
    return recent;
  }

  private async listEntry(
    fileName: string,
    stats: Awaited<ReturnType<typeof statIfExists>>,
    keepForOpen: boolean,
  ): Promise<ListedProject | undefined> {
    const { folder, backups } = this.options;
    const filePath = folder.pathOf(fileName);
    if (stats === undefined) {
      this.listEntries.forget(fileName);
      return undefined;
    }
    const known = this.listEntries.get(fileName, stats);
    if (known !== undefined) return known;
    // Changed since it was listed: its old entry goes, whatever reading it now gives.
    this.listEntries.forget(fileName);
    const modifiedAt = stats.mtime.toISOString();
    let read: Awaited<ReturnType<typeof readStampedIfExists>>;
    try {
      read = await readStampedIfExists(filePath, folder.readBytes);
    } catch (error) {
      if (!(error instanceof UserFileError)) throw error;
      const hasBackup = (await backups.readBackup(fileName)) !== undefined;
      return { ok: false, fileName, modifiedAt, problem: 'invalid', message: error.message, hasBackup };
    }
    if (read === undefined) return undefined;
    const { bytes, stamp } = read;
    const result = readProjectFile(projectFileTextOf(bytes));
    if (!result.ok) {
      const hasBackup =
        result.problem !== 'newer-version' && (await backups.readBackup(fileName)) !== undefined;
      return { ok: false, fileName, modifiedAt, problem: result.problem, message: result.message, hasBackup };
    }
    const { project } = result;
    // A file in an older format is read again by open, which keeps a copy of it before migrating.
    if (keepForOpen && result.migratedFrom === undefined) {
      this.options.checkedFiles.keep(fileName, bytes, project, stamp);
    }
    const context = this.options.lexicons?.contextFor(project) ?? sendContext(project, []);
    const counts = projectStats(project, context);
    const layout = layoutTimeline(project, context);
    const entry: CountedProjectEntry = {
      ok: true,
      fileName,
      id: project.id,
      title: project.title,
      modifiedAt,
      blockCount: counts.blockCount,
      characterCount: counts.characterCount,
      durationMs: layout.totalMs,
      durationEstimated: layout.estimated,
      toGenerate: { blocks: counts.pendingBlockCount, credits: counts.estimatedPendingCredits },
    };
    this.listEntries.set(fileName, stats, project.serviceUrl, entry);
    return entry;
  }
}
