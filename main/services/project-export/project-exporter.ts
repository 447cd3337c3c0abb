import path from 'node:path';
import type { MissingAudio, ProjectExportSettings, RenderPlan } from '../../../common/export/index.js';
import type { CoverStore } from '../projects/cover-store.js';
import type { ServiceLexicons } from '../pronunciation/service-lexicons.js';
import { buildProjectRenderPlan } from '../../../common/export/index.js';
import { settingsForChapters } from '../../../common/export/project-export-settings.js';
import type { ChapterSpan } from '../../../common/export/chapter-split.js';
import { chapterSpans } from '../../../common/export/chapter-split.js';
import type { FileTags } from '../export/tags/file-tags.js';
import { writeChapterFiles } from './chapter-files.js';
import { chapterPartsJob, exportChapterPartsMix, usesChapterParts } from './chapter-parts-mix.js';
import { chapterRequests } from './chapter-requests.js';
import { chapterFilesSummary } from '../../../common/export/chapter-files-summary.js';
import type { Project } from '../../../common/project/index.js';
import { findBlock, excerpt } from '../../../common/project/index.js';
import type { AudioCache } from '../audio-cache/index.js';
import type { ExportEngine, RunOptions } from '../export/index.js';
import type { ExportMode } from '../../../common/export/export-mode.js';
import { exportVideoWithSoundtrack } from '../video-export/video-soundtrack-export.js';
import { checkPictureFitsOutput } from '../video-export/picture-container-check.js';
import { projectOriginalSound } from '../video-export/original-sound-bed.js';
import { iso639Of } from '../export/tags/id3-tag.js';
import { creditedNarrator } from '../../../common/export/credits-text.js';
import { exportCheckedDelivery } from './retail-delivery.js';
import { exportReadAlongBook, withKaraokeVtt } from '../readalong-export/index.js';
import { ProjectNotReadyError } from './project-not-ready-error.js';

export interface ProjectExporterOptions {
  engine: ExportEngine;
  audio: AudioCache;
  /** Decoded audio kept between exports (unchanged blocks are not decoded again). */
  pcmCacheDir: string;
  /** Each project's send context, so the audio exported is the audio the editor shows as current. */
  lexicons: ServiceLexicons;
  /** Where an imported book's cover is kept: a project's cover is embedded when the user chose none. */
  covers?: CoverStore;
  /**
   * The reference videos the video mode may read (the app's: the files the user chose). A project file names its
   * video by path, and a project someone sent must not get another file of this machine read into an export.
   * Absent for the `timbre` command, where the user names the project and the video themselves.
   */
  videos?: { allows(filePath: string): boolean };
  /** The app's version, in every chapter file's fingerprint: an update may change what the engine writes. */
  appVersion?: string;
  /** Where an MP3 with chapters keeps its parts (export/part-reuse/); `<data>/part-cache` beside the PCM cache if absent. */
  partCacheDir?: string;
}

/** A project checked ready to export (prepare): its render plan and the audio file of every clip. */
export interface PreparedExport {
  readonly project: Project;
  readonly settings: ProjectExportSettings;
  readonly plan: RenderPlan;
  readonly sources: Record<string, string>;
  readonly chapters: { title: string; startMs: number }[];
}

/** Where an export writes and what: the mode picks the files (common/export/export-mode.ts). */
export interface ExportTarget {
  /** The file (mix), or the folder or zip (one file per block or chapter). */
  readonly outputPath: string;
  readonly mode: ExportMode;
  /** Replace what is there (the user said so); otherwise an existing output fails the export. */
  readonly overwrite: boolean;
  /** A JPEG or PNG the user chose, embedded as the cover; the project's own cover otherwise. */
  readonly coverPath?: string | undefined;
  /** The video mode's picture when the user named one (the CLI's --video FILE); the project's own otherwise. */
  readonly videoPath?: string | undefined;
}

/** What an export wrote, whatever its mode. */
export interface ExportOutputs {
  /** The audio file (mix), or the folder or zip. */
  readonly outputPath: string;
  readonly subtitlePaths: readonly string[];
  /** The Podcasting 2.0 chapters file beside a mix, if asked for. */
  readonly chaptersJsonPath?: string | undefined;
  readonly durationMs: number;
  readonly bytes: number;
  /** What the export left out and why, for the user (a reference video's sound that could not be mixed in). */
  readonly warnings?: readonly string[] | undefined;
  /** What a per-chapter export wrote and kept: "Wrote 3 chapters (2, 7, 9); kept 21 unchanged." */
  readonly summary?: string | undefined;
}

