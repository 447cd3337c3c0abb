import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { ExportResult } from '../export/index.js';
import { ExportCancelledError } from '../export/export-errors.js';
import type { PartialFileLedger } from '../export/output/partial-file-ledger.js';
import { stagingPathFor } from '../export/output/staged-file.js';
import { writingTo, writingToAsync } from '../export/output/writing-to.js';

export interface ChapterFilesResult {
  readonly destination: string;
  readonly container: 'folder' | 'zip';
  /** Each chapter's audio and subtitle files, by name inside the folder or zip. */
  readonly files: readonly { readonly title: string; readonly audio: string; readonly subtitles: string[] }[];
  readonly durationMs: number;
}

interface ChapterFilesJob {
  destination: string;
  container: 'folder' | 'zip';
  overwrite: boolean;
  signal?: AbortSignal;
  files: readonly { name: string; extension: string; title: string }[];
  /** Exports chapter `index` to `outputPath`, reporting its own progress 0…1. */
  exportOne(index: number, outputPath: string, onFraction: (fraction: number) => void): Promise<ExportResult>;
  onFraction(fraction: number): void;
  /** Where the staging folder and the zip's temporary file are recorded, so a killed export's are removed. */
  partialFiles?: PartialFileLedger | undefined;
}

/**
 * Writes every chapter into a hidden staging folder next to the destination, then either renames the folder into
 * place or stores its files in a zip (audio does not shrink under deflate). Nothing appears under the chosen name
 * until every chapter is complete; a failure or cancel removes the staging folder.
 */
export async function writeChapterFiles(job: ChapterFilesJob): Promise<ChapterFilesResult> {
  checkChapterDestination(job.destination, job.container, job.overwrite);
  const staging = stagingPathFor(job.destination);
  const zipTemporary = stagingPathFor(job.destination);
  const write = (): Promise<ChapterFilesResult> => writeStaged(job, staging, zipTemporary);
  return job.partialFiles ? job.partialFiles.track([staging, zipTemporary], write) : write();
}

async function writeStaged(
  job: ChapterFilesJob,
  staging: string,
  zipTemporary: string,
): Promise<ChapterFilesResult> {
  writingTo(job.destination, () => mkdirSync(staging));
  try {
    const written: { title: string; audio: string; subtitles: string[] }[] = [];
    let durationMs = 0;
    for (const [index, file] of job.files.entries()) {
      if (job.signal?.aborted) throw new ExportCancelledError();
      const audio = `${file.name}.${file.extension}`;
      const result = await job.exportOne(index, path.join(staging, audio), (fraction) =>
        job.onFraction((index + fraction) / job.files.length),
      );
      durationMs += result.durationMs;
      written.push({
        title: file.title,
        audio,
        subtitles: result.subtitlePaths.map((subtitlePath) => path.basename(subtitlePath)),
      });
    }
    if (job.signal?.aborted) throw new ExportCancelledError();
    if (job.container === 'zip')
      await zipFolder(staging, written, job.destination, zipTemporary, job.overwrite);
    else {
      writingTo(job.destination, () => {
        // Only the empty folder checked at the start is replaced: rmdir refuses one that has filled since.
        if (job.overwrite && existsSync(job.destination)) rmdirSync(job.destination);
        renameSync(staging, job.destination);
      });
    }
    return { destination: job.destination, container: job.container, files: written, durationMs };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The same rules as the per-block export: a new folder (or an empty one, replaced), a zip replaced only when asked. */
function checkChapterDestination(destination: string, container: 'folder' | 'zip', overwrite: boolean): void {
  const parent = path.dirname(destination);
  if (!existsSync(parent) || !statSync(parent).isDirectory())
    throw new Error(`destination: folder ${parent} does not exist`);
  if (!existsSync(destination)) return;
  if (container === 'zip') {
    if (!overwrite) throw new Error(`destination: ${destination} already exists; set overwrite to replace`);
    return;
  }
  const isEmptyFolder = statSync(destination).isDirectory() && readdirSync(destination).length === 0;
  if (!overwrite || !isEmptyFolder) {
    throw new Error(
      `destination: folder ${destination} already exists (only an empty one is replaced, with overwrite)`,
    );
  }
}

async function zipFolder(
  folder: string,
  files: readonly { audio: string; subtitles: string[] }[],
  destination: string,
  temporary: string,
  overwrite: boolean,
): Promise<void> {
  const zip = new ZipFile();
  for (const file of files) {
    for (const name of [file.audio, ...file.subtitles]) {
      zip.addFile(path.join(folder, name), name, { compress: false, mode: 0o100644 });
    }
  }
  zip.end();
  try {
    await writingToAsync(destination, () =>
      pipeline(zip.outputStream, createWriteStream(temporary, { flags: 'wx' })),
    );
    writingTo(destination, () => {
      if (overwrite && existsSync(destination)) rmSync(destination, { force: true });
      renameSync(temporary, destination);
    });
  } finally {
    rmSync(temporary, { force: true });
  }
}
