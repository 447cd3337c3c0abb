import { z } from 'zod';
import { method } from './define.js';
import { absolutePathSchema } from './files-methods.js';

/** A saved problem report: where it is, its size, the files inside, and whether the file manager shows it. */
export interface SavedProblemReport {
  path: string;
  bytes: number;
  entries: string[];
  revealed: boolean;
}

/** Help → Report a Problem: a zip of what support needs (common/support/report-contents.ts), never a token. */
export const supportMethods = {
  /** Where the report is offered to go: the Downloads folder (else home) with a dated name. */
  'support.suggestedPath': method<{ path: string }>()(z.undefined()),
  /** The OS save dialog where the shell has one; null in the browser shell (it uses `files.openChooser`). */
  'support.chooseDestination': method<{ path: string | null }>()(
    z.object({ suggestedPath: absolutePathSchema }).strict(),
  ),
  /** Builds the report and saves it at a place the user chose, then shows it in the file manager. */
  'support.saveReport': method<SavedProblemReport>()(z.object({ outputPath: absolutePathSchema }).strict()),
};
