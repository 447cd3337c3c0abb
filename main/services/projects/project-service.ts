import { randomBytes, randomUUID } from 'node:crypto';
import type { ServiceLexicons } from '../pronunciation/service-lexicons.js';
import { sendContext } from '../../../common/project/send-context.js';
import { patchedProject, type ProjectPatch } from '../../../common/project/project-patch.js';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { IpcError } from '../../../common/ipc/errors.js';
import type { Project } from '../../../common/project/index.js';
import {
  ProjectEditError,
  checkTitle,
  createProject,
  layoutTimeline,
  projectStats,
  projectFileTextOf,
  readProjectFile,
  renameProject,
  checkedProject,
  MAX_PROJECT_FILE_BYTES,
} from '../../../common/project/index.js';
import type { ImportPreview } from '../../../common/import/imported-script.js';
import { CoverStore } from './cover-store.js';
import { ImportWorkers } from '../import-worker/import-workers.js';
import type { ImportRun } from '../import-worker/import-workers.js';
import type { ImportStart, ParsedFacts } from '../import-worker/import-protocol.js';
import type { Logger } from '../logging/logger.js';
import { isNotFound, writeFileAtomic } from '../storage/atomic-file.js';
import { asUserFileError, UserFileError } from '../storage/user-file.js';
import type { UserFileLimit } from '../storage/user-file.js';
import {
  checkProjectFileSize,
  projectFileBytes,
  projectFileLimit,
  readProjectBytesIfExists,
} from './project-file-bytes.js';
import type { ProjectFileTarget } from './project-file-bytes.js';
import type { FileStamp } from '../storage/file-stamp.js';
import { fileStampIfExists, readStampedIfExists, stampOfWritten } from '../storage/file-stamp.js';
import { keepAsBackup } from '../storage/linked-backup.js';
import { ProjectAutosaver } from './project-autosaver.js';
import type { ProjectAutosaverOptions } from './project-autosaver.js';
import {
  BACKUP_SUFFIX,
  preMigrationCopyPath,
  assertProjectFileName,
  isProjectFileName,
  projectFileNameFor,
  titleFromFilePath,
} from './project-file-names.js';
import type {
  CreateProjectInput,
  ImportTextFileInput,
  ImportTextInput,
  ImportedProjects,
  OpenProblem,
  OpenResult,
  OpenedProject,
  ProjectLibrary,
  ProjectListEntry,
  RecentProject,
} from './project-library.js';
import { RecentProjects } from './recent-projects.js';
import { CheckedFileCache } from './checked-file-cache.js';
import { ListEntryCache } from './list-entry-cache.js';
import { moveToFallbackTrash } from './trash-fallback.js';

export interface ProjectServiceOptions {
  /** The app's data folder; projects live in `<dataDir>/projects/`. */
  dataDir: string;
  /** The platform's move-to-trash; without one (or when it fails) files go to `<dataDir>/trash/`. */
  trashItem?: ((filePath: string) => Promise<void>) | undefined;
  logger?: Logger | undefined;
  /** Service lexicons, so listed durations and pending counts match the editor's (none when absent). */
  lexicons?: Pick<ServiceLexicons, 'contextFor' | 'rulesFor'> | undefined;
  /** Where imports are parsed and built, off main's event loop (import-worker/); one of its own when absent. */
  importWorkers?: ImportWorkers | undefined;
  /**
   * The most bytes a project file may hold, read or saved (MAX_PROJECT_FILE_BYTES). One number for both, so no
   * save makes a file the next open refuses; a test sets a small one.
   */
  maxFileBytes?: number;
  now?: () => Date;
}

/** Temp files of interrupted atomic writes older than this are debris of a crash, not a write in progress. */
const ORPHAN_TEMP_AGE_MS = 60_000;

/**
 * Project files in the data folder. Every write is atomic (temp file, fsync, rename) and keeps the previous
 * version as `<name>.timbre.bak`. A file is only ever written over when it still holds exactly what this service
 * last read or wrote (told by its unchanged stamp, file-stamp.ts, or else by reading it): a damaged file, a file
 * from a newer version, or one changed by something else is never overwritten (saving it fails with a CONFLICT
 * that says why; saveAsNew keeps the user's work).
 */
