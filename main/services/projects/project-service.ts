import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ImportBlock, ImportPreview } from '../../../common/import/imported-script.js';
import type { Project } from '../../../common/project/index.js';
import { MAX_PROJECT_FILE_BYTES, createProject, renameProject } from '../../../common/project/index.js';
import type { ProjectPatch } from '../../../common/project/project-patch.js';
import { ImportWorkers } from '../import-worker/import-workers.js';
import type { ImportRun } from '../import-worker/import-workers.js';
import type { Logger } from '../logging/logger.js';
import type { ServiceLexicons } from '../pronunciation/service-lexicons.js';
import { CheckedFileCache } from './checked-file-cache.js';
import { checkedTitle } from './checked-input.js';
import { CoverStore } from './cover-store.js';
import { KnownVersions } from './known-versions.js';
import type { ProjectAutosaver, ProjectAutosaverOptions } from './project-autosaver.js';
import { ProjectBackups } from './project-backups.js';
import { projectFileLimit } from './project-file-bytes.js';
import { ProjectFiles } from './project-files.js';
import { ProjectFolder } from './project-folder.js';
import { ProjectImports } from './project-import.js';
import type {
  CreateProjectInput,
  ImportTextFileInput,
  ImportTextInput,
  ImportedProjects,
  OpenResult,
  OpenedProject,
  ProjectLibrary,
  ListedProject,
  ProjectListEntry,
  RecentProject,
} from './project-library.js';
import { ListEntryIndexFile } from './list-entry-index.js';
import { ProjectListing } from './project-listing.js';
import type { CountNews } from './project-listing.js';
import { RecentProjects } from './recent-projects.js';

export interface ProjectServiceOptions {
  /** The app's data folder; projects live in `<dataDir>/projects/`. */
  dataDir: string;
  /** The platform's move-to-trash; without one (or when it fails) files go to `<dataDir>/trash/`. */
  trashItem?: ((filePath: string) => Promise<void>) | undefined;
  logger?: Logger | undefined;
  /** Service lexicons, so listed durations and pending counts match the editor's (none when absent). */
  lexicons?: Pick<ServiceLexicons, 'contextFor' | 'rulesFor'>;
  /** Where imports are parsed and built, off main's event loop (import-worker/); one of its own when absent. */
  importWorkers?: ImportWorkers;
  /**
   * The most bytes a project file may hold, read or saved (MAX_PROJECT_FILE_BYTES). One number for both, so no
   * save makes a file the next open refuses; a test sets a small one.
   */
  maxFileBytes?: number;
  now?: () => Date;
}

// A project title's limit (checkTitle): a copy's suffix is kept whole, the title before it shortened.
const MAX_COPY_TITLE_LENGTH = 200;

/**
 * Project files in the data folder. Every write is atomic (temp file, fsync, rename) and keeps the previous
 * version as `<name>.timbre.bak`. A file is only ever written over when it still holds exactly what this service
 * last read or wrote (told by its unchanged stamp, file-stamp.ts, or else by reading it): a damaged file, a file
 * from a newer version, or one changed by something else is never overwritten (saving it fails with a CONFLICT
 * that says why; saveAsNew keeps the user's work).
 *
 * The jobs are done by its parts: listing (project-listing.ts), opening and saving (project-files.ts), backups
 * and trash (project-backups.ts) and imports (project-import.ts); this class joins them and names projects.
 */
export class ProjectService implements ProjectLibrary {
  readonly projectsDir: string;
  /** Covers of imported books, named by the projects that use them. */
  readonly covers: CoverStore;
  private readonly now: () => Date;
  private readonly recentProjects: RecentProjects;
  private readonly listing: ProjectListing;
  private readonly files: ProjectFiles;
  private readonly backups: ProjectBackups;
  private readonly imports: ProjectImports;

  constructor(options: ProjectServiceOptions) {
    this.projectsDir = path.join(options.dataDir, 'projects');
    this.covers = new CoverStore(path.join(options.dataDir, 'covers'));
    const now = options.now ?? (() => new Date());
    this.now = now;
    const folder = new ProjectFolder(
      this.projectsDir,
      projectFileLimit(options.maxFileBytes ?? MAX_PROJECT_FILE_BYTES),
    );
    const known = new KnownVersions();
    const recentProjects = new RecentProjects(path.join(options.dataDir, 'recent-projects.json'));
    this.recentProjects = recentProjects;
    const checkedFiles = new CheckedFileCache();
    const { logger } = options;
    this.backups = new ProjectBackups({
      folder,
      known,
      recentProjects,
      fallbackTrashDir: path.join(options.dataDir, 'trash'),
      trashItem: options.trashItem,
      logger,
      now,
    });
    const backups = this.backups;
    this.listing = new ProjectListing({
      folder,
      backups,
      recentProjects,
      checkedFiles,
      lexicons: options.lexicons,
      indexFile: new ListEntryIndexFile(path.join(options.dataDir, 'project-list-index.json'), logger),
    });
    this.files = new ProjectFiles({ folder, known, backups, recentProjects, checkedFiles, logger, now });
    this.imports = new ProjectImports({
      importWorkers: options.importWorkers ?? new ImportWorkers(),
      covers: this.covers,
      files: this.files,
      now,
    });
  }

  list(): Promise<ListedProject[]> {
    return this.listing.list();
  }

  /** The list within about `budgetMs`, the rest counted in the background (ProjectListing.listPromptly). */
  listPromptly(
    budgetMs: number,
    news?: CountNews,
  ): Promise<{ entries: ProjectListEntry[]; counted?: Promise<void> | undefined }> {
    return this.listing.listPromptly(budgetMs, news);
  }

  recent(): Promise<RecentProject[]> {
    return this.listing.recent();
  }

