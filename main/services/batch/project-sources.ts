import { chmod, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Project } from '../../../common/project/index.js';
import {
  checkedProject,
  MAX_PROJECT_FILE_BYTES,
  projectFileTextOf,
  readProjectFile,
} from '../../../common/project/index.js';
import { preMigrationCopyPath } from '../projects/project-file-names.js';
import type { ProjectLibrary } from '../projects/project-library.js';
import { writeFileAtomic } from '../storage/atomic-file.js';
import { asUserFileError, readUserFile } from '../storage/user-file.js';
import type { UserFileLimit } from '../storage/user-file.js';
import {
  projectFileBytes,
  projectFileLimit,
  readProjectBytesIfExists,
} from '../projects/project-file-bytes.js';
import type { BatchSource } from './batch-types.js';

/** A project as read for one batch item, and what saving it back must check. */
export interface OpenedSource {
  project: Project;
  /** The bytes the file held when read (path sources): it is only written over while it still holds these. */
  readonly bytes?: Buffer;
  readonly migratedFrom?: number;
}

export type ReadSourceResult = ({ ok: true } & OpenedSource) | { ok: false; message: string };
export type SaveSourceResult = { saved: true } | { saved: false; reason: string };

/** How the batch reads projects and writes their generation states back. */
export interface ProjectSourceAccess {
  /** A path inside the projects folder becomes a library source, so its saves go through ProjectService. */
  canonical(source: BatchSource): BatchSource;
  read(source: BatchSource): Promise<ReadSourceResult>;
  save(source: BatchSource, opened: OpenedSource, project: Project): Promise<SaveSourceResult>;
  /** The projects' titles (undefined where a file does not read), so waiting items show them, not file names. */
  titlesOf?(sources: readonly BatchSource[]): Promise<(string | undefined)[]>;
}

export interface ProjectSourcesOptions {
  /** The app's projects folder service; without it (the CLI) library sources cannot be used. */
  library?: Pick<ProjectLibrary, 'open' | 'save' | 'list'>;
  /** `<dataDir>/projects`, to recognise paths into it. */
  projectsDir?: string;
  /** The most bytes a project file may hold, read or saved (MAX_PROJECT_FILE_BYTES); a test sets a small one. */
  maxFileBytes?: number;
}

/**
 * Project files for the batch. Files of the projects folder go through ProjectService (its backup, its guard
 * against writing over a file changed since it was read, the editor sees the same state). Other files are read
 * and checked here, and written back atomically only if they still hold exactly what was read: a file edited
 * meanwhile or damaged is left alone. An older-format file is converted as the editor converts it, its original
 * kept once as `<file>.v<N>` (the version that wrote it still opens that).
 */
export class ProjectSources implements ProjectSourceAccess {
  private readonly fileLimit: UserFileLimit;

  constructor(private readonly options: ProjectSourcesOptions = {}) {
    this.fileLimit = projectFileLimit(options.maxFileBytes ?? MAX_PROJECT_FILE_BYTES);
  }

  canonical(source: BatchSource): BatchSource {
    const { library, projectsDir } = this.options;
    if (source.kind !== 'path' || !library || !projectsDir) return source;
    const resolved = path.resolve(source.path);
    return path.dirname(resolved) === path.resolve(projectsDir)
      ? { kind: 'library', fileName: path.basename(resolved) }
      : source;
  }

  async read(source: BatchSource): Promise<ReadSourceResult> {
    switch (source.kind) {
      case 'library': {
        const library = this.options.library;
        if (!library) return { ok: false, message: 'The projects folder is not available here.' };
        const opened = await library.open(source.fileName).catch((error: unknown) => ({
          ok: false as const,
          message: errorMessage(error),
        }));
        return opened.ok ? { ok: true, project: opened.project } : { ok: false, message: opened.message };
      }
      case 'path':
        return readPathSource(source.path, this.fileLimit);
      default: {
        const exhaustive: never = source;
        throw new Error(`Unknown batch source ${JSON.stringify(exhaustive)}`);
      }
    }
  }