export class ProjectService implements ProjectLibrary {
  readonly projectsDir: string;
  /** Covers of imported books, named by the projects that use them. */
  readonly covers: CoverStore;
  private readonly recentProjects: RecentProjects;
  private readonly trashItem: (filePath: string) => Promise<void>;
  private readonly fallbackTrash: (filePath: string) => Promise<void>;
  private readonly now: () => Date;
  private readonly importWorkers: ImportWorkers;
  private readonly fileLimit: UserFileLimit;
  /**
   * What each file held when this service last read or wrote it, byte for byte: the guard against overwriting.
   * Bytes, not text: comparing two 7 MB buffers costs ~1 ms, decoding and comparing two strings ~60 ms.
   */
  private readonly knownBytes = new Map<string, Buffer>();
  /**
   * The file's stamp (file-stamp.ts) when its known bytes were read or written: while the file keeps it, it still
   * holds them, and opening or saving compares the stamp instead of reading the file (a 7.5 MB audiobook took
   * 27–59 ms to read, mostly the pages of a fresh buffer).
   */
  private readonly knownStamps = new Map<string, FileStamp>();
  /** The project main last read or wrote per file, and its revision: the base a patch is applied to. */
  private readonly knownVersion = new Map<
    string,
    { project: Project; revision: number; migratedFrom?: number }
  >();
  private lastRevision = 0;
  private readonly listEntries: ListEntryCache;
  /** What listing just read and checked, for the open that follows. */
  private readonly checkedFiles = new CheckedFileCache();
  /** Per-file queue so saves, renames and deletes of one file never interleave. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly options: ProjectServiceOptions) {
    this.projectsDir = path.join(options.dataDir, 'projects');
    this.covers = new CoverStore(path.join(options.dataDir, 'covers'));
    this.now = options.now ?? (() => new Date());
    this.recentProjects = new RecentProjects(path.join(options.dataDir, 'recent-projects.json'));
    this.fallbackTrash = moveToFallbackTrash(path.join(options.dataDir, 'trash'), this.now);
    this.trashItem = options.trashItem ?? this.fallbackTrash;
    this.listEntries = new ListEntryCache(options.lexicons);
    this.importWorkers = options.importWorkers ?? new ImportWorkers();
    this.fileLimit = projectFileLimit(options.maxFileBytes ?? MAX_PROJECT_FILE_BYTES);
  }

  async list(): Promise<ProjectListEntry[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.projectsDir);
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
    const entries: ProjectListEntry[] = [];
    // One at a time: project files can be large, and a listing must not spike memory.
    for (const fileName of names.filter(isProjectFileName).sort()) {
      const entry = await this.listEntry(fileName);
      if (entry !== undefined) entries.push(entry);
    }
    return entries.sort(
      (a, b) => b.modifiedAt.localeCompare(a.modifiedAt) || a.fileName.localeCompare(b.fileName),
    );
  }

  /** Every readable project of the folder, one at a time, without counting as opening them (clean-ups use it). */
  async readAll(): Promise<Project[]> {
    const projects: Project[] = [];
    for (const entry of await this.list()) {
      const result = await this.read(entry.fileName).catch(() => undefined);
      if (result?.ok) projects.push(result.project);
    }
    return projects;
  }

  async create(input: CreateProjectInput): Promise<OpenedProject> {
    const project = createProject(
      {
        title: checkedTitle(input.title),
        serviceUrl: input.serviceUrl,
        defaults: input.defaults,
        createdAt: this.now().toISOString(),
      },
      randomUUID,
    );
    return this.writeNewFile(project);
  }

  async open(fileName: string): Promise<OpenResult> {
    const result = await this.read(fileName);
    if (result.ok) await this.recentProjects.touch(fileName, result.project.title, this.now().toISOString());
    return result;
  }

