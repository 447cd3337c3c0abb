import { promises as fs } from 'node:fs';
import path from 'node:path';
import { IpcError } from '../../../common/ipc/errors.js';
import type { Project } from '../../../common/project/index.js';
import { projectFileTextOf, readProjectFile } from '../../../common/project/index.js';
import type { Logger } from '../logging/logger.js';
import { stampOfWritten } from '../storage/file-stamp.js';
import { UserFileError } from '../storage/user-file.js';
import type { KnownVersions } from './known-versions.js';
import { fileExists, statIfExists, writeProjectFileAtomic } from './project-folder.js';
import type { ProjectFolder } from './project-folder.js';
import { BACKUP_SUFFIX, assertProjectFileName, preMigrationCopyPath } from './project-file-names.js';
import type { OpenedProject } from './project-library.js';
import type { RecentProjects } from './recent-projects.js';
import { moveToFallbackTrash } from './trash-fallback.js';

/** The previous version a damaged file's open offers (OpenResult's `recovery`). */
interface BackupRecovery {
  source: 'backup';
  project: Project;
  savedAt: string;
}

export interface ProjectBackupsOptions {
  folder: ProjectFolder;
  known: KnownVersions;
  recentProjects: RecentProjects;
  /** Where files go when there is no platform trash or it fails (`<dataDir>/trash/`). */
  fallbackTrashDir: string;
  /** The platform's move-to-trash; the fallback folder when absent. */
  trashItem?: ((filePath: string) => Promise<void>) | undefined;
  logger?: Logger | undefined;
  now: () => Date;
}

/**
 * What lies beside a project file and what becomes of it: its `.bak` (offered when the file fails to open,
 * restored only when asked), its pre-migration copies, and the trash a deleted project goes to with them.
 */
export class ProjectBackups {
  private readonly trashItem: (filePath: string) => Promise<void>;
  private readonly fallbackTrash: (filePath: string) => Promise<void>;

  constructor(private readonly options: ProjectBackupsOptions) {
    this.fallbackTrash = moveToFallbackTrash(options.fallbackTrashDir, options.now);
    this.trashItem = options.trashItem ?? this.fallbackTrash;
  }

  /** The file's backup when it holds a project that opens; none otherwise. */
  async readBackup(fileName: string): Promise<BackupRecovery | undefined> {
    const backupPath = `${this.options.folder.pathOf(fileName)}${BACKUP_SUFFIX}`;
    // A backup that cannot be read (a named pipe in its place, too large…) is no backup to offer.
    const bytes = await this.options.folder.readBytes(backupPath).catch(() => undefined);
    if (bytes === undefined) return undefined;
    const result = readProjectFile(projectFileTextOf(bytes));
    if (!result.ok) return undefined;
    const stats = await statIfExists(backupPath);
    return {
      source: 'backup',
      project: result.project,
      savedAt: (stats?.mtime ?? this.options.now()).toISOString(),
    };
  }

  async restoreBackup(fileName: string): Promise<OpenedProject> {
    assertProjectFileName(fileName);
    const { folder, known, logger, now } = this.options;
    return folder.queued(fileName, async () => {
      const filePath = folder.pathOf(fileName);
      // A main file that cannot be read at all (a named pipe, a folder, too large) is as damaged as any.
      const mainBytes = await folder.readBytes(filePath).catch((error: unknown) => {
        if (error instanceof UserFileError) return Buffer.alloc(0);
        throw error;
      });
      if (mainBytes !== undefined) {
        const main = readProjectFile(projectFileTextOf(mainBytes));
        if (main.ok || main.problem === 'newer-version') {
          throw new IpcError({
            code: 'CONFLICT',
            field: 'fileName',
            message: main.ok
              ? `${fileName} opens normally; its backup is only offered for a damaged file.`
              : `${fileName} was made by a newer version of Timbre Studio; it is not replaced by an older backup.`,
          });
        }
      }
      const backupBytes = await folder.readBytes(`${filePath}${BACKUP_SUFFIX}`).catch(() => undefined);
      const backup = backupBytes === undefined ? undefined : readProjectFile(projectFileTextOf(backupBytes));
      if (backupBytes === undefined || backup === undefined || !backup.ok) {
        throw new IpcError({
          code: 'NOT_FOUND',
          field: 'fileName',
          message: `${fileName} has no readable backup to restore.`,
        });
      }
      if (mainBytes !== undefined) {
        // The damaged file is kept beside the project for inspection or support, never deleted.
        const aside = `${filePath}.damaged-${now().toISOString().replace(/[:.]/gu, '-')}`;
        await fs.rename(filePath, aside);
        logger?.warn(`Kept the damaged project file as ${path.basename(aside)} and restored its backup.`);
      }
      await writeProjectFileAtomic(filePath, backupBytes);
      const revision = known.remember(
        fileName,
        backupBytes,
        backup.project,
        undefined,
        await stampOfWritten(filePath, backupBytes),
      );
      await this.options.recentProjects.touch(fileName, backup.project.title, now().toISOString());
      return { fileName, project: backup.project, revision };
    });
  }

  /** An older-format file is copied once as `<name>.timbre.v<N>` before the first save rewrites it. */
  async keepPreMigrationCopy(fileName: string, bytes: Buffer, version: number): Promise<void> {
    const copyPath = preMigrationCopyPath(this.options.folder.pathOf(fileName), version);
    if (!(await fileExists(copyPath))) await writeProjectFileAtomic(copyPath, bytes);
  }

  /** Moves the file, its backup and its pre-migration copies to the trash. */
  async delete(fileName: string): Promise<void> {
    assertProjectFileName(fileName);
    const { folder } = this.options;
    await folder.queued(fileName, async () => {
      const filePath = folder.pathOf(fileName);
      const related = [filePath, `${filePath}${BACKUP_SUFFIX}`, ...(await this.preMigrationCopies(fileName))];
      let trashedMain = false;
      for (const candidate of related) {
        if (!(await fileExists(candidate))) continue;
        await this.moveToTrash(candidate);
        if (candidate === filePath) trashedMain = true;
      }
      if (!trashedMain) {
        throw new IpcError({
          code: 'NOT_FOUND',
          field: 'fileName',
          message: `The project file ${fileName} does not exist.`,
        });
      }
      this.options.known.forget(fileName);
    });
    await this.options.recentProjects.remove(fileName);
  }

  private async preMigrationCopies(fileName: string): Promise<string[]> {
    const { projectsDir } = this.options.folder;
    const names = await this.options.folder.namesOrNone();
    const pattern = new RegExp(`^${escapeRegExp(fileName)}\\.v\\d+$`, 'u');
    return names.filter((name) => pattern.test(name)).map((name) => path.join(projectsDir, name));
  }

  private async moveToTrash(filePath: string): Promise<void> {
    if (this.trashItem === this.fallbackTrash) return this.fallbackTrash(filePath);
    try {
      await this.trashItem(filePath);
    } catch (error) {
      this.options.logger?.warn(
        `The system trash failed (${errorMessage(error)}); moved ${path.basename(filePath)} to the app's trash folder.`,
      );
      await this.fallbackTrash(filePath);
    }
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}
