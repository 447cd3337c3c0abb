import type { Project } from './project-schema.js';
import type { ProjectFileProblem } from './project-file.js';
import { isoLaterFirst } from '../text/iso-order.js';

/* What the projects folder tells the editor: shared by main (which produces them) and the renderer. */

/** A project file that opened: its name in the projects folder and its (migrated) content. */
export interface OpenedProject {
  fileName: string;
  project: Project;
  /** Set when the file was in an older format; it was migrated in memory and a copy of the original kept. */
  migratedFrom?: number;
  /** Main's number for this version of the file: later saves may send only what changed since (projects.savePatch). */
  revision?: number;
}

/** The projects an import made: the first opens; a book over the limits makes one per part. */
export interface ImportedProjects extends OpenedProject {
  parts: { fileName: string; title: string }[];
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

/** A project file listed with its figures. */
export interface CountedProjectEntry {
  ok: true;
  counting?: false;
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
  /**
   * What "generate first" (the batch, the CLI's --generate) would send as the file stands: its blocks without
   * current audio and their estimated credits (an upper bound: audio already made is reused at no cost).
   */
  toGenerate: { blocks: number; credits: number };
}

/**
 * A project file not counted yet: a prompt listing of a large library (files the list index does not hold) answers
 * once its time budget is spent, with the title from the file's head, and counts the rest in the background
 * (projects.listCounted says when). It may still turn out damaged.
 */
export interface CountingProjectEntry {
  ok: true;
  counting: true;
  fileName: string;
  title: string;
  modifiedAt: string;
}

/** A project file that does not read: damaged, from a newer version. */
export interface UnreadableProjectEntry {
  ok: false;
  fileName: string;
  modifiedAt: string;
  problem: OpenProblem;
  message: string;
  hasBackup: boolean;
}

/** A listing's row: what a full listing gives (every file counted or found unreadable). */
export type ListedProject = CountedProjectEntry | UnreadableProjectEntry;

/** A prompt listing's row (projects.list with `promptly`): a file may still be being counted. */
export type ProjectListEntry = ListedProject | CountingProjectEntry;

/** A project opened lately (newest first). */
export interface RecentProject {
  fileName: string;
  title: string;
  openedAt: string;
  /** The file's modification time; recent entries whose file is gone are left out. */
  modifiedAt: string;
}

/** Orders entries modified later first (`modifiedAt` is toISOString's: see isoLaterFirst). */
export function modifiedLaterFirst(a: { modifiedAt: string }, b: { modifiedAt: string }): number {
  return isoLaterFirst(a.modifiedAt, b.modifiedAt);
}