  /**
   * Reads a project file as open() does (so it may be saved over afterwards) without counting as opening it:
   * renaming or duplicating a project from the list does not move it up the recent projects.
   */
  private async read(fileName: string): Promise<OpenResult> {
    assertProjectFileName(fileName);
    return this.queued(fileName, async () => {
      const filePath = this.pathOf(fileName);
      await this.removeOrphanTempFiles(fileName);
      const known = this.knownVersion.get(fileName);
      const stampNow = await fileStampIfExists(filePath);
      const unchanged = stampNow !== undefined && this.knownStamps.get(fileName) === stampNow;
      const knownBytes = this.knownBytes.get(fileName);
      if (known !== undefined && knownBytes !== undefined && unchanged) {
        return this.reopened(fileName, knownBytes, known, stampNow);
      }
      const listedUnread =
        stampNow === undefined ? undefined : this.checkedFiles.takeStamped(fileName, stampNow);
      if (listedUnread !== undefined) {
        const { bytes, project } = listedUnread;
        return {
          ok: true,
          fileName,
          project,
          revision: this.remember(fileName, bytes, project, undefined, stampNow),
        };
      }
      let read: Awaited<ReturnType<typeof readStampedIfExists>>;
      try {
        read = await readStampedIfExists(filePath, this.readBytes);
      } catch (error) {
        if (!(error instanceof UserFileError)) throw error;
        // Not a file that can be read as a project (a named pipe, a folder, too large): said as such, not "damaged".
        this.forget(fileName);
        return this.failedOpen(fileName, 'invalid', error.message);
      }
      if (read === undefined) {
        this.forget(fileName);
        return this.failedOpen(fileName, 'missing', `The project file ${fileName} no longer exists.`);
      }
      const { bytes, stamp } = read;
      if (known !== undefined && knownBytes?.equals(bytes) === true) {
        return this.reopened(fileName, bytes, known, stamp);
      }
      const listed = this.checkedFiles.take(fileName, bytes);
      if (listed !== undefined) {
        return {
          ok: true,
          fileName,
          project: listed,
          revision: this.remember(fileName, bytes, listed, undefined, stamp),
        };
      }
      const result = readProjectFile(projectFileTextOf(bytes), { now: () => this.now().toISOString() });
      if (!result.ok) {
        // Whatever was known about this file no longer holds: nothing may write over it now.
        this.forget(fileName);
        this.options.logger?.warn(`Project ${fileName} did not open: ${result.message}`);
        return this.failedOpen(fileName, result.problem, result.message, result.fieldPath);
      }
      const revision = this.remember(fileName, bytes, result.project, result.migratedFrom, stamp);
      if (result.migratedFrom !== undefined)
        await this.keepPreMigrationCopy(fileName, bytes, result.migratedFrom);
      return {
        ok: true,
        fileName,
        project: result.project,
        revision,
        ...(result.migratedFrom === undefined ? {} : { migratedFrom: result.migratedFrom }),
      };
    });
  }

  /**
   * Exactly the text this service last read or wrote: that version's project stands, checked when it was read or
   * saved (parsing and checking a 10,000-block audiobook again took ~110 ms of every reopening).
   */
  private reopened(
    fileName: string,
    bytes: Buffer,
    known: { project: Project; migratedFrom?: number },
    stamp: FileStamp | undefined,
  ): OpenResult {
    return {
      ok: true,
      fileName,
      project: known.project,
      revision: this.remember(fileName, bytes, known.project, known.migratedFrom, stamp),
      ...(known.migratedFrom === undefined ? {} : { migratedFrom: known.migratedFrom }),
    };
  }

  /** Writes the project over its file; answers the new version's revision. */
  save(fileName: string, project: Project): Promise<number> {
    assertProjectFileName(fileName);
    return this.queued(fileName, () => this.saveNow(fileName, checkedProjectOrThrow(project)));
  }

