import type { ImportReading } from '../../../common/import/imported-script.js';
import type { SpeakerVoices } from '../../../common/import/import-project.js';
import type { DefaultsOverride, Project, ProjectDefaults } from '../../../common/project/index.js';
import type {
  OpenResult,
  ImportedProjects,
  OpenedProject,
  ListedProject,
  RecentProject,
} from '../../../common/project/library-views.js';
import type { ScriptSplitOptions, TextEncoding } from '../../../common/text/index.js';
import type { ProjectAutosaver, ProjectAutosaverOptions } from './project-autosaver.js';

export type {
  OpenProblem,
  OpenResult,
  ImportedProjects,
  OpenedProject,
  ListedProject,
  ProjectListEntry,
  RecentProject,
} from '../../../common/project/library-views.js';

export interface CreateProjectInput {
  title: string;
  serviceUrl?: string | undefined;
  defaults?: DefaultsOverride | undefined;
}

/** The voice an import starts with when its defaults name none, chosen for the book's language once it is read. */
export type ImportVoiceChooser = (
  bookLanguage: string | undefined,
) => Promise<Pick<ProjectDefaults, 'voiceId' | 'voiceName'> | undefined>;

export interface ImportTextInput extends CreateProjectInput {
  text: string;
  split?: ScriptSplitOptions | undefined;
  /** Speaker labels and quoted dialogue (off when absent: every paragraph is the narrator's). */
  reading?: ImportReading | undefined;
  /** The voice chosen for each speaker found. */
  voices?: SpeakerVoices | undefined;
  defaultVoiceFor?: ImportVoiceChooser;
}

export interface ImportTextFileInput extends Omit<CreateProjectInput, 'title'> {
  filePath: string;
  /** Defaults to the file's name without its extension. */
  title?: string | undefined;
  split?: ScriptSplitOptions | undefined;
  reading?: ImportReading | undefined;
  voices?: SpeakerVoices | undefined;
  defaultVoiceFor?: ImportVoiceChooser;
  /** The name the user's file had (the staged copy has another); decides the format and names errors. */
  fileName?: string;
  /** The encoding the user chose for a text or HTML file; detected when absent. */
  encoding?: TextEncoding | undefined;
}

/** The projects folder: one `.timbre` file per project. */
export interface ProjectLibrary {
  list(): Promise<ListedProject[]>;
  create(input: CreateProjectInput): Promise<OpenedProject>;
  open(fileName: string): Promise<OpenResult>;
  /** Writes the project over its file, keeping the previous version as the backup. Refuses damaged, newer or changed files. */
  save(fileName: string, project: Project): Promise<unknown>;
  /** Writes an in-memory project to a new file (e.g. when its own file can no longer be saved over). */
  saveAsNew(project: Project, title?: string): Promise<OpenedProject>;
  rename(fileName: string, title: string): Promise<OpenedProject>;
  duplicate(fileName: string, title?: string): Promise<OpenedProject>;
  delete(fileName: string): Promise<void>;
  recent(): Promise<RecentProject[]>;
  importText(input: ImportTextInput): Promise<ImportedProjects>;
  importTextFile(input: ImportTextFileInput): Promise<ImportedProjects>;
  /** Applies the recovery an open() offered: the damaged file is kept aside, the backup becomes the project. */
  restoreBackup(fileName: string): Promise<OpenedProject>;
  createAutosaver(fileName: string, options?: Omit<ProjectAutosaverOptions, 'save'>): ProjectAutosaver;
}
