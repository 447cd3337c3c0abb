import { constants } from 'node:fs';
import { access, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ProjectExportSettings } from '../../../common/export/index.js';
import { asUserFileError } from '../storage/user-file.js';
import { SINGLE_FILE_REPORT_SUFFIX } from '../export/preflight/delivery-check.js';
import { numberedName } from './output-name.js';
import type { ExportMode } from '../../../common/export/export-mode.js';
import { bookPackageExtension, exportContainer } from '../../../common/export/export-mode.js';

const MAX_NUMBERED_NAMES = 999;

export interface OutputPathRequest {
  destination: string;
  /** Sanitised base name (output-name.ts). */
  baseName: string;
  settings: ProjectExportSettings;
  /** Replace files already on disk (never outputs of this batch). */
  overwrite: boolean;
  /** Keys (outputKey) of outputs other items of the batch produced or will produce. */
  taken: ReadonlySet<string>;
  exists?: (filePath: string) => Promise<boolean>;
  /** One file (the default), or a folder or zip of per-block or per-chapter files. */
  mode?: ExportMode | undefined;
}

/** The files an export writes for a base path: the audio and the subtitles asked for. */
export function outputFiles(
  basePath: string,
  settings: ProjectExportSettings,
  mode: ExportMode = 'mix',
): string[] {
  const container = exportContainer(mode);
  if (container === 'folder') return [basePath];
  // A zipped retailer delivery's report goes beside the zip, replaced only as the zip is.
  if (container === 'zip')
    return [
      `${basePath}.zip`,
      ...(settings.retailProfile ? [`${basePath}${SINGLE_FILE_REPORT_SUFFIX}`] : []),
    ];
  const book = bookPackageExtension(mode);
  if (book !== undefined) return [`${basePath}.${book}`];
  const extension = mode === 'video' ? (settings.video?.container ?? 'mp4') : settings.options.audio.format;
  const files = [`${basePath}.${extension}`];
  if (settings.options.subtitles.srt) files.push(`${basePath}.srt`);
  if (settings.options.subtitles.vtt || mode === 'karaoke-vtt') files.push(`${basePath}.vtt`);
  if (settings.chapters?.json && mode === 'mix') files.push(`${basePath}.chapters.json`);
  // A retailer delivery's pre-flight report goes beside its single file: replaced only as the file is.
  if (settings.retailProfile !== undefined) files.push(`${basePath}${SINGLE_FILE_REPORT_SUFFIX}`);
  return files;
}

/**
 * Two outputs collide when their base paths differ only in letter case or Unicode form: macOS and Windows
 * treat those as one file, and "Intro.wav" and "intro.mp3" would share "intro.srt" anyway.
 */
export function outputKey(filePath: string): string {
  const parsed = path.parse(path.resolve(filePath));
  return path.join(parsed.dir, parsed.name).normalize('NFC').toLocaleLowerCase('en-US');
}

/**
 * The audio path for an item: the base name if free, else `name (2)`, `name (3)`, … A name is free when no other
 * item of the batch uses it and (unless overwriting) none of the files the export would write exists yet.
 */
export async function chooseOutputPath(request: OutputPathRequest): Promise<string> {
  const exists = request.exists ?? fileExists;
  for (let n = 1; n <= MAX_NUMBERED_NAMES; n += 1) {
    const basePath = path.join(request.destination, numberedName(request.baseName, n));
    if (request.taken.has(outputKey(basePath))) continue;
    if (!request.overwrite) {
      const found = await Promise.all(
        outputFiles(basePath, request.settings, request.mode).map((file) => exists(file)),
      );
      if (found.some(Boolean)) continue;
    }
    return outputFiles(basePath, request.settings, request.mode)[0] ?? basePath;
  }
  throw new Error(
    `${request.destination} already holds ${MAX_NUMBERED_NAMES} files named like “${request.baseName}”; choose another name template or folder.`,
  );
}

async function fileExists(filePath: string): Promise<boolean> {
  return stat(filePath).then(
    () => true,
    (error: unknown) => {
      if ((error as { code?: unknown }).code === 'ENOENT') return false;
      throw error;
    },
  );
}

/**
 * Makes the folder (and its parents) if needed and checks that files can be written there; throws a message
 * that names the folder and what is wrong. The default export folder is created this way on first use, for
 * single and batch exports alike.
 */
export async function ensureWritableFolder(folder: string): Promise<void> {
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    // EEXIST: a file holds the name, said below. Anything else (a file on the way there, a full or read-only
    // disk, no permission) as a sentence, never as "ENOTDIR".
    if ((error as { code?: unknown }).code !== 'EEXIST') throw asUserFileError(error, folder, 'write');
  }
  const info = await stat(folder).catch((error: unknown) => {
    throw asUserFileError(error, folder, 'write');
  });
  if (!info.isDirectory()) throw new Error(`${folder} is a file, not a folder. Choose another place.`);
  try {
    await access(folder, constants.W_OK);
  } catch (error) {
    throw new Error(
      `Timbre Studio may not write in ${folder}: check its permissions, or choose another place.`,
      {
        cause: error,
      },
    );
  }
}
