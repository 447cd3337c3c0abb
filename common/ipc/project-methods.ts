import { z } from 'zod';
import type {
  ImportedProjects,
  OpenResult,
  OpenedProject,
  ProjectListEntry,
  RecentProject,
} from '../project/library-views.js';
import type { ImportBlock, ImportPreview } from '../import/imported-script.js';
import { importReadingSchema } from '../import/imported-script.js';
import { speakerVoicesSchema } from '../import/import-project.js';
import { PROJECT_FILE_EXTENSION } from '../project/project-file.js';
import { projectDefaultsSchema, projectSchema } from '../project/project-schema.js';
import { projectPatchSchema } from '../project/project-patch.js';
import { MAX_MAX_BLOCK_LENGTH, MIN_MAX_BLOCK_LENGTH, TEXT_ENCODINGS } from '../text/index.js';
import type { EventSpec } from './define.js';
import { method } from './define.js';

/** A project's file name in the projects folder (main checks it again before touching the disk). */
export const projectFileNameSchema = z
  .string()
  .min(1, 'is required')
  .max(255, 'must be at most 255 characters')
  .refine(
    (name) => name.endsWith(PROJECT_FILE_EXTENSION) && !/[/\\\0]/u.test(name) && !name.startsWith('.'),
    `must be a project file name ending in ${PROJECT_FILE_EXTENSION}, without folders`,
  );

const titleSchema = z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters');

export const scriptSplitSchema = z
  .object({
    splitSentences: z.boolean().optional(),
    maxLength: z
      .number()
      .int('must be a whole number of characters')
      .min(MIN_MAX_BLOCK_LENGTH, `must be at least ${MIN_MAX_BLOCK_LENGTH} characters`)
      .max(MAX_MAX_BLOCK_LENGTH, `must be at most ${MAX_MAX_BLOCK_LENGTH} characters`)
      .optional(),
    paragraphs: z.enum(['blank-lines', 'lines']).optional(),
  })
  .strict();

/** Scripts pasted into the import dialog; larger texts come as files through the upload staging. */
const MAX_PASTED_SCRIPT_CHARACTERS = 5_000_000;

/** An import's name while it runs, chosen by the page: a staged file's stagingId, or a new UUID for pasted text. */
const importIdSchema = z.uuid('must be an import id (UUID)');

/** The encoding the user chose for a text or HTML file in the import preview; main detects it when absent. */
const textEncodingSchema = z.enum(TEXT_ENCODINGS, { error: `must be one of ${TEXT_ENCODINGS.join(', ')}` });

/** When a save was written, and main's number for that version of the file. */
export interface SavedVersion {
  savedAt: string;
  revision: number;
}

