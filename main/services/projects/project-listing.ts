import { promises as fs } from 'node:fs';
import pMap from 'p-map';
import { projectFileTextOf, readProjectFile } from '../../../common/project/index.js';
import { sendContext } from '../../../common/project/send-context.js';
import type { LexiconRule } from '../../../common/pronunciation/lexicon-schema.js';
import type { ServiceLexicons } from '../pronunciation/service-lexicons.js';
import { isNotFound } from '../storage/atomic-file.js';
import type { FileStamp } from '../storage/file-stamp.js';
import { readStampedIfExists } from '../storage/file-stamp.js';
import type { Logger } from '../logging/logger.js';
import { UserFileError } from '../storage/user-file.js';
import type { CheckedFileCache } from './checked-file-cache.js';
import { ListEntryCache } from './list-entry-cache.js';
import type { CountedFile } from './listed-figures.js';
import { listedFigures } from './listed-figures.js';
import type { ProjectCounter } from './list-workers.js';
import type { ListEntryIndexFile } from './list-entry-index.js';
import type { ProjectBackups } from './project-backups.js';
import { statIfExists } from './project-folder.js';
import type { ProjectFolder } from './project-folder.js';
import { isProjectFileName } from './project-file-names.js';
import type { ProjectListEntry, RecentProject } from './project-library.js';
import type { RecentProjects } from './recent-projects.js';

export interface ProjectListingOptions {
  folder: ProjectFolder;
  backups: Pick<ProjectBackups, 'readBackup'>;
  recentProjects: RecentProjects;
  /** Where the listed projects modified last are kept for the open that follows (KEPT_FOR_OPEN). */
  checkedFiles: CheckedFileCache;
  /** Service lexicons, so listed durations and pending counts match the editor's (none when absent). */
  lexicons?:
    | (Pick<ServiceLexicons, 'contextFor' | 'rulesFor'> & Partial<Pick<ServiceLexicons, 'rulesByService'>>)
    | undefined;
  /** Where the entries are kept between runs (list-entry-index.ts); only in memory when absent. */
  indexFile?: ListEntryIndexFile | undefined;
  /**
   * Starts the list workers a listing of many files counts them with (list-workers.ts), closed when it ends; main
   * counts every file itself when absent, or when they cannot start.
   */
  startCounter?:
    ((rulesByService: ReadonlyMap<string, readonly LexiconRule[]>) => ProjectCounter) | undefined;
  logger?: Logger | undefined;
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

/**
 * The largest file a listing reads ahead of counting it (with list workers): a larger one is read and counted on its
 * own afterwards, so the files held at once stay within a few times this (project files may reach 500 MB).
 */
const READ_AHEAD_FILE_BYTES = 16 * 1024 * 1024;

const NO_RULES: readonly LexiconRule[] = Object.freeze([]);

/** Whether counts made with `sent` hold under `now`: the same list (the lexicon keeps its identity), or none. */
function sameRules(sent: readonly LexiconRule[], now: readonly LexiconRule[]): boolean {
  return sent === now || (sent.length === 0 && now.length === 0);
}

/**
 * The fewest files to read that start list workers. Each takes ~100–150 ms to start, which only a listing that
 * reads a library not listed before (the first start, or the first after an update) wins back.
 */
const MIN_FILES_FOR_WORKERS = 24;

/** The names of the `count` files modified last (the stats in the names' order; a missing file has none). */
function modifiedLast(
  fileNames: readonly string[],
  stats: readonly (Awaited<ReturnType<typeof statIfExists>> | undefined)[],
  count: number,
): Set<string> {
  const dated = fileNames.flatMap((fileName, index) => {
    const modifiedMs = stats[index]?.mtimeMs;
    return modifiedMs === undefined ? [] : [{ fileName, modifiedMs }];
  });
  dated.sort((a, b) => b.modifiedMs - a.modifiedMs || a.fileName.localeCompare(b.fileName));
  return new Set(dated.slice(0, count).map((entry) => entry.fileName));
}

/**
 * The library's lists: every project file with its counts and duration (or its problem), newest first, and the
 * projects opened last. A file unchanged since it was listed, in this run or an earlier one (the index file), is
 * not read again (list-entry-cache.ts).
 */
export class ProjectListing {
  private readonly listEntries: ListEntryCache;
  private workerFailureLogged = false;

  constructor(private readonly options: ProjectListingOptions) {
    this.listEntries = new ListEntryCache(options.lexicons, options.indexFile);
  }

