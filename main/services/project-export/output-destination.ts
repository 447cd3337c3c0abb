import { stat } from 'node:fs/promises';
import { IpcError } from '../../../common/ipc/errors.js';
import path from 'node:path';
import type { ProjectExportSettings } from '../../../common/export/index.js';
import { ensureWritableFolder, outputFiles } from './output-paths.js';
import { numberedName } from './output-name.js';
import type { ExportMode } from '../../../common/export/export-mode.js';
import { bookPackageExtension, exportContainer } from '../../../common/export/export-mode.js';
import { CHAPTER_MANIFEST_NAME } from './chapter-manifest.js';

export type { ExportMode };

/** What the user decided about files that already exist. */
export type OnExisting = 'ask' | 'replace' | 'keep-both';

export type DestinationCheck =
  | { ok: true; outputPath: string; overwrite: boolean }
  | { ok: false; conflicts: string[]; keepBothPath: string };

const MAX_NUMBERED_NAMES = 999;

/** The extension an output must carry for its format and mode; `''` for a folder. */
function requiredExtension(settings: ProjectExportSettings, mode: ExportMode): string {
  switch (exportContainer(mode)) {
    case 'file': {
      const book = bookPackageExtension(mode);
      if (book !== undefined) return `.${book}`;
      return mode === 'video'
        ? `.${settings.video?.container ?? 'mp4'}`
        : `.${settings.options.audio.format}`;
    }
    case 'zip':
      return '.zip';
    case 'folder':
      return '';
  }
}

/** Why this path cannot be the output for the format and mode, or null. */
export function extensionProblem(
  outputPath: string,
  settings: ProjectExportSettings,
  mode: ExportMode,
): string | null {
  const wanted = requiredExtension(settings, mode);
  const actual = path.extname(outputPath).toLowerCase();
  if (wanted === '') {
    return actual === ''
      ? null
      : `must be a folder name (without an extension like ${actual}) for one file per ${mode.startsWith('chapters') ? 'chapter' : 'block'}`;
  }
  return actual === wanted
    ? null
    : `must end in ${wanted} for this format (got ${actual === '' ? 'no extension' : actual})`;
}

/** Every file or folder the export writes for this output. */
export function writtenPaths(
  outputPath: string,
  settings: ProjectExportSettings,
  mode: ExportMode,
): string[] {
  const base = outputPath.slice(0, outputPath.length - path.extname(outputPath).length);
  // A zip is one file, with a retailer delivery's report beside it.
  if (exportContainer(mode) === 'zip') return outputFiles(base, settings, mode);
  if (mode !== 'mix' && mode !== 'video' && mode !== 'karaoke-vtt') return [outputPath];
  return outputFiles(base, settings, mode);
}

/**
 * Decides where an export goes given what already exists, one file at a time: nothing there, or the user chose
 * to replace → the path as asked; the user chose to keep both → the first free numbered name (`Episode (2).mp3`
 * with its `Episode (2).srt`); not decided yet → the files that exist, and the name "keep both" would use. An
 * earlier WAV+SRT export blocks an MP3 of the same name only through its SRT, and only if this export writes one.
 */
export async function settleDestination(
  outputPath: string,
  settings: ProjectExportSettings,
  mode: ExportMode,
  onExisting: OnExisting,
  exists: (filePath: string) => Promise<boolean> = pathExists,
): Promise<DestinationCheck> {
  const conflicts = await existing(writtenPaths(outputPath, settings, mode), exists);
  if (conflicts.length === 0) return { ok: true, outputPath, overwrite: false };
  if (onExisting === 'replace') return { ok: true, outputPath, overwrite: true };
  const keepBothPath = await freeNumberedPath(outputPath, settings, mode, exists);
  if (onExisting === 'keep-both') return { ok: true, outputPath: keepBothPath, overwrite: false };
  return { ok: false, conflicts, keepBothPath };
}

/** Where an export may go, or the files in its way with the sentence that asks the user about them. */
export type CheckedDestination =
  | { ok: true; outputPath: string; overwrite: boolean }
  | { ok: false; conflicts: string[]; keepBothPath: string; message: string };

/**
 * Everything about where an export goes, checked before anything starts or is sent: the extension fits the
 * format and mode, the folder exists (made on first use) and is writable, and any file already there is replaced
 * or kept only as the user said. A broken rule throws INVALID_INPUT naming `outputPath`.
 */
export async function checkDestination(
  outputPath: string,
  settings: ProjectExportSettings,
  mode: ExportMode,
  onExisting: OnExisting,
): Promise<CheckedDestination> {
  const wrongExtension = extensionProblem(outputPath, settings, mode);
  if (wrongExtension) {
    throw new IpcError({
      code: 'INVALID_INPUT',
      field: 'outputPath',
      message: `outputPath ${wrongExtension}`,
    });
  }
  try {
    await ensureWritableFolder(path.dirname(outputPath));
  } catch (error) {
    throw new IpcError({
      code: 'INVALID_INPUT',
      field: 'outputPath',
      message: error instanceof Error ? error.message : String(error),
    });
  }
  const settled = await settleDestination(outputPath, settings, mode, onExisting);
  if (settled.ok) return settled;
  if (mode === 'chapters-folder' && (await pathExists(path.join(outputPath, CHAPTER_MANIFEST_NAME)))) {
    // Replacing updates such a folder (chapter-files.ts): the user is told what Replace will do to it.
    const update = settings.rerenderAllChapters
      ? 'every chapter is written into it again'
      : 'only the chapters whose audio, name or tags changed are written again';
    return {
      ...settled,
      message: `“${path.basename(outputPath)}” in ${path.dirname(outputPath)} holds the chapter files of an earlier export. Replace to update it (${update}; files you added stay), or keep both and save as ${path.basename(settled.keepBothPath)}.`,
    };
  }
  const one = settled.conflicts.length === 1;
  const names = settled.conflicts.map((file) => path.basename(file)).join(', ');
  return {
    ...settled,
    message: `${names} already ${one ? 'exists' : 'exist'} in ${path.dirname(outputPath)}. Replace ${one ? 'it' : 'them'}, or keep both and save as ${path.basename(settled.keepBothPath)}.`,
  };
}

async function freeNumberedPath(
  outputPath: string,
  settings: ProjectExportSettings,
  mode: ExportMode,
  exists: (filePath: string) => Promise<boolean>,
): Promise<string> {
  const extension = path.extname(outputPath);
  const base = path.basename(outputPath, extension);
  for (let n = 2; n <= MAX_NUMBERED_NAMES; n += 1) {
    const candidate = path.join(path.dirname(outputPath), `${numberedName(base, n)}${extension}`);
    if ((await existing(writtenPaths(candidate, settings, mode), exists)).length === 0) return candidate;
  }
  throw new Error(
    `${path.dirname(outputPath)} already holds ${MAX_NUMBERED_NAMES} files named like “${base}”.`,
  );
}

async function existing(paths: string[], exists: (filePath: string) => Promise<boolean>): Promise<string[]> {
  const found = await Promise.all(
    paths.map(async (candidate) => ((await exists(candidate)) ? candidate : null)),
  );
  return found.filter((candidate): candidate is string => candidate !== null);
}

async function pathExists(filePath: string): Promise<boolean> {
  return stat(filePath).then(
    () => true,
    () => false,
  );
}
