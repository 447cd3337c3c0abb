import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { IpcError } from '../../../common/ipc/errors.js';
import type { Project } from '../../../common/project/index.js';
import { projectFileTextOf, readProjectFile } from '../../../common/project/index.js';
import { patchedProject, type ProjectPatch } from '../../../common/project/project-patch.js';
import type { Logger } from '../logging/logger.js';
import type { FileStamp } from '../storage/file-stamp.js';
import { fileStampIfExists, readStampedIfExists, stampOfWritten } from '../storage/file-stamp.js';
import { keepAsBackup } from '../storage/linked-backup.js';
import { asUserFileError, UserFileError } from '../storage/user-file.js';
import type { CheckedFileCache } from './checked-file-cache.js';
import { checkedProjectOrThrow } from './checked-input.js';
import type { KnownVersion, KnownVersions } from './known-versions.js';
import { ProjectAutosaver } from './project-autosaver.js';
import type { ProjectAutosaverOptions } from './project-autosaver.js';
import type { ProjectBackups } from './project-backups.js';
import { checkProjectFileSize, projectFileBytes } from './project-file-bytes.js';
import type { ProjectFileTarget } from './project-file-bytes.js';
import { BACKUP_SUFFIX, assertProjectFileName, projectFileNameFor } from './project-file-names.js';
import { fileExists, statIfExists, writeProjectFileAtomic } from './project-folder.js';
import type { ProjectFolder } from './project-folder.js';
import type { OpenProblem, OpenResult, OpenedProject } from './project-library.js';
import type { RecentProjects } from './recent-projects.js';

/** Temp files of interrupted atomic writes older than this are debris of a crash, not a write in progress. */
const ORPHAN_TEMP_AGE_MS = 60_000;

export interface ProjectFilesOptions {
  folder: ProjectFolder;
  known: KnownVersions;
  backups: Pick<ProjectBackups, 'readBackup' | 'keepPreMigrationCopy'>;
  recentProjects: RecentProjects;
  /** What listing just read and checked, for the open that follows. */
  checkedFiles: CheckedFileCache;
  logger?: Logger | undefined;
  now: () => Date;
}

/**
 * Opening and saving project files: whole, as a patch of a known version, or as a new file. A file is written
 * over only while it still holds what was last read or written (known-versions.ts); every save keeps the
 * previous version as the `.bak` first, then writes atomically.
 */
export class ProjectFiles {
  constructor(private readonly options: ProjectFilesOptions) {}

  async open(fileName: string): Promise<OpenResult> {
    const result = await this.read(fileName);
    if (result.ok) await this.options.recentProjects.touch(fileName, result.project.title, this.isoNow());
    return result;
  }

  /**
   * Reads a project file as open() does (so it may be saved over afterwards) without counting as opening it:
   * renaming or duplicating a project from the list does not move it up the recent projects.
   */
  read(fileName: string): Promise<OpenResult> {
    assertProjectFileName(fileName);
    const { folder, known: versions, checkedFiles } = this.options;
    return folder.queued(fileName, async () => {
      const filePath = folder.pathOf(fileName);
      await this.removeOrphanTempFiles(fileName);
      const known = versions.versionOf(fileName);
      const stampNow = await fileStampIfExists(filePath);
      const unchanged = versions.stampUnchanged(fileName, stampNow);
      const knownBytes = versions.bytesOf(fileName);
      if (known !== undefined && knownBytes !== undefined && unchanged) {
        return this.reopened(fileName, knownBytes, known, stampNow);
      }
      const listedUnread = stampNow === undefined ? undefined : checkedFiles.takeStamped(fileName, stampNow);
      if (listedUnread !== undefined) {
        const { bytes, project } = listedUnread;
        const revision = versions.remember(fileName, bytes, project, undefined, stampNow);
        return { ok: true, fileName, project, revision };
      }
      let read: Awaited<ReturnType<typeof readStampedIfExists>>;
      try {
        read = await readStampedIfExists(filePath, folder.readBytes);
      } catch (error) {
        if (!(error instanceof UserFileError)) throw error;
        // Not a file that can be read as a project (a named pipe, a folder, too large): said as such, not "damaged".
        versions.forget(fileName);
        return this.failedOpen(fileName, 'invalid', error.message);
      }
      if (read === undefined) {
        versions.forget(fileName);
        return this.failedOpen(fileName, 'missing', `The project file ${fileName} no longer exists.`);
      }
      const { bytes, stamp } = read;
      if (known !== undefined && knownBytes?.equals(bytes) === true) {
        return this.reopened(fileName, bytes, known, stamp);
      }
      const listed = checkedFiles.take(fileName, bytes);
      if (listed !== undefined) {
        const revision = versions.remember(fileName, bytes, listed, undefined, stamp);
        return { ok: true, fileName, project: listed, revision };
      }
      const result = readProjectFile(projectFileTextOf(bytes), { now: () => this.isoNow() });
      if (!result.ok) {
        // Whatever was known about this file no longer holds: nothing may write over it now.
        versions.forget(fileName);
        this.options.logger?.warn(`Project ${fileName} did not open: ${result.message}`);
        return this.failedOpen(fileName, result.problem, result.message, result.fieldPath);
      }
      const revision = versions.remember(fileName, bytes, result.project, result.migratedFrom, stamp);
      if (result.migratedFrom !== undefined)
        await this.options.backups.keepPreMigrationCopy(fileName, bytes, result.migratedFrom);
      return {
        ok: true,
        fileName,
        project: result.project,
        revision,
        ...(result.migratedFrom === undefined ? {} : { migratedFrom: result.migratedFrom }),
      };
    });
  }

