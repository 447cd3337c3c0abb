import { promises as fs } from 'node:fs';
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
import { ListEntryCache } from './list-entry-cache.js';
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
    // Reads stay one at a time: project files can be large, and a listing must not spike memory.
    for (const [index, fileName] of fileNames.entries()) {
      const entry = await this.listEntry(fileName, allStats[index], keptForOpen.has(fileName));
      if (entry !== undefined) entries.push(entry);
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

  private async listEntry(
    fileName: string,
    stats: Awaited<ReturnType<typeof statIfExists>>,
    keepForOpen: boolean,
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
    const entry: ProjectListEntry = {
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