/**
 * A project to files: builds the render plan from the project (common/export), finds each block's audio in the
 * audio cache of the project's service, and runs the export engine in its worker. Every export (the Export
 * dialog, generate-then-export, the batch queue, the `timbre` command) is `prepare` once, then `export` with
 * the mode, so they all write the same files; `export` is the one place that turns a mode into files.
 */
export class ProjectExporter {
  constructor(readonly options: ProjectExporterOptions) {}

  /** The project's own cover (an imported book's), if it is still in the cover folder. */
  private projectCoverPath(project: Project): string | undefined {
    const cover = project.metadata?.cover;
    return cover ? this.options.covers?.existingPath(cover) : undefined;
  }

  /** The plan and its source files, or the blocks that keep the project from being exported. */
  async prepare(project: Project, settings: ProjectExportSettings): Promise<PreparedExport> {
    const result = buildProjectRenderPlan(project, this.options.lexicons.contextFor(project), {
      sampleRate: settings.sampleRate,
      channels: settings.channels,
      ducking: settings.ducking,
    });
    if (!result.ok) throw new ProjectNotReadyError('missing' in result ? result.missing : []);
    const serviceUrl = project.serviceUrl ?? '';
    const sources: Record<string, string> = {};
    const gone: MissingAudio[] = [];
    for (const clip of result.plan.clips) {
      if (sources[clip.sourceKey]) continue;
      const entry =
        serviceUrl === '' ? undefined : await this.options.audio.lookup(serviceUrl, clip.sourceKey);
      if (entry) {
        sources[clip.sourceKey] = entry.filePath;
        continue;
      }
      // The project says "generated" but the audio is not on this machine (another computer, a cleared cache).
      const location = findBlock(project, clip.id);
      const block = location?.block;
      gone.push({
        blockId: clip.id,
        track: clip.track,
        reason: 'not-generated',
        label: block && 'text' in block ? excerpt(block.text) : clip.id,
      });
    }
    if (gone.length > 0) throw new ProjectNotReadyError(gone);
    // Markers and a chapters file only for a project with chapters, whoever asked (a batch's form covers many).
    const chapterSettings = settingsForChapters(settings, result.chapters.length);
    return { project, settings: chapterSettings, plan: result.plan, sources, chapters: result.chapters };
  }

  /**
   * Writes a prepared project as the mode asks. The one switch on the mode: a new mode (video, M4B with its
   * chapters…) is a case here, and `tsc` points at it once the mode is added to `exportModeSchema`.
   */
  async export(prepared: PreparedExport, target: ExportTarget, run: RunOptions = {}): Promise<ExportOutputs> {
    if (prepared.settings.retailProfile !== undefined)
      return exportCheckedDelivery(
        prepared,
        (plain) => this.export(plain, target, run),
        this.options,
        run,
        target.overwrite,
      );
    const mode = target.mode;
    switch (mode) {
      case 'mix':
        return this.exportMix(prepared, target, run);
      case 'chapters-folder':
        return this.exportChapters(prepared, target, 'folder', run);
      case 'chapters-zip':
        return this.exportChapters(prepared, target, 'zip', run);
      case 'blocks-folder':
        return this.exportBlocks(prepared, target, 'folder', run);
      case 'blocks-zip':
        return this.exportBlocks(prepared, target, 'zip', run);
      case 'video':
        return this.exportVideo(prepared, target, run);
      case 'epub-read-along':
      case 'lpf-audiobook':
        return exportReadAlongBook(this.options, prepared, target, run);
      case 'karaoke-vtt':
        return withKaraokeVtt(this.options.pcmCacheDir, prepared, target, (plain) =>
          this.exportMix(plain, target, run),
        );
      default: {
        const exhaustive: never = mode;
        throw new Error(`Unknown export mode ${String(exhaustive)}`);
      }
    }
  }

