import { z } from 'zod';
import type { MissingAudio } from '../export/project-render-plan.js';
import type { PreflightResult } from '../export/preflight-checks.js';
import type { RetailProfileId } from '../export/retail-profile-schema.js';
import { projectExportSettingsSchema } from '../export/project-export-settings.js';
import { exportModeSchema as exportModes } from '../export/export-mode.js';
import { projectSchema } from '../project/project-schema.js';
import type { EventSpec } from './define.js';
import { method } from './define.js';
import { absolutePathSchema } from './files-methods.js';
import { projectFileNameSchema } from './project-methods.js';

const exportIdSchema = z.uuid('must be an export id (UUID)');

/** Files the export would write that exist already, and the numbered name "keep both" would use. */
export interface ExportConflict {
  ok: false;
  reason: 'conflict';
  conflicts: string[];
  keepBothPath: string;
  message: string;
}

export type ExportStartResult =
  | { ok: true; exportId: string; outputPath: string }
  | { ok: false; reason: 'missing-audio'; missing: MissingAudio[]; message: string }
  | { ok: false; reason: 'empty'; message: string }
  | ExportConflict;

/** The pre-flight report of a delivery before any of its files is written (main renders it in staging). */
export interface DeliveryCheckReport {
  readonly profileId: RetailProfileId;
  readonly title: string;
  /** When the check ran (ISO 8601), for the saved report. */
  readonly checkedAt: string;
  /** Per file and per rule, as the check after export gives them. */
  readonly results: readonly PreflightResult[];
  /** The names of the files the export would write, as measured. */
  readonly files: readonly string[];
  /** One line: how many checks pass or fail. */
  readonly summary: string;
}

export type ExportCheckResult =
  | { ok: true; report: DeliveryCheckReport }
  | { ok: false; reason: 'missing-audio'; missing: MissingAudio[]; message: string }
  | { ok: false; reason: 'empty' | 'cancelled'; message: string };

export type GenerateThenExportResult = { ok: true; itemId: string; outputPath: string } | ExportConflict;

/** What to do with files the export would write that already exist: ask (the default), replace, keep both. */
const onExistingSchema = z.enum(['ask', 'replace', 'keep-both']).default('ask');
const exportModeSchema = exportModes.default('mix');

export interface ExportProgressEvent {
  exportId: string;
  projectId: string;
  phase: string;
  /** 0…1 of the whole export. */
  fraction: number;
}

export type ExportFinishedEvent =
  | {
      exportId: string;
      projectId: string;
      ok: true;
      outputPath: string;
      subtitlePaths: string[];
      durationMs: number;
      bytes: number;
      /** What the export left out and why (a reference video's sound it could not mix in), in sentences. */
      warnings?: string[];
      /** A per-chapter export's chapters written and kept: "Wrote 3 chapters (2, 7, 9); kept 21 unchanged." */
      summary?: string;
    }
  | { exportId: string; projectId: string; ok: false; cancelled: boolean; message: string };

/** Local export of a project: the mix as one file, or one file per block or chapter. */
export const exportMethods = {
  /** Where exports go unless the user picks another place. */
  'export.defaultFolder': method<{ folder: string }>()(z.undefined()),
  /** The OS save dialog where the shell has one; null in the browser shell (the page asks for a path). */
  'export.chooseDestination': method<{ path: string | null }>()(
    z.object({ suggestedPath: absolutePathSchema }).strict(),
  ),
  /**
   * Exports the project as it is. The path must be one the user chose (a dialog, or inside the default export
   * folder) with the format's extension; existing files are reported (`conflict`) unless `onExisting` decides.
   */
  'export.start': method<ExportStartResult>()(
    z
      .object({
        project: projectSchema,
        settings: projectExportSettingsSchema,
        outputPath: absolutePathSchema,
        /** `mix`: one audio file (+ subtitles); `blocks-*`: one file per speech block; `chapters-*`: per chapter. */
        mode: exportModeSchema,
        onExisting: onExistingSchema,
        /** A JPEG or PNG uploaded through staging.*, embedded as the cover of MP3 output. */
        coverStagingId: z.uuid('must be an upload id (UUID)').optional(),
      })
      .strict(),
  ),
  /**
   * Generates what a project of the projects folder lacks, then exports it: one job owned by main (the batch
   * queue), which survives closing the dialog and restarting, and notifies when the file is written. The
   * destination is checked before anything is sent.
   */
  'export.generateThenExport': method<GenerateThenExportResult>()(
    z
      .object({
        fileName: projectFileNameSchema,
        title: z.string().max(200, 'must be at most 200 characters'),
        settings: projectExportSettingsSchema,
        outputPath: absolutePathSchema,
        mode: exportModeSchema,
        onExisting: onExistingSchema,
        /** A cover uploaded through staging.*, as `export.start`'s: kept with the queued export until it runs. */
        coverStagingId: z.uuid('must be an upload id (UUID)').optional(),
      })
      .strict(),
  ),
  /**
   * "Check delivery": renders the files a retailer delivery (settings with a profile) would write into a private
   * staging folder, measures them, checks the profile's rules, and answers with the report; nothing is written at
   * `outputPath` (its name names the files). Progress goes out as `export.progress` under `checkId`, which
   * `export.cancel` stops.
   */
  'export.check': method<ExportCheckResult>()(
    z
      .object({
        checkId: exportIdSchema,
        project: projectSchema,
        settings: projectExportSettingsSchema,
        outputPath: absolutePathSchema,
        mode: exportModeSchema,
      })
      .strict(),
  ),
  'export.cancel': method<null>()(z.object({ exportId: exportIdSchema }).strict()),
  /**
   * The export dialog opened: main starts the next export's worker thread now, so an export started from the
   * dialog does not wait for it (it is ended unused after a few minutes).
   */
  /**
   * The export dialog opened on this project with these settings (or they changed): main starts the export's worker
   * and decodes the project's audio ahead, while the user chooses. Only a head start: nothing is answered.
   */
  'export.dialogOpened': method<null>()(
    z.object({ fileName: projectFileNameSchema, settings: projectExportSettingsSchema }).strict(),
  ),
  /** The export dialog closed (or its settings changed): the decoding ahead stops. */
  'export.dialogClosed': method<null>()(z.undefined()),
};

export interface ExportEvents {
  'export.progress': EventSpec<ExportProgressEvent>;
  'export.finished': EventSpec<ExportFinishedEvent>;
}