/** The projects folder: list, create, open, save (autosave), rename, duplicate, delete, import. */
export const projectMethods = {
  /**
   * Every project file, newest first. With `promptly`, main answers within a short budget: files it has never
   * counted (a first start with a large library) come as `counting` rows, and projects.listCounted follows once
   * they are counted. Without it, every row is counted (what a batch needs for its credits).
   */
  'projects.list': method<ProjectListEntry[]>()(z.strictObject({ promptly: z.boolean() }).optional()),
  'projects.recent': method<RecentProject[]>()(z.undefined()),
  /** A new empty project for the active service (main fills in the service and its defaults). */
  'projects.create': method<OpenedProject>()(
    z.object({ title: titleSchema, defaults: projectDefaultsSchema.partial().optional() }).strict(),
  ),
  'projects.open': method<OpenResult>()(z.object({ fileName: projectFileNameSchema }).strict()),
  /** Writes the editor's document over its file (atomic, with a rolling backup); refuses damaged or changed files. */
  'projects.save': method<SavedVersion>()(
    z.object({ fileName: projectFileNameSchema, project: projectSchema }).strict(),
  ),
  /**
   * Saves as projects.save does, sending only what changed since the version `baseRevision` (common/project/
   * project-patch.ts). Fails with STALE when main's newest version of the file is another one: save it whole then.
   */
  'projects.savePatch': method<SavedVersion>()(
    z
      .object({
        fileName: projectFileNameSchema,
        baseRevision: z.number().int().min(0),
        patch: projectPatchSchema,
      })
      .strict(),
  ),
  /** Keeps a document whose own file can no longer be written (damaged, or changed elsewhere) as a new project. */
  'projects.saveAsNew': method<OpenedProject>()(
    z.object({ project: projectSchema, title: titleSchema.optional() }).strict(),
  ),
  'projects.rename': method<OpenedProject>()(
    z.object({ fileName: projectFileNameSchema, title: titleSchema }).strict(),
  ),
  'projects.duplicate': method<OpenedProject>()(
    z.object({ fileName: projectFileNameSchema, title: titleSchema.optional() }).strict(),
  ),
  /** Moves the file to the OS trash (or the app's own trash folder where there is none). */
  'projects.delete': method<null>()(z.object({ fileName: projectFileNameSchema }).strict()),
  /** A new project from pasted text, split into blocks (speaker labels and dialogue read as asked). */
  'projects.importText': method<ImportedProjects>()(
    z
      .object({
        title: titleSchema,
        text: z
          .string()
          .max(MAX_PASTED_SCRIPT_CHARACTERS, `must be at most ${MAX_PASTED_SCRIPT_CHARACTERS} characters`),
        split: scriptSplitSchema.optional(),
        reading: importReadingSchema.optional(),
        voices: speakerVoicesSchema.optional(),
        /** Names the import for projects.cancelImport and its projects.importProgress events. */
        importId: importIdSchema.optional(),
      })
      .strict(),
  ),
  /**
   * What importing a staged file (script, CSV/TSV, Markdown, HTML, DOCX, EPUB) would make: chapters, blocks,
   * speakers, characters and credits, and how many projects; nothing is created. The upload stays staged.
   */
  'projects.previewImport': method<ImportPreview & { parseMs: number }>()(
    z
      .object({
        stagingId: z.uuid('must be an upload id (UUID)'),
        fileName: z.string().min(1, 'is required').max(255, 'must be at most 255 characters'),
        split: scriptSplitSchema.optional(),
        reading: importReadingSchema.optional(),
        encoding: textEncodingSchema.optional(),
      })
      .strict(),
  ),
  /**
   * A revised manuscript (any file the import reads, staged) cut into blocks as an import would, for the editor to
   * match to the open project and show as a diff; nothing is created. The upload is discarded once read.
   */
  'projects.readRevision': method<{ preview: ImportPreview; blocks: ImportBlock[] }>()(
    z
      .object({
        stagingId: z.uuid('must be an upload id (UUID)'),
        fileName: z.string().min(1, 'is required').max(255, 'must be at most 255 characters'),
        split: scriptSplitSchema.optional(),
        reading: importReadingSchema.optional(),
        encoding: textEncodingSchema.optional(),
      })
      .strict(),
  ),
  /** A new project from a text file uploaded through staging.*; main detects its encoding unless one is given. */
  'projects.importStaged': method<ImportedProjects>()(
    z
      .object({
        stagingId: z.uuid('must be an upload id (UUID)'),
        fileName: z.string().min(1, 'is required').max(255, 'must be at most 255 characters'),
        title: titleSchema.optional(),
        split: scriptSplitSchema.optional(),
        reading: importReadingSchema.optional(),
        voices: speakerVoicesSchema.optional(),
        encoding: textEncodingSchema.optional(),
      })
      .strict(),
  ),
  /**
   * Opens a .timbre file the OS handed to the app (double-click, command line). A file in the projects folder opens
   * in place; one elsewhere is copied in (the original is never written) unless a project with its id is there.
   */
  'projects.openPath': method<OpenResult>()(
    z
      .object({
        path: z
          .string()
          .min(1, 'is required')
          .max(4096, 'must be at most 4096 characters')
          .refine(
            (value) => value.endsWith(PROJECT_FILE_EXTENSION),
            `must name a ${PROJECT_FILE_EXTENSION} file`,
          ),
      })
      .strict(),
  ),
  /**
   * Ends a preview or import in progress (its importId; a staged file's is its stagingId): its worker is stopped and
   * nothing is created. `cancelled` is false when it was already writing its projects: they exist, and it answers.
   */
  'projects.cancelImport': method<{ cancelled: boolean }>()(z.object({ importId: importIdSchema }).strict()),
  /** Applies the backup an open() offered for a damaged or missing file; the damaged file is kept aside. */
  'projects.restoreBackup': method<OpenedProject>()(z.object({ fileName: projectFileNameSchema }).strict()),
};

/** How far a preview or import has come, as its worker reports it (main parses imports off its event loop). */
export interface ImportProgressEvent {
  importId: string;
  /** 'waiting': queued behind other imports (at most two run at once); it can be cancelled meanwhile. */
  phase: 'waiting' | 'reading' | 'parsing' | 'splitting' | 'building' | 'checking';
  /** 0…1 of the whole preview or import. */
  fraction: number;
}

export interface ProjectEvents {
  'projects.importProgress': EventSpec<ImportProgressEvent>;
  /**
   * Rows a prompt listing left uncounted are counted, all of them or (while a long count runs, every ~0.75 s) more
   * of them: a new listing gives their figures.
   */
  'projects.listCounted': EventSpec<null>;
}