  /** One file, with its subtitles, tags, chapter markers and `.chapters.json` as the settings ask. */
  private async exportMix(
    { project, settings, plan, sources, chapters }: PreparedExport,
    target: ExportTarget,
    run: RunOptions,
  ): Promise<ExportOutputs> {
    const coverPath = target.coverPath ?? this.projectCoverPath(project);
    const spans = chapterSpans(chapters, plan.durationMs, project.title);
    const tags = fileTagsFor(project, settings, spans, coverPath);
    const parts = chapterPartsJob(this.options, { plan, spans, sources, settings, tags }, target);
    // An MP3 with chapters is built from the chapters' parts, kept between exports (export/part-reuse/).
    if (target.mode === 'mix' && !project.video && usesChapterParts(parts))
      return exportChapterPartsMix(parts, run, () =>
        this.exportMixInOnePass({ project, plan, sources, settings }, target, run, tags),
      );
    return this.exportMixInOnePass({ project, plan, sources, settings }, target, run, tags);
  }

  private async exportMixInOnePass(
    { project, plan, sources, settings }: Omit<PreparedExport, 'chapters'>,
    target: ExportTarget,
    run: RunOptions,
    tags: ReturnType<typeof fileTagsFor>,
  ): Promise<ExportOutputs> {
    // The audio of a project with a video is aligned to it: its original sound goes under the speech.
    const bed = await projectOriginalSound(project.video, plan, sources, this.options.videos);
    const result = await this.options.engine.exportMix(
      {
        plan: bed.plan,
        sources: bed.sources,
        options: settings.options,
        outputPath: target.outputPath,
        pcmCacheDir: this.options.pcmCacheDir,
        overwrite: target.overwrite,
        ...(tags ? { tags } : {}),
      },
      run,
    );
    return {
      outputPath: result.audioPath,
      subtitlePaths: [...result.subtitlePaths],
      chaptersJsonPath: result.chaptersJsonPath,
      durationMs: result.durationMs,
      bytes: result.bytes,
      warnings: [...bed.warnings, ...(result.warnings ?? [])],
    };
  }

  /**
   * The reference video a video export copies, or why the export cannot be delivered (no video, one the app may
   * not read, a picture or kept sound the output's container cannot hold): asked by the export, and by the queue
   * before it spends credits on a project's missing blocks.
   */
  async checkVideoTarget(project: Project, settings: ProjectExportSettings, target: ExportTarget) {
    const videoPath = target.videoPath ?? project.video?.path;
    if (videoPath === undefined) {
      throw new Error(
        `“${project.title}” has no reference video: add one in the editor before exporting a video, or export the audio.`,
      );
    }
    if (this.options.videos?.allows(videoPath) === false) {
      throw new Error(
        `The reference video “${path.basename(videoPath)}” of “${project.title}” was not chosen in Timbre Studio on this computer, and the app reads only videos you chose: locate it in the editor, then export again.`,
      );
    }
    await checkPictureFitsOutput(videoPath, target.outputPath, settings.video?.keepOriginalAudio);
    return videoPath;
  }

  /** The project's reference video with the mix as its new soundtrack, and the subtitles beside it. */
  private async exportVideo(
    { project, settings, plan, sources }: PreparedExport,
    target: ExportTarget,
    run: RunOptions,
  ): Promise<ExportOutputs> {
    const videoPath = await this.checkVideoTarget(project, settings, target);
    const result = await exportVideoWithSoundtrack(
      this.options.engine,
      {
        plan,
        sources,
        settings,
        // A picture named for this export is measured by the remux; the render then lasts as long as the project.
        video: { path: videoPath, durationMs: project.video?.durationMs ?? plan.durationMs },
        outputPath: target.outputPath,
        overwrite: target.overwrite,
        pcmCacheDir: this.options.pcmCacheDir,
        originalAudio: project.video?.originalAudio,
        // The book's language, else the speech's default when it is a language (not "auto").
        soundtrackLanguage: iso639Of(
          project.metadata?.language ??
            (project.defaults.language === 'auto' ? undefined : project.defaults.language),
        ),
      },
      run,
    );
    return { ...result, subtitlePaths: [...result.subtitlePaths] };
  }