  /** The file's project as read(), or the reason it does not open as an IPC error (NOT_FOUND or CONFLICT). */
  async requireOpened(fileName: string): Promise<OpenedProject> {
    const result = await this.read(fileName);
    if (!result.ok) {
      throw new IpcError({
        code: result.problem === 'missing' ? 'NOT_FOUND' : 'CONFLICT',
        field: result.fieldPath === undefined ? 'fileName' : result.fieldPath,
        message: result.message,
      });
    }
    return { fileName, project: result.project };
  }

  /** Writes the project over its file; answers the new version's revision. */
  save(fileName: string, project: Project): Promise<number> {
    assertProjectFileName(fileName);
    return this.options.folder.queued(fileName, () => this.saveNow(fileName, checkedProjectOrThrow(project)));
  }

  /**
   * Saves the project `patch` makes of the version `baseRevision` (project-patch.ts); fails with STALE when the
   * file's newest version is another one (the caller then saves the whole project).
   */
  savePatch(fileName: string, baseRevision: number, patch: ProjectPatch): Promise<number> {
    assertProjectFileName(fileName);
    return this.options.folder.queued(fileName, async () => {
      const base = this.options.known.versionOf(fileName);
      if (base?.revision !== baseRevision) {
        throw new IpcError({
          code: 'STALE',
          field: 'baseRevision',
          message: `${fileName} has a newer version than the one these changes were made to; send the whole project.`,
        });
      }
      const patched = patchedProject(base.project, patch);
      if (!patched.ok) {
        const code = patched.problem === 'stale' ? 'STALE' : 'INVALID_INPUT';
        throw new IpcError({ code, field: 'patch', message: patched.message });
      }
      return this.saveNow(fileName, patched.project);
    });
  }

  createAutosaver(fileName: string, options: Omit<ProjectAutosaverOptions, 'save'> = {}): ProjectAutosaver {
    assertProjectFileName(fileName);
    return new ProjectAutosaver({
      ...options,
      save: async (project) => {
        await this.save(fileName, project);
      },
    });
  }

  /** A project (checked here) in a new file named after its title, remembered as what that file holds. */
  async writeNewFile(unchecked: Project): Promise<OpenedProject> {
    const project = checkedProjectOrThrow(unchecked);
    const bytes = projectFileBytes(project, this.newFileTarget(project.title), this.options.folder.fileLimit);
    const { fileName, revision } = await this.writeNewFileBytes(bytes, project.title, project);
    return { fileName, project, ...(revision === undefined ? {} : { revision }) };
  }

  /**
   * A new file holding a checked project's bytes. `project`, when given, is remembered as what the file holds (the
   * base later saves compare with); without it the file is read and checked again when it is opened.
   */
  async writeNewFileBytes(
    bytes: Buffer,
    title: string,
    project: Project | undefined,
  ): Promise<{ fileName: string; revision?: number }> {
    const { folder } = this.options;
    checkProjectFileSize(bytes.length, this.newFileTarget(title), folder.fileLimit);
    await fs.mkdir(folder.projectsDir, { recursive: true });
    let fileName = projectFileNameFor(title, randomBytes(3).toString('hex'));
    while (await fileExists(folder.pathOf(fileName))) {
      fileName = projectFileNameFor(title, randomBytes(4).toString('hex'));
    }
    const filePath = folder.pathOf(fileName);
    const revision = await folder.queued(fileName, async () => {
      await writeProjectFileAtomic(filePath, bytes);
      if (project === undefined) return undefined;
      const stamp = await stampOfWritten(filePath, bytes);
      return this.options.known.remember(fileName, bytes, project, undefined, stamp);
    });
    await this.options.recentProjects.touch(fileName, title, this.isoNow());
    return revision === undefined ? { fileName } : { fileName, revision };
  }

