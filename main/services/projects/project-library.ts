import type { Project, ProjectDefaults, ProjectFileProblem } from '../../../common/project/index.js';
import type { ScriptSplitOptions } from '../../../common/text/index.js';
import type { ProjectAutosaver, ProjectAutosaverOptions } from './project-autosaver.js';
import type { RecentProjectEntry } from './recent-projects.js';

/** A project file that opened: its name in the projects folder and its (migrated) content. */
export interface OpenedProject {
  fileName: string;
  project: Project;
  /** Set when the file was in an older format; it was migrated in memory and a copy of the original kept. */
  migratedFrom?: number;
}

/** Why a project file did not open: damaged (not JSON, or failing the schema), too new, or missing. */
export type OpenProblem = ProjectFileProblem | 'missing';

export type OpenResult =
  | ({ ok: true } & OpenedProject)
  | {
      ok: false;
      fileName: string;
      problem: OpenProblem;
      /** For people; for a damaged file it names the first bad field. */
      message: string;
      fieldPath?: string;
      /**
       * The rolling backup (the version saved before the last one) when the main file is damaged or missing and the
       * backup reads well. Offered, never applied silently: restoreBackup() applies it.
       */
      recovery?: { source: 'backup'; project: Project; savedAt: string };
    };

export type ProjectListEntry =
  | {
      ok: true;
      fileName: string;
      id: string;
      title: string;
      /** The file's modification time (ISO). */
      modifiedAt: string;
      blockCount: number;
      characterCount: number;
      /** Total length, real where audio exists, estimated elsewhere. */
      durationMs: number;
      durationEstimated: boolean;
    }
  | {
      ok: false;
      fileName: string;
      modifiedAt: string;
      problem: OpenProblem;
      message: string;
      hasBackup: boolean;
    };

export interface RecentProject extends RecentProjectEntry {
  /** The file's modification time; recent entries whose file is gone are left out. */
  modifiedAt: string;
}

export interface CreateProjectInput {
  title: string;
  serviceUrl?: string | undefined;
  defaults?: Partial<ProjectDefaults> | undefined;
}

export interface ImportTextInput extends CreateProjectInput {
  text: string;
  split?: ScriptSplitOptions | undefined;
}

export interface ImportTextFileInput extends Omit<CreateProjectInput, 'title'> {
  filePath: string;
  /** Defaults to the file's name without its extension. */
  title?: string | undefined;
  split?: ScriptSplitOptions | undefined;
}

/** The projects folder: one `.timbre` file per project. */
export interface ProjectLibrary {
  list(): Promise<ProjectListEntry[]>;
  create(input: CreateProjectInput): Promise<OpenedProject>;
  open(fileName: string): Promise<OpenResult>;
  /** Writes the project over its file, keeping the previous version as the backup. Refuses damaged, newer or changed files. */
  save(fileName: string, project: Project): Promise<void>;
  /** Writes an in-memory project to a new file (e.g. when its own file can no longer be saved over). */
  saveAsNew(project: Project, title?: string): Promise<OpenedProject>;
  rename(fileName: string, title: string): Promise<OpenedProject>;
  duplicate(fileName: string, title?: string): Promise<OpenedProject>;
  delete(fileName: string): Promise<void>;
  recent(): Promise<RecentProject[]>;
  importText(input: ImportTextInput): Promise<OpenedProject>;
  importTextFile(input: ImportTextFileInput): Promise<OpenedProject>;
  /** Applies the recovery an open() offered: the damaged file is kept aside, the backup becomes the project. */
  restoreBackup(fileName: string): Promise<OpenedProject>;
  createAutosaver(fileName: string, options?: Omit<ProjectAutosaverOptions, 'save'>): ProjectAutosaver;
}