  /**
   * One file per chapter (with its own subtitles, starting at its own zero) into a new folder or a zip, named by
   * the settings' template. Each file is tagged with its chapter's title and its track number; the PCM cache
   * means sources are decoded once for all chapters.
   */
  private async exportChapters(
    { project, settings, plan, sources, chapters }: PreparedExport,
    target: ExportTarget,
    container: 'folder' | 'zip',
    { onProgress, signal }: RunOptions,
  ): Promise<ExportOutputs> {
    const coverPath = target.coverPath ?? this.projectCoverPath(project);
    const spans = chapterSpans(chapters, plan.durationMs, project.title);
    const bookTags = fileTagsFor(project, settings, [], coverPath);
    const projectTitle = project.title;
    const { appVersion } = this.options;
    const chapterInput = { plan, spans, settings, projectTitle, bookTags, coverPath, appVersion };
    const { files, requests } = await chapterRequests(chapterInput);
    const result = await writeChapterFiles({
      destination: target.outputPath,
      container,
      overwrite: target.overwrite,
      ...(signal ? { signal } : {}),
      files,
      reuse: settings.rerenderAllChapters !== true,
      exportOne: (index, outputPath, onFraction) =>
        this.options.engine.exportMix(
          {
            ...requests[index]!,
            sources,
            outputPath,
            pcmCacheDir: this.options.pcmCacheDir,
            overwrite: false,
          },
          { ...(signal ? { signal } : {}), onProgress: (progress) => onFraction(progress.fraction) },
        ),
      onFraction: (fraction) => onProgress?.({ phase: 'render', fraction, phaseFraction: fraction }),
      partialFiles: this.options.engine.partialFiles,
    });
    const summary = chapterFilesSummary(result.written, result.kept);
    return {
      outputPath: target.outputPath,
      subtitlePaths: [],
      durationMs: result.durationMs,
      bytes: 0,
      summary,
      warnings: result.warnings,
    };
  }

  /** One file per speech block, in a folder or a zip, named by order and words. */
  private async exportBlocks(
    { project, settings, plan, sources }: PreparedExport,
    target: ExportTarget,
    container: 'folder' | 'zip',
    run: RunOptions,
  ): Promise<ExportOutputs> {
    const fileNames: Record<string, string> = {};
    plan.clips.forEach((clip, index) => {
      const block = findBlock(project, clip.id)?.block;
      const words = block && 'text' in block ? slug(block.text) : clip.track;
      fileNames[clip.id] = `${String(index + 1).padStart(3, '0')}-${words || clip.track}`;
    });
    const result = await this.options.engine.exportClipFiles(
      {
        plan,
        sources,
        audio: settings.options.audio,
        tracks: ['speech'],
        destination: target.outputPath,
        container,
        fileNames,
        pcmCacheDir: this.options.pcmCacheDir,
        overwrite: target.overwrite,
      },
      run,
    );
    const bytes = result.files.reduce((sum, file) => sum + file.bytes, 0);
    return { outputPath: target.outputPath, subtitlePaths: [], durationMs: 0, bytes };
  }
}

/**
 * The tags the settings ask for, or none: the title, author and narrator default to the project's (an imported
 * book's author; the narrator the credits name: creditedNarrator) once anything is tagged, with the book's language, and a project
 * with an author, a narrator or a cover is always tagged.
 */
export function fileTagsFor(
  project: Project,
  settings: ProjectExportSettings,
  spans: ChapterSpan[],
  coverPath: string | undefined,
): FileTags | undefined {
  // An M4B is a book with its chapters: they are always marked in it, as its players expect.
  const markers = (settings.chapters?.markers ?? false) || settings.options.audio.format === 'm4b';
  const json = settings.chapters?.json ?? false;
  // What the metadata knows of who made the book (author, narrator) is tagged; its cover and copyright are not.
  const { language, cover: _cover, copyright: _copyright, ...known } = project.metadata ?? {};
  const tagged = Object.keys({ ...settings.metadata, ...known }).length > 0;
  if (!tagged && !markers && !json && coverPath === undefined) return undefined;
  // The narrator the credits name (the voice's, unless one was typed), so the tag says what the listener hears.
  const narrator = creditedNarrator(project);
  return {
    metadata: { title: project.title, ...known, ...(narrator ? { narrator } : {}), ...settings.metadata },
    chapters: markers || json ? spans : [],
    markers,
    chaptersJson: json,
    ...(coverPath ? { coverPath } : {}),
    ...(language !== undefined ? { language } : {}),
  };
}

function slug(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/gu, '')
    .slice(0, 32)
    .replace(/-+$/u, '')
    .toLowerCase();
}