  /**
   * Saves the project `patch` makes of the version `baseRevision` (project-patch.ts); fails with STALE when the
   * file's newest version is another one (the caller then saves the whole project).
   */
  savePatch(fileName: string, baseRevision: number, patch: ProjectPatch): Promise<number> {
    assertProjectFileName(fileName);
    return this.queued(fileName, async () => {
      const base = this.knownVersion.get(fileName);
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

  /**
   * The edits of a project that cannot be saved over its file, kept as a new project. Without a `title` it is
   * named as a copy ("Notes (copy)", "Notes (copy 2)"…, a title no project of the library has), so the library
   * never shows two projects of the same name: one with the edits, one that generation may still write into.
   */
  async saveAsNew(project: Project, title?: string): Promise<OpenedProject> {
    const copyTitle = title ?? (await this.copyTitleFor(project.title));
    const copy: Project = { ...project, id: randomUUID(), title: checkedTitle(copyTitle) };
    return this.writeNewFile(copy);
  }

  /** Writes a project read from elsewhere to a new file, keeping its id (so opening the same file again finds it). */
  async adopt(project: Project): Promise<OpenedProject> {
    return this.writeNewFile({ ...project, title: checkedTitle(project.title) });
  }

  async rename(fileName: string, title: string): Promise<OpenedProject> {
    const opened = await this.requireOpened(fileName);
    const renamed = renameProject(opened.project, checkedTitle(title));
    const revision = await this.save(fileName, renamed);
    await this.recentProjects.retitle(fileName, renamed.title);
    return { fileName, project: renamed, revision };
  }

  async duplicate(fileName: string, title?: string): Promise<OpenedProject> {
    const opened = await this.requireOpened(fileName);
    const copyTitle = title ?? (await this.copyTitleFor(opened.project.title));
    return this.writeNewFile({
      ...opened.project,
      id: randomUUID(),
      title: checkedTitle(copyTitle),
      createdAt: this.now().toISOString(),
    });
  }

  /** "Title (copy)", else "Title (copy 2)", "(copy 3)"…: the first no project of the library is called (any case). */
  private async copyTitleFor(title: string): Promise<string> {
    const base = title.trim().replace(/ \(copy(?: \d+)?\)$/u, '');
    const taken = new Set(
      (await this.list()).flatMap((entry) => (entry.ok ? [entry.title.toLocaleLowerCase()] : [])),
    );
    for (let number = 1; ; number += 1) {
      const suffix = number === 1 ? ' (copy)' : ` (copy ${number})`;
      const candidate = `${base.slice(0, MAX_COPY_TITLE_LENGTH - suffix.length).trimEnd()}${suffix}`;
      if (!taken.has(candidate.toLocaleLowerCase())) return candidate;
    }
  }

  async delete(fileName: string): Promise<void> {
    assertProjectFileName(fileName);
    await this.queued(fileName, async () => {
      const filePath = this.pathOf(fileName);
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
      this.forget(fileName);
    });
    await this.recentProjects.remove(fileName);
  }

  async recent(): Promise<RecentProject[]> {
    const recent: RecentProject[] = [];
    for (const entry of await this.recentProjects.list()) {
      const stats = await statIfExists(this.pathOf(entry.fileName));
      if (stats !== undefined) recent.push({ ...entry, modifiedAt: stats.mtime.toISOString() });
    }
    return recent;
  }

  /**
   * A new project (or parts) from pasted text. Like every import it is parsed and built in a worker thread
   * (`run.importId` names it for cancelImport; `run.onProgress` hears its phases).
   */
  async importText(input: ImportTextInput, run: ImportRun = {}): Promise<ImportedProjects> {
    return this.importInWorker({ type: 'text', text: input.text }, input, () => input.title, run);
  }

  /** A new project (or parts) from a file, which the import worker reads itself: main never holds its bytes. */
  async importTextFile(input: ImportTextFileInput, run: ImportRun = {}): Promise<ImportedProjects> {
    const fileName = input.fileName ?? path.basename(input.filePath);
    return this.importInWorker(
      { type: 'file', filePath: input.filePath, fileName, encoding: input.encoding },
      input,
      (scriptTitle) => input.title ?? scriptTitle ?? titleFromFilePath(fileName),
      run,
    );
  }

  /** What importing this file would make, without making it: chapters, blocks, speakers, credits, parts. */
  async previewImportFile(
    input: Omit<ImportTextFileInput, 'serviceUrl' | 'defaults' | 'voices'>,
    run: ImportRun = {},
  ): Promise<ImportPreview & { parseMs: number }> {
    const started = performance.now();
    const fileName = input.fileName ?? path.basename(input.filePath);
    const preview = await this.importWorkers.preview(
      {
        source: { type: 'file', filePath: input.filePath, fileName, encoding: input.encoding },
        split: input.split,
        reading: input.reading,
      },
      run,
    );
    return { ...preview, parseMs: Math.round(performance.now() - started) };
  }

  /**
   * Ends the preview or import running under `importId`: its worker is terminated before anything is written.
   * False when none is running, e.g. an import already writing its projects (they then exist, and open).
   */
  cancelImport(importId: string): boolean {
    return this.importWorkers.cancel(importId);
  }

  private async importInWorker(
    source: ImportStart['source'],
    input: Omit<ImportTextInput, 'text' | 'title'>,
    titleOf: (scriptTitle: string | undefined) => string,
    run: ImportRun,
  ): Promise<ImportedProjects> {
    let cover: ParsedFacts['cover'];
    const built = await this.importWorkers.build(
      { source, split: input.split, reading: input.reading },
      run,
      async (facts) => {
        const title = checkedTitle(titleOf(facts.title));
        // The cover is named now and kept only once the projects have passed their checks: a failed import
        // leaves nothing behind, not even an image in the covers folder.
        const named = facts.cover ? this.covers.nameOf(facts.cover) : undefined;
        if (named) cover = facts.cover;
        return {
          title,
          defaults: await importDefaults(input, facts.language),
          voices: input.voices,
          serviceUrl: input.serviceUrl,
          cover: named,
          createdAt: this.now().toISOString(),
        };
      },
    );
    if (cover) await this.covers.save(cover);
    const parts: ImportedProjects['parts'] = [];
    let opened: OpenedProject | undefined;
    for (const [index, part] of built.parts.entries()) {
      const bytes = Buffer.from(part.bytes.buffer, part.bytes.byteOffset, part.bytes.byteLength);
      // Only the first part opens in the editor; the others are read from their files when opened.
      const project = index === 0 ? built.first : undefined;
      const written = await this.writeNewFileBytes(bytes, part.title, project);
      if (project) opened = { fileName: written.fileName, project, revision: written.revision };
      parts.push({ fileName: written.fileName, title: part.title });
    }
    if (!opened) throw new Error('an import makes at least one project');
    return { ...opened, parts };
  }

  async restoreBackup(fileName: string): Promise<OpenedProject> {
    assertProjectFileName(fileName);
    return this.queued(fileName, async () => {
      const filePath = this.pathOf(fileName);
      // A main file that cannot be read at all (a named pipe, a folder, too large) is as damaged as any.
      const mainBytes = await this.readBytes(filePath).catch((error: unknown) => {
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
      const backupBytes = await this.readBytes(`${filePath}${BACKUP_SUFFIX}`).catch(() => undefined);
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
        const aside = `${filePath}.damaged-${this.now().toISOString().replace(/[:.]/gu, '-')}`;
        await fs.rename(filePath, aside);
        this.options.logger?.warn(
          `Kept the damaged project file as ${path.basename(aside)} and restored its backup.`,
        );
      }
      await writeProjectFileAtomic(filePath, backupBytes);
      const revision = this.remember(
        fileName,
        backupBytes,
        backup.project,
        undefined,
        await stampOfWritten(filePath, backupBytes),
      );
      await this.recentProjects.touch(fileName, backup.project.title, this.now().toISOString());
      return { fileName, project: backup.project, revision };
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

  /** Writes `checked` (a project the schema passed: checkedProject, or patchedProject's) over the file. */
  private async saveNow(fileName: string, checked: Project): Promise<number> {
    const filePath = this.pathOf(fileName);
    const expected = this.knownBytes.get(fileName);
    if (expected === undefined) {
      throw new IpcError({
        code: 'CONFLICT',
        field: 'fileName',
        message: `${fileName} has not been opened successfully, so it is not saved over (it may be damaged or from a newer version).`,
      });
    }
    // The file still holding what this service knows is told by its stamp, or else by reading it.
    const stampNow = await fileStampIfExists(filePath);
    const unchanged = stampNow !== undefined && this.knownStamps.get(fileName) === stampNow;
    if (!unchanged) {
      const onDisk = await this.readBytes(filePath);
      if (onDisk?.equals(expected) !== true) throw this.changedOnDisk(fileName, onDisk);
    }
    // Refused before the backup or the file is touched: the file keeps its last version, the editor its changes.
    const bytes = projectFileBytes(checked, { filePath, name: `“${fileName}”` }, this.fileLimit);
    if (bytes.equals(expected)) {
      return this.remember(fileName, bytes, checked, undefined, unchanged ? stampNow : undefined);
    }
    // Backup first: at every moment one of the two files holds the previous version whole.
    try {
      await keepAsBackup(filePath, `${filePath}${BACKUP_SUFFIX}`, { bytes: expected, stamp: stampNow });
    } catch (error) {
      throw asUserFileError(error, `${filePath}${BACKUP_SUFFIX}`, 'write');
    }
    await writeProjectFileAtomic(filePath, bytes);
    return this.remember(fileName, bytes, checked, undefined, await stampOfWritten(filePath, bytes));
  }

  /** A project file's bytes, or undefined when it does not exist; read within the limit saves keep to. */
  private readonly readBytes = (filePath: string): Promise<Buffer | undefined> =>
    readProjectBytesIfExists(filePath, this.fileLimit);

  /** A new project's file, as a refusal to write it names it (its file name is not chosen yet). */
  private newFileTarget(title: string): ProjectFileTarget {
    return { filePath: path.join(this.projectsDir, title), name: `The project “${title}”` };
  }

  /** Notes what the file now holds (and its stamp, when known); answers the version's revision. */
  private remember(
    fileName: string,
    bytes: Buffer,
    project: Project,
    migratedFrom?: number,
    stamp?: FileStamp,
  ): number {
    this.knownBytes.set(fileName, bytes);
    if (stamp === undefined) this.knownStamps.delete(fileName);
    else this.knownStamps.set(fileName, stamp);
    this.lastRevision += 1;
    this.knownVersion.set(fileName, {
      project,
      revision: this.lastRevision,
      ...(migratedFrom === undefined ? {} : { migratedFrom }),
    });
    return this.lastRevision;
  }

  private forget(fileName: string): void {
    this.knownBytes.delete(fileName);
    this.knownStamps.delete(fileName);
    this.knownVersion.delete(fileName);
  }

  private changedOnDisk(fileName: string, onDisk: Buffer | undefined): IpcError {
    this.forget(fileName);
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

  private async writeNewFile(unchecked: Project): Promise<OpenedProject> {
    const project = checkedProjectOrThrow(unchecked);
    const bytes = projectFileBytes(project, this.newFileTarget(project.title), this.fileLimit);
    const { fileName, revision } = await this.writeNewFileBytes(bytes, project.title, project);
    return { fileName, project, revision };
  }

  /**
   * A new file holding a checked project's bytes. `project`, when given, is remembered as what the file holds (the
   * base later saves compare with); without it the file is read and checked again when it is opened.
   */
  private async writeNewFileBytes(
    bytes: Buffer,
    title: string,
    project: Project | undefined,
  ): Promise<{ fileName: string; revision?: number }> {
    checkProjectFileSize(bytes.length, this.newFileTarget(title), this.fileLimit);
    await fs.mkdir(this.projectsDir, { recursive: true });
    let fileName = projectFileNameFor(title, randomBytes(3).toString('hex'));
    while (await fileExists(this.pathOf(fileName))) {
      fileName = projectFileNameFor(title, randomBytes(4).toString('hex'));
    }
    const revision = await this.queued(fileName, async () => {
      await writeProjectFileAtomic(this.pathOf(fileName), bytes);
      if (project === undefined) return undefined;
      return this.remember(
        fileName,
        bytes,
        project,
        undefined,
        await stampOfWritten(this.pathOf(fileName), bytes),
      );
    });
    await this.recentProjects.touch(fileName, title, this.now().toISOString());
    return revision === undefined ? { fileName } : { fileName, revision };
  }

  private async requireOpened(fileName: string): Promise<OpenedProject> {
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

  private async failedOpen(
    fileName: string,
    problem: OpenProblem,
    message: string,
    fieldPath?: string,
  ): Promise<OpenResult> {
    const recovery = problem === 'newer-version' ? undefined : await this.readBackup(fileName);
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

  private async readBackup(
    fileName: string,
  ): Promise<{ source: 'backup'; project: Project; savedAt: string } | undefined> {
    const backupPath = `${this.pathOf(fileName)}${BACKUP_SUFFIX}`;
    // A backup that cannot be read (a named pipe in its place, too large…) is no backup to offer.
    const bytes = await this.readBytes(backupPath).catch(() => undefined);
    if (bytes === undefined) return undefined;
    const result = readProjectFile(projectFileTextOf(bytes));
    if (!result.ok) return undefined;
    const stats = await statIfExists(backupPath);
    return { source: 'backup', project: result.project, savedAt: (stats?.mtime ?? this.now()).toISOString() };
  }

  private async listEntry(fileName: string): Promise<ProjectListEntry | undefined> {
    const filePath = this.pathOf(fileName);
    const stats = await statIfExists(filePath);
    if (stats === undefined) {
      this.listEntries.forget(fileName);
      return undefined;
    }
    const known = this.listEntries.get(fileName, stats);
    if (known !== undefined) return known;
    const modifiedAt = stats.mtime.toISOString();
    let read: Awaited<ReturnType<typeof readStampedIfExists>>;
    try {
      read = await readStampedIfExists(filePath, this.readBytes);
    } catch (error) {
      if (!(error instanceof UserFileError)) throw error;
      const hasBackup = (await this.readBackup(fileName)) !== undefined;
      return { ok: false, fileName, modifiedAt, problem: 'invalid', message: error.message, hasBackup };
    }
    if (read === undefined) return undefined;
    const { bytes, stamp } = read;
    const result = readProjectFile(projectFileTextOf(bytes));
    if (!result.ok) {
      const hasBackup = result.problem !== 'newer-version' && (await this.readBackup(fileName)) !== undefined;
      return { ok: false, fileName, modifiedAt, problem: result.problem, message: result.message, hasBackup };
    }
    const { project } = result;
    // A file in an older format is read again by open, which keeps a copy of it before migrating.
    if (result.migratedFrom === undefined) this.checkedFiles.keep(fileName, bytes, project, stamp);
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

  /** An older-format file is copied once as `<name>.timbre.v<N>` before the first save rewrites it. */
  private async keepPreMigrationCopy(fileName: string, bytes: Buffer, version: number): Promise<void> {
    const copyPath = preMigrationCopyPath(this.pathOf(fileName), version);
    if (!(await fileExists(copyPath))) await writeProjectFileAtomic(copyPath, bytes);
  }

  private async preMigrationCopies(fileName: string): Promise<string[]> {
    const names = await fs.readdir(this.projectsDir).catch(() => [] as string[]);
    const pattern = new RegExp(`^${escapeRegExp(fileName)}\\.v\\d+$`, 'u');
    return names.filter((name) => pattern.test(name)).map((name) => path.join(this.projectsDir, name));
  }

  /** Temp files left by a write that a crash interrupted (writeFileAtomic names them `.<name>.<hex>.tmp`). */
  private async removeOrphanTempFiles(fileName: string): Promise<void> {
    const names = await fs.readdir(this.projectsDir).catch(() => [] as string[]);
    const prefix = `.${fileName}`;
    const cutoff = this.now().getTime() - ORPHAN_TEMP_AGE_MS;
    for (const name of names) {
      if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
      const tempPath = path.join(this.projectsDir, name);
      const stats = await statIfExists(tempPath);
      if (stats !== undefined && stats.mtime.getTime() < cutoff) await fs.rm(tempPath, { force: true });
    }
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

  private pathOf(fileName: string): string {
    return path.join(this.projectsDir, fileName);
  }

  private queued<T>(fileName: string, task: () => Promise<T>): Promise<T> {
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

// A project title's limit (checkTitle): a copy's suffix is kept whole, the title before it shortened.
const MAX_COPY_TITLE_LENGTH = 200;

/** The model's title rule, reported as an IPC input error. */
function checkedTitle(title: string): string {
  try {
    return checkTitle(title);
  } catch (error) {
    if (error instanceof ProjectEditError)
      throw new IpcError({ code: 'INVALID_INPUT', field: error.field, message: error.message });
    throw error;
  }
}

function checkedProjectOrThrow(project: Project): Project {
  try {
    return checkedProject(project);
  } catch (error) {
    throw new IpcError({ code: 'INVALID_INPUT', field: 'project', message: errorMessage(error) });
  }
}

/** A project file written atomically; a full disk or a read-only folder is said in a sentence naming the file. */
async function writeProjectFileAtomic(filePath: string, bytes: Uint8Array): Promise<void> {
  try {
    await writeFileAtomic(filePath, bytes);
  } catch (error) {
    throw asUserFileError(error, filePath, 'write');
  }
}

async function statIfExists(filePath: string) {
  try {
    return await fs.stat(filePath);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

async function fileExists(filePath: string): Promise<boolean> {
  return (await statIfExists(filePath)) !== undefined;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/** The import's defaults, with the voice chosen for the book's language when they name none. */
async function importDefaults(
  input: Pick<ImportTextInput, 'defaults' | 'defaultVoiceFor'>,
  bookLanguage: string | undefined,
): Promise<ImportTextInput['defaults']> {
  if (input.defaults?.voiceId || !input.defaultVoiceFor) return input.defaults;
  // No voice is better than a failed import: the user picks one in the project defaults.
  const voice = await input.defaultVoiceFor(bookLanguage).catch(() => undefined);
  return voice ? { ...input.defaults, ...voice } : input.defaults;
}
