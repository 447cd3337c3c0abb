import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chapterSpans, planForChapter } from '../../../common/export/chapter-split.js';
import { bookPackageExtension } from '../../../common/export/export-mode.js';
import { formatSupportsRate, isAacFormat, type AudioFormat } from '../../../common/export/export-options.js';
import type { Project } from '../../../common/project/index.js';
import {
  chapterAudioFile,
  LPF_TOC_FILE,
  lpfTableOfContents,
  publicationManifest,
} from '../../../common/readalong/lpf-manifest.js';
import {
  coverFileName,
  type ReadAlongBookInfo,
  type ReadAlongChapter,
  type ReadAlongCover,
} from '../../../common/readalong/readalong-book.js';
import { epubEntries } from '../../../common/readalong/epub-package.js';
import type { ExportEngine, RunOptions } from '../export/index.js';
import { readCoverImage } from '../export/tags/cover-image.js';
import type { CoverStore } from '../projects/cover-store.js';
import { ExportCancelledError } from '../export/export-errors.js';
import { stagingPathFor } from '../export/output/staged-file.js';
import { writingTo } from '../export/output/writing-to.js';
import type { ExportOutputs, ExportTarget, PreparedExport } from '../project-export/project-exporter.js';
import { timedBlocksOf } from './chapter-timings.js';
import { checkPackageDestination, writePackageZip, type PackageEntry } from './readalong-zip.js';

/** The MP3 a read-along book carries when the export's format is WAV: spoken word, every reader plays it. */
const BOOK_MP3: AudioFormat = { format: 'mp3', bitrateKbps: 128 };

export interface ReadAlongExportOptions {
  readonly engine: ExportEngine;
  readonly pcmCacheDir: string;
  /** Where an imported book's cover is kept: the project's cover goes in the book when the user chose none. */
  readonly covers?: CoverStore | undefined;
}

/**
 * A read-along book: an EPUB 3 with Media Overlays (the text by chapter, each sentence highlighted as it is read)
 * or a W3C Audiobook (LPF: a zip of the chapters' audio and its publication manifest). Each chapter's audio is
 * rendered on its own, as the chapter export renders it, into a hidden staging folder beside the destination;
 * its text is timed against that very file; the package is zipped under a temporary name and renamed into place,
 * so nothing appears under the chosen name until the book is complete.
 */
