import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { IpcError } from '../../../common/ipc/errors.js';
import type { SaveFileType } from '../../platform/platform.js';

/** What the save dialog offers a report as: Electron's filter makes macOS and Windows add `.zip` to a bare name. */
export const REPORT_FILE_TYPE: SaveFileType = { name: 'Zip archive', extensions: ['zip'] };

/**
 * Where a report chosen at `chosenPath` is written. A name that does not end in `.zip` (typed bare in a dialog
 * that adds nothing: Linux's, or the browser shell's chooser; or "report v1.2", whose ".2" is no zip's) gets it,
 * so the file opens as the zip it is. That is a file the user did not choose: if it already exists the save is
 * refused with a sentence naming it, rather than replacing it unasked (the dialog's "Replace?" was about the
 * name typed) or picking "report (2).zip", a name the user never saw.
 */
export async function reportFilePath(chosenPath: string): Promise<string> {
  if (/\.zip$/iu.test(chosenPath)) return chosenPath;
  const withZip = `${chosenPath}.zip`;
  // Any failure to look (a missing folder, no permission) is left to the write, which names it in a sentence.
  const existing = await lstat(withZip).then(
    () => true,
    () => false,
  );
  if (!existing) return withZip;
  const name = path.basename(chosenPath);
  throw new IpcError({
    code: 'INVALID_INPUT',
    field: 'outputPath',
    message: `“${name}.zip” already exists in ${path.dirname(withZip)}: a report is saved as a .zip file, and you chose “${name}”. Choose “${name}.zip” to replace it, or another name.`,
  });
}
