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
import type { ExportResult } from '../export/index.js';
import { ExportCancelledError } from '../export/export-errors.js';
import type { PartialFileLedger } from '../export/output/partial-file-ledger.js';
import { stagingPathFor } from '../export/output/staged-file.js';
import { writingTo, writingToAsync } from '../export/output/writing-to.js';
import type { EarlierChapters, ManifestChapter } from './chapter-manifest.js';
import {
  readChapterManifest,
  stillAsWritten,
  unreadableManifestWarning,
  writeChapterManifest,
} from './chapter-manifest.js';
import { publishChapterUpdate, stampFiles } from './chapter-update.js';

export interface ChapterFilesResult {
  readonly destination: string;
  readonly container: 'folder' | 'zip';
  /** Each chapter's audio and subtitle files, by name inside the folder or zip. */
  readonly files: readonly { readonly title: string; readonly audio: string; readonly subtitles: string[] }[];
  readonly durationMs: number;
  /** The chapters (0-based, in export order) rendered now, and those kept as an earlier export wrote them. */
  readonly written: readonly number[];
  readonly kept: readonly number[];
  /** Why the earlier export's files could not be kept (its list of chapter files was unreadable). */
  readonly warnings: readonly string[];
}

interface ChapterFilesJob {
  destination: string;
  container: 'folder' | 'zip';
  overwrite: boolean;
  signal?: AbortSignal;
  /** Each chapter's file name and fingerprint (chapter-fingerprint.ts: what decides its bytes). */
  files: readonly { name: string; extension: string; title: string; fingerprint: string }[];
  /**
   * Keep a chapter file an earlier export left in the destination folder when its fingerprint is unchanged and it
   * is still as written (size and time); false writes every chapter again.
   */
  reuse: boolean;
  /** Exports chapter `index` to `outputPath`, reporting its own progress 0…1. */
  exportOne(index: number, outputPath: string, onFraction: (fraction: number) => void): Promise<ExportResult>;
  onFraction(fraction: number): void;
  /** Where the staging folder and the zip's temporary file are recorded, so a killed export's are removed. */
  partialFiles?: PartialFileLedger | undefined;
}

/** How the destination is written: made new, put in place of an empty folder or a zip, or updated in place. */
type Placement = 'new' | 'replace' | 'update';

/**
 * Writes every chapter into a hidden staging folder next to the destination, then either renames the folder into
 * place or stores its files in a zip (audio does not shrink under deflate). Nothing appears under the chosen name
 * until every chapter is complete; a failure or cancel removes the staging folder. A folder holding an earlier
 * chapter export (its `.timbre-chapters.json`) is updated in place when replacing: the chapters whose files are
 * unchanged are kept, the others moved in once all are rendered, and the list is written last.
 */
export async function writeChapterFiles(job: ChapterFilesJob): Promise<ChapterFilesResult> {
  const earlier: EarlierChapters =
    job.container === 'folder' && existsSync(job.destination)
      ? await readChapterManifest(job.destination)
      : { kind: 'none' };
  const placement = checkChapterDestination(job, earlier.kind !== 'none');
  const staging = stagingPathFor(job.destination);
  const zipTemporary = stagingPathFor(job.destination);
  const write = (): Promise<ChapterFilesResult> =>
    writeStaged(job, placement === 'update' ? earlier : { kind: 'none' }, placement, staging, zipTemporary);
  return job.partialFiles ? job.partialFiles.track([staging, zipTemporary], write) : write();
}

async function writeStaged(
  job: ChapterFilesJob,
  earlier: EarlierChapters,
  placement: Placement,
  staging: string,
  zipTemporary: string,
): Promise<ChapterFilesResult> {
  writingTo(job.destination, () => mkdirSync(staging));
  try {
    const listed = job.reuse && earlier.kind === 'listed' ? earlier.manifest.chapters : [];
    const keepable = new Map(listed.map((chapter) => [chapter.fingerprint, chapter]));
    const chapters: ManifestChapter[] = [];
    const files: { title: string; audio: string; subtitles: string[] }[] = [];
    const written: number[] = [];
    const kept: number[] = [];
    for (const [index, file] of job.files.entries()) {
      if (job.signal?.aborted) throw new ExportCancelledError();
      const audio = `${file.name}.${file.extension}`;
      const earlierChapter = keepable.get(file.fingerprint);
      if (
        earlierChapter?.files[0]?.name === audio &&
        (await stillAsWritten(job.destination, earlierChapter.files))
      ) {
        kept.push(index);
        chapters.push(earlierChapter);
        files.push({ title: file.title, audio, subtitles: earlierChapter.files.slice(1).map((f) => f.name) });
        job.onFraction((index + 1) / job.files.length);
        continue;
      }
      const result = await job.exportOne(index, path.join(staging, audio), (fraction) =>
        job.onFraction((index + fraction) / job.files.length),
      );
      written.push(index);
      const subtitles = result.subtitlePaths.map((subtitlePath) => path.basename(subtitlePath));
      files.push({ title: file.title, audio, subtitles });
      chapters.push({
        title: file.title,
        fingerprint: file.fingerprint,
        durationMs: result.durationMs,
        files: [audio, ...subtitles].map((name) => ({ name, bytes: 0, mtimeMs: 0 })),
      });
    }
    if (job.signal?.aborted) throw new ExportCancelledError();
    const rendered = written.map((index) => chapters[index]!);
    if (job.container === 'zip')
      await zipFolder(staging, files, job.destination, zipTemporary, job.overwrite);
    else if (placement === 'update')
      await publishChapterUpdate(job.destination, staging, rendered, chapters, earlier);
    else {
      await stampFiles(staging, rendered);
      await writeChapterManifest(staging, chapters);
      writingTo(job.destination, () => {
        // Only the empty folder checked at the start is replaced: rmdir refuses one that has filled since.
        if (placement === 'replace' && existsSync(job.destination)) rmdirSync(job.destination);
        renameSync(staging, job.destination);
      });
    }
    const durationMs = chapters.reduce((sum, chapter) => sum + chapter.durationMs, 0);
    const warnings =
      job.reuse && earlier.kind === 'unreadable'
        ? [unreadableManifestWarning(job.destination, earlier.problem)]
        : [];
    return {
      destination: job.destination,
      container: job.container,
      files,
      durationMs,
      written,
      kept,
      warnings,
    };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * The same rules as the per-block export: a new folder (or an empty one, replaced), a zip replaced only when asked;
 * and, replacing, a folder an earlier chapter export wrote (`listed`: it holds that export's list) is updated.
 */
function checkChapterDestination(
  { destination, container, overwrite }: ChapterFilesJob,
  listed: boolean,
): Placement {
  const parent = path.dirname(destination);
  if (!existsSync(parent) || !statSync(parent).isDirectory())
    throw new Error(`destination: folder ${parent} does not exist`);
  if (!existsSync(destination)) return 'new';
  if (container === 'zip') {
    if (!overwrite) throw new Error(`destination: ${destination} already exists; set overwrite to replace`);
    return 'replace';
  }
  const isFolder = statSync(destination).isDirectory();
  if (overwrite && isFolder && readdirSync(destination).length === 0) return 'replace';
  if (overwrite && isFolder && listed) return 'update';
  throw new Error(
    `destination: folder ${destination} already exists (only an empty one, or one an earlier chapter export wrote, is replaced, with overwrite)`,
  );
}

async function zipFolder(
  folder: string,
  files: readonly { audio: string; subtitles: string[] }[],
  destination: string,
  temporary: string,
  overwrite: boolean,
): Promise<void> {
  const { ZipFile } = await import('yazl');
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