export async function exportReadAlongBook(
  options: ReadAlongExportOptions,
  prepared: PreparedExport,
  target: ExportTarget,
  run: RunOptions = {},
): Promise<ExportOutputs> {
  const kind = bookPackageExtension(target.mode);
  if (kind === undefined) throw new Error(`${target.mode} is not a read-along book export`);
  checkPackageDestination(target.outputPath, target.overwrite);
  // Read before anything is rendered: a cover that cannot be used fails the export at once, naming the file.
  const cover = bookCover(options, prepared.project, target.coverPath);
  const staging = stagingPathFor(target.outputPath);
  const zipTemporary = stagingPathFor(target.outputPath);
  const write = async (): Promise<ExportOutputs> => {
    writingTo(target.outputPath, () => mkdirSync(staging));
    try {
      const chapters = await renderChapters(options, prepared, staging, run);
      const book = { ...bookInfo(prepared.project, new Date()), cover };
      const audio = (chapter: ReadAlongChapter): string => path.join(staging, chapter.audioFile);
      const entries: PackageEntry[] =
        kind === 'epub'
          ? epubEntries(book, chapters).map((entry) =>
              'audioFile' in entry ? { name: entry.name, file: path.join(staging, entry.audioFile) } : entry,
            )
          : [
              {
                name: 'publication.json',
                text: `${JSON.stringify(publicationManifest(book, chapters), null, 2)}\n`,
              },
              { name: LPF_TOC_FILE, text: lpfTableOfContents(book, chapters) },
              ...(cover === undefined ? [] : [{ name: coverFileName(cover), bytes: cover.bytes }]),
              ...chapters.map((chapter) => ({ name: `audio/${chapter.audioFile}`, file: audio(chapter) })),
            ];
      if (run.signal?.aborted) throw new ExportCancelledError();
      const bytes = await writePackageZip(
        entries,
        target.outputPath,
        zipTemporary,
        target.overwrite,
        run.signal,
      );
      const durationMs = chapters.reduce((sum, chapter) => sum + chapter.durationMs, 0);
      return { outputPath: target.outputPath, subtitlePaths: [], durationMs, bytes };
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  };
  const ledger = options.engine.partialFiles;
  return ledger ? ledger.track([staging, zipTemporary], write) : write();
}

/** The cover the user chose for this export, else the project's own (an imported book's), else none. */
function bookCover(
  options: ReadAlongExportOptions,
  project: Project,
  chosenPath: string | undefined,
): ReadAlongCover | undefined {
  const projectCover = project.metadata?.cover;
  const coverPath = chosenPath ?? (projectCover ? options.covers?.existingPath(projectCover) : undefined);
  if (coverPath === undefined) return undefined;
  const image = readCoverImage(coverPath);
  return { mediaType: image.mime, bytes: image.bytes };
}

/**
 * The audio a book carries: AAC in M4A when the export's format is AAC (an M4B's chapters and book flag belong to
 * the package here, so its chapters are plain M4A at the same bit rate), MP3 when it is MP3, else 128 kbps MP3.
 */
function bookAudioFor(format: AudioFormat): AudioFormat {
  if (isAacFormat(format)) return { format: 'm4a', bitrateKbps: format.bitrateKbps };
  return format.format === 'mp3' ? format : BOOK_MP3;
}

/** Renders every chapter (MP3 or M4A) in the staging folder and times its text against the file written. */
async function renderChapters(
  options: ReadAlongExportOptions,
  { project, settings, plan, sources, chapters }: PreparedExport,
  staging: string,
  { signal, onProgress }: RunOptions,
): Promise<ReadAlongChapter[]> {
  const audio = bookAudioFor(settings.options.audio);
  const aac = audio.format === 'm4a';
  // LAME and the AAC encoder take the MPEG rates only; a WAV export's 96 kHz is made 44.1 kHz for the book.
  const sampleRate = formatSupportsRate(audio, plan.sampleRate) ? plan.sampleRate : 44_100;
  const spans = chapterSpans(chapters, plan.durationMs, project.title);
  const written: ReadAlongChapter[] = [];
  for (const [index, span] of spans.entries()) {
    const chapterPlan = { ...planForChapter(plan, span), sampleRate };
    const audioFile = chapterAudioFile(index, aac ? 'm4a' : 'mp3');
    const result = await options.engine.exportMix(
      {
        plan: chapterPlan,
        sources,
        options: { ...settings.options, audio, subtitles: { srt: false, vtt: false } },
        outputPath: path.join(staging, audioFile),
        pcmCacheDir: options.pcmCacheDir,
        overwrite: false,
        tags: {
          metadata: { title: span.title, album: project.title, track: `${index + 1}/${spans.length}` },
          chapters: [],
          markers: false,
          chaptersJson: false,
        },
      },
      {
        ...(signal ? { signal } : {}),
        onProgress: (progress) => {
          const fraction = (index + progress.fraction) / spans.length;
          onProgress?.({ phase: 'render', fraction, phaseFraction: fraction });
        },
      },
    );
    const blocks = await timedBlocksOf(chapterPlan, options.pcmCacheDir, result.durationMs);
    written.push({
      title: span.title,
      audioFile,
      audioType: aac ? 'audio/mp4' : 'audio/mpeg',
      durationMs: result.durationMs,
      blocks,
    });
  }
  return written;
}

/** The book's metadata from the project: its title, author and language, and its voices as its narrators. */
function bookInfo(project: Project, modified: Date): ReadAlongBookInfo {
  const language =
    project.metadata?.language ??
    (project.defaults.language === 'auto' ? undefined : project.defaults.language);
  const voices = [project.defaults.voiceName, ...(project.cast ?? []).map((speaker) => speaker.voiceName)];
  const narrators = [
    ...new Set(voices.filter((name): name is string => name !== undefined && name.trim() !== '')),
  ];
  return {
    title: project.title,
    author: project.metadata?.author,
    narrators: narrators.length > 0 ? narrators : ['Timbre Studio synthetic voice'],
    language:
      language !== undefined && /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/u.test(language) ? language : 'und',
    identifier: `urn:uuid:${uuidFrom(project.id)}`,
    modified,
  };
}

/** A name-based UUID (version 5 layout, SHA-256 here) from the project's id: every export of a project is one book. */
function uuidFrom(id: string): string {
  const hex = createHash('sha256').update(`timbre-studio-book:${id}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