  async list(): Promise<ProjectListEntry[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.options.folder.projectsDir);
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
    await this.listEntries.load();
    const entries: ProjectListEntry[] = [];
    const fileNames = names.filter(isProjectFileName).sort();
    // The stats are asked for together (a start with 500 unchanged projects is 500 stats and no reads: one after
    // another they took ~30 ms on a quiet machine, ~6 ms together); a stat costs no memory to speak of.
    const folder = this.options.folder;
    const allStats = await pMap(fileNames, (fileName) => statIfExists(folder.pathOf(fileName)), {
      concurrency: STAT_CONCURRENCY,
    });
    const keptForOpen = modifiedLast(fileNames, allStats, KEPT_FOR_OPEN);
    const toRead = fileNames.filter((fileName, index) => {
      const stats = allStats[index];
      return stats !== undefined && this.listEntries.get(fileName, stats) === undefined;
    }).length;
    // The rules the workers count with, as they are now (a copy: a lexicon saved meanwhile changes the live map).
    const rulesSent = new Map(this.options.lexicons?.rulesByService?.() ?? []);
    const counter = toRead >= MIN_FILES_FOR_WORKERS ? this.startCounter(rulesSent) : undefined;
    this.workerFailureLogged = false;
    const listOne = (index: number, withCounter: ProjectCounter | undefined) => {
      const fileName = fileNames[index]!;
      const counting = withCounter === undefined ? undefined : { counter: withCounter, rulesSent };
      return this.listEntry(fileName, allStats[index], keptForOpen.has(fileName), counting);
    };
    const isLarge = (index: number) => (allStats[index]?.size ?? 0) > READ_AHEAD_FILE_BYTES;
    const indices = fileNames.map((_, index) => index);
    try {
      // Without list workers, reads stay one at a time: project files can be large, and a listing must not spike
      // memory. With them, as many files as they and main count at once are read ahead, the large ones after.
      const listed = [
        ...(await pMap(
          indices.filter((index) => !isLarge(index)),
          (index) => listOne(index, counter),
          { concurrency: counter?.parallel ?? 1 },
        )),
        ...(await pMap(indices.filter(isLarge), (index) => listOne(index, undefined), { concurrency: 1 })),
      ];
      for (const entry of listed) if (entry !== undefined) entries.push(entry);
    } finally {
      await counter?.close();
    }
    // Files deleted since (in the app or outside it) leave the index; the index is written when anything changed.
    this.listEntries.keepOnly(new Set(fileNames));
    await this.listEntries.save();
    return entries.sort(
      (a, b) => b.modifiedAt.localeCompare(a.modifiedAt) || a.fileName.localeCompare(b.fileName),
    );
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

  /** The list workers for a listing of many files, or none when they cannot start (main counts every file). */
  private startCounter(rulesSent: ReadonlyMap<string, readonly LexiconRule[]>): ProjectCounter | undefined {
    try {
      return this.options.startCounter?.(rulesSent);
    } catch (error) {
      this.options.logger?.warn(
        'The list workers could not start; the projects are counted on the main thread',
        error,
      );
      return undefined;
    }
  }

  private async listEntry(
    fileName: string,
    stats: Awaited<ReturnType<typeof statIfExists>>,
    keepForOpen: boolean,
    counting: { counter: ProjectCounter; rulesSent: ReadonlyMap<string, readonly LexiconRule[]> } | undefined,
  ): Promise<ProjectListEntry | undefined> {
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
    const counted =
      (keepForOpen || counting === undefined || !counting.counter.hasRoom()
        ? undefined
        : await this.countElsewhere(counting.counter, counting.rulesSent, bytes)) ??
      this.countHere(fileName, bytes, stamp, keepForOpen);
    if (!counted.ok) {
      const hasBackup =
        counted.problem !== 'newer-version' && (await backups.readBackup(fileName)) !== undefined;
      return {
        ok: false,
        fileName,
        modifiedAt,
        problem: counted.problem,
        message: counted.message,
        hasBackup,
      };
    }
    const entry: ProjectListEntry = { ok: true, fileName, modifiedAt, ...counted.figures };
    this.listEntries.set(fileName, stats, counted.serviceUrl, entry);
    return entry;
  }

  /**
   * A list worker's count, when it holds: made with the rules sent to it, so a project whose service's rules
   * changed since is counted here instead, as is a file its worker failed on.
   */
  private async countElsewhere(
    counter: ProjectCounter,
    rulesSent: ReadonlyMap<string, readonly LexiconRule[]>,
    bytes: Buffer,
  ): Promise<CountedFile | undefined> {
    let counted: CountedFile;
    try {
      counted = await counter.count(bytes);
    } catch (error) {
      // Once per listing: a worker that cannot start fails every file it is given.
      if (!this.workerFailureLogged) {
        this.workerFailureLogged = true;
        this.options.logger?.warn('A list worker failed; its projects are counted on the main thread', error);
      }
      return undefined;
    }
    if (!counted.ok || counted.serviceUrl === undefined) return counted;
    const now = this.options.lexicons?.rulesFor(counted.serviceUrl) ?? NO_RULES;
    return sameRules(rulesSent.get(counted.serviceUrl) ?? NO_RULES, now) ? counted : undefined;
  }

  private countHere(
    fileName: string,
    bytes: Buffer,
    stamp: FileStamp | undefined,
    keepForOpen: boolean,
  ): CountedFile {
    const result = readProjectFile(projectFileTextOf(bytes));
    if (!result.ok) return { ok: false, problem: result.problem, message: result.message };
    const { project } = result;
    // A file in an older format is read again by open, which keeps a copy of it before migrating.
    if (keepForOpen && result.migratedFrom === undefined) {
      this.options.checkedFiles.keep(fileName, bytes, project, stamp);
    }
    const context = this.options.lexicons?.contextFor(project) ?? sendContext(project, []);
    return { ok: true, figures: listedFigures(project, context), serviceUrl: project.serviceUrl };
  }
}