  /** Every readable project of the folder, one at a time, without counting as opening them (clean-ups use it). */
  async readAll(): Promise<Project[]> {
    const projects: Project[] = [];
    for (const entry of await this.list()) {
      const result = await this.files.read(entry.fileName).catch(() => undefined);
      if (result?.ok) projects.push(result.project);
    }
    return projects;
  }

  open(fileName: string): Promise<OpenResult> {
    // The list shown next has this row counted (or damaged), even during a first start's background count.
    this.listing.countAtOnce(fileName);
    return this.files.open(fileName);
  }

  /** Writes the project over its file; answers the new version's revision. */
  save(fileName: string, project: Project): Promise<number> {
    return this.files.save(fileName, project);
  }

  /**
   * Saves the project `patch` makes of the version `baseRevision` (project-patch.ts); fails with STALE when the
   * file's newest version is another one (the caller then saves the whole project).
   */
  savePatch(fileName: string, baseRevision: number, patch: ProjectPatch): Promise<number> {
    return this.files.savePatch(fileName, baseRevision, patch);
  }

  createAutosaver(fileName: string, options: Omit<ProjectAutosaverOptions, 'save'> = {}): ProjectAutosaver {
    return this.files.createAutosaver(fileName, options);
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
    return this.files.writeNewFile(project);
  }

  /**
   * The edits of a project that cannot be saved over its file, kept as a new project. Without a `title` it is
   * named as a copy ("Notes (copy)", "Notes (copy 2)"…, a title no project of the library has), so the library
   * never shows two projects of the same name: one with the edits, one that generation may still write into.
   */
  async saveAsNew(project: Project, title?: string): Promise<OpenedProject> {
    const copyTitle = title ?? (await this.copyTitleFor(project.title));
    const copy: Project = { ...project, id: randomUUID(), title: checkedTitle(copyTitle) };
    return this.files.writeNewFile(copy);
  }

  /** Writes a project read from elsewhere to a new file, keeping its id (so opening the same file again finds it). */
  async adopt(project: Project): Promise<OpenedProject> {
    return this.files.writeNewFile({ ...project, title: checkedTitle(project.title) });
  }

  async rename(fileName: string, title: string): Promise<OpenedProject> {
    this.listing.countAtOnce(fileName);
    const opened = await this.files.requireOpened(fileName);
    const renamed = renameProject(opened.project, checkedTitle(title));
    const revision = await this.save(fileName, renamed);
    await this.recentProjects.retitle(fileName, renamed.title);
    return { fileName, project: renamed, revision };
  }

  async duplicate(fileName: string, title?: string): Promise<OpenedProject> {
    this.listing.countAtOnce(fileName);
    const opened = await this.files.requireOpened(fileName);
    const copyTitle = title ?? (await this.copyTitleFor(opened.project.title));
    return this.files.writeNewFile({
      ...opened.project,
      id: randomUUID(),
      title: checkedTitle(copyTitle),
      createdAt: this.now().toISOString(),
    });
  }

  /** Moves the file, its backup and its pre-migration copies to the trash (the platform's, else `<data>/trash/`). */
  delete(fileName: string): Promise<void> {
    return this.backups.delete(fileName);
  }

  /** Applies the recovery an open() offered: the damaged file is kept aside, the backup becomes the project. */
  restoreBackup(fileName: string): Promise<OpenedProject> {
    return this.backups.restoreBackup(fileName);
  }

  /** A new project (or parts) from pasted text, parsed and built in the import worker. */
  importText(input: ImportTextInput, run: ImportRun = {}): Promise<ImportedProjects> {
    return this.imports.importText(input, run);
  }

  /** A new project (or parts) from a file, which the import worker reads itself: main never holds its bytes. */
  importTextFile(input: ImportTextFileInput, run: ImportRun = {}): Promise<ImportedProjects> {
    return this.imports.importTextFile(input, run);
  }

  /** What importing this file would make, without making it: chapters, blocks, speakers, credits, parts. */
  previewImportFile(
    input: Omit<ImportTextFileInput, 'serviceUrl' | 'defaults' | 'voices'>,
    run: ImportRun = {},
  ): Promise<ImportPreview & { parseMs: number }> {
    return this.imports.previewImportFile(input, run);
  }

  /** A revised manuscript's blocks and preview, for the editor to match to its project (see ProjectImports). */
  readRevisionFile(
    input: Omit<ImportTextFileInput, 'serviceUrl' | 'defaults' | 'voices'>,
    run: ImportRun = {},
  ): Promise<{ preview: ImportPreview; blocks: readonly ImportBlock[] }> {
    return this.imports.readRevisionFile(input, run);
  }

  /** Ends the preview or import running under `importId`; false when none is running (see ProjectImports). */
  cancelImport(importId: string): boolean {
    return this.imports.cancelImport(importId);
  }

  /** "Title (copy)", else "Title (copy 2)", "(copy 3)"…: the first no project of the library is called (any case). */
  private async copyTitleFor(title: string): Promise<string> {
    const base = title.trim().replace(/ \(copy(?: \d+)?\)$/u, '');
    // The titles as the list shows them: a first start's background count is not waited for (a file not counted
    // yet has the title from its head), so Duplicate answers at once.
    const taken = new Set((await this.listing.titles()).map((listed) => listed.toLocaleLowerCase()));
    for (let number = 1; ; number += 1) {
      const suffix = number === 1 ? ' (copy)' : ` (copy ${number})`;
      const candidate = `${base.slice(0, MAX_COPY_TITLE_LENGTH - suffix.length).trimEnd()}${suffix}`;
      if (!taken.has(candidate.toLocaleLowerCase())) return candidate;
    }
  }
}