  /**
   * Exactly the text this service last read or wrote: that version's project stands, checked when it was read or
   * saved (parsing and checking a 10,000-block audiobook again took ~110 ms of every reopening).
   */
  private reopened(
    fileName: string,
    bytes: Buffer,
    known: Pick<KnownVersion, 'project' | 'migratedFrom'>,
    stamp: FileStamp | undefined,
  ): OpenResult {
    return {
      ok: true,
      fileName,
      project: known.project,
      revision: this.options.known.remember(fileName, bytes, known.project, known.migratedFrom, stamp),
      ...(known.migratedFrom === undefined ? {} : { migratedFrom: known.migratedFrom }),
    };
  }

  /** Writes `checked` (a project the schema passed: checkedProject, or patchedProject's) over the file. */
  private async saveNow(fileName: string, checked: Project): Promise<number> {
    const { folder, known } = this.options;
    const filePath = folder.pathOf(fileName);
    const expected = known.bytesOf(fileName);
    if (expected === undefined) {
      throw new IpcError({
        code: 'CONFLICT',
        field: 'fileName',
        message: `${fileName} has not been opened successfully, so it is not saved over (it may be damaged or from a newer version).`,
      });
    }
    // The file still holding what this service knows is told by its stamp, or else by reading it.
    const stampNow = await fileStampIfExists(filePath);
    const unchanged = known.stampUnchanged(fileName, stampNow);
    if (!unchanged) {
      const onDisk = await folder.readBytes(filePath);
      if (onDisk?.equals(expected) !== true) throw this.changedOnDisk(fileName, onDisk);
    }
    // Refused before the backup or the file is touched: the file keeps its last version, the editor its changes.
    const bytes = projectFileBytes(checked, { filePath, name: `“${fileName}”` }, folder.fileLimit);
    if (bytes.equals(expected)) {
      return known.remember(fileName, bytes, checked, undefined, unchanged ? stampNow : undefined);
    }
    // Backup first: at every moment one of the two files holds the previous version whole.
    try {
      await keepAsBackup(filePath, `${filePath}${BACKUP_SUFFIX}`, { bytes: expected, stamp: stampNow });
    } catch (error) {
      throw asUserFileError(error, `${filePath}${BACKUP_SUFFIX}`, 'write');
    }
    await writeProjectFileAtomic(filePath, bytes);
    return known.remember(fileName, bytes, checked, undefined, await stampOfWritten(filePath, bytes));
  }

  private changedOnDisk(fileName: string, onDisk: Buffer | undefined): IpcError {
    this.options.known.forget(fileName);
    if (onDisk === undefined) {
      return new IpcError({
        code: 'NOT_FOUND',
        field: 'fileName',
        message: `${fileName} was deleted or moved; it is not recreated by saving.`,
      });
    }
    const current = readProjectFile(projectFileTextOf(onDisk));
    const why = current.ok
      ? 'was changed by another program or window since it was opened'
      : current.problem === 'newer-version'
        ? 'was replaced by a newer version of Timbre Studio'
        : 'is damaged on disk';
    return new IpcError({
      code: 'CONFLICT',
      field: 'fileName',
      message: `${fileName} ${why}, so it is not saved over. Your changes are still open: save them as a new project.`,
    });
  }

  private async failedOpen(
    fileName: string,
    problem: OpenProblem,
    message: string,
    fieldPath?: string,
  ): Promise<OpenResult> {
    const recovery =
      problem === 'newer-version' ? undefined : await this.options.backups.readBackup(fileName);
    const advice = recovery === undefined ? '' : ' A backup of the previous version is available.';
    return {
      ok: false,
      fileName,
      problem,
      message: `${message}${advice}`,
      ...(fieldPath === undefined || fieldPath === '' ? {} : { fieldPath }),
      ...(recovery === undefined ? {} : { recovery }),
    };
  }

  /** A new project's file, as a refusal to write it names it (its file name is not chosen yet). */
  private newFileTarget(title: string): ProjectFileTarget {
    return { filePath: path.join(this.options.folder.projectsDir, title), name: `The project “${title}”` };
  }

  /** Temp files left by a write that a crash interrupted (writeFileAtomic names them `.<name>.<hex>.tmp`). */
  private async removeOrphanTempFiles(fileName: string): Promise<void> {
    const { folder } = this.options;
    const names = await folder.namesOrNone();
    const prefix = `.${fileName}`;
    const cutoff = this.options.now().getTime() - ORPHAN_TEMP_AGE_MS;
    for (const name of names) {
      if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
      const tempPath = path.join(folder.projectsDir, name);
      const stats = await statIfExists(tempPath);
      if (stats !== undefined && stats.mtime.getTime() < cutoff) await fs.rm(tempPath, { force: true });
    }
  }

  private isoNow(): string {
    return this.options.now().toISOString();
  }
}