  async titlesOf(sources: readonly BatchSource[]): Promise<(string | undefined)[]> {
    // The list's entries are kept while their files do not change: one listing answers every library item.
    const library = sources.some((source) => source.kind === 'library')
      ? await this.options.library?.list().catch(() => [])
      : undefined;
    const titles: (string | undefined)[] = [];
    for (const source of sources) {
      if (source.kind === 'library') {
        const entry = library?.find((candidate) => candidate.fileName === source.fileName);
        titles.push(entry?.ok === true ? entry.title : undefined);
      } else {
        const read = await readPathSource(source.path, this.fileLimit);
        titles.push(read.ok ? read.project.title : undefined);
      }
    }
    return titles;
  }

  async save(source: BatchSource, opened: OpenedSource, project: Project): Promise<SaveSourceResult> {
    try {
      switch (source.kind) {
        case 'library': {
          const library = this.options.library;
          if (!library) return { saved: false, reason: 'the projects folder is not available here' };
          await library.save(source.fileName, project);
          return { saved: true };
        }
        case 'path':
          return await savePathSource(source.path, opened, project, this.fileLimit);
        default: {
          const exhaustive: never = source;
          throw new Error(`Unknown batch source ${JSON.stringify(exhaustive)}`);
        }
      }
    } catch (error) {
      return { saved: false, reason: errorMessage(error) };
    }
  }
}

async function readPathSource(filePath: string, limit: UserFileLimit): Promise<ReadSourceResult> {
  let bytes: Buffer;
  try {
    // Any path the user gave (the CLI's PROJECT, a batch item): a named pipe or a device is refused, never waited on.
    bytes = await readUserFile(filePath, limit);
  } catch (error) {
    return { ok: false, message: asUserFileError(error, filePath, 'read').message };
  }
  const result = readProjectFile(projectFileTextOf(bytes));
  if (!result.ok) return { ok: false, message: result.message };
  return {
    ok: true,
    project: result.project,
    bytes,
    ...(result.migratedFrom === undefined ? {} : { migratedFrom: result.migratedFrom }),
  };
}

async function savePathSource(
  filePath: string,
  opened: OpenedSource,
  project: Project,
  limit: UserFileLimit,
): Promise<SaveSourceResult> {
  // Within the limit reads keep to, or refused with a sentence before anything is written: the file keeps what it
  // held, and the batch shows the sentence as the reason.
  const next = projectFileBytes(
    checkedProject(project),
    { filePath, name: `“${path.basename(filePath)}”` },
    limit,
  );
  const onDisk = await readProjectBytesIfExists(filePath, limit);
  if (onDisk === undefined) return { saved: false, reason: 'the file was moved or deleted meanwhile' };
  if (opened.bytes === undefined || !onDisk.equals(opened.bytes))
    return { saved: false, reason: 'the file was changed by something else meanwhile' };
  if (onDisk.equals(next)) return { saved: true };
  const { mode } = await stat(filePath);
  if (opened.migratedFrom !== undefined) {
    // Converted as the editor converts a file it opens: the original is kept beside it, once, for the version
    // that wrote it, and the file moves forward (refusing left new audio recorded nowhere but the cache).
    const copyPath = preMigrationCopyPath(filePath, opened.migratedFrom);
    if ((await readProjectBytesIfExists(copyPath, limit)) === undefined)
      await writeKeepingMode(copyPath, onDisk, mode);
  }
  await writeKeepingMode(filePath, next, mode);
  return { saved: true };
}

async function writeKeepingMode(filePath: string, bytes: Uint8Array, mode: number): Promise<void> {
  try {
    await writeFileAtomic(filePath, bytes);
  } catch (error) {
    // A full disk or a read-only folder, said in a sentence naming the file (the batch shows it as the reason).
    throw asUserFileError(error, filePath, 'write');
  }
  // The atomic write creates a private (0600) file; a project the user shares keeps the permissions it had.
  if (process.platform !== 'win32') await chmod(filePath, mode & 0o777);
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
