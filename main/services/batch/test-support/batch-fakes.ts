import { access, mkdir, writeFile } from 'node:fs/promises';
import { defaultsOnlyContext } from '../../../../common/project/send-context.js';
import { contextOf } from '../../../../common/project/test-support.js';
import path from 'node:path';
import type { ProjectExportSettings } from '../../../../common/export/index.js';
import { buildProjectRenderPlan } from '../../../../common/export/index.js';
import type { Project } from '../../../../common/project/index.js';
import {
  allBlocks,
  contentHash,
  createProject,
  createTextBlock,
  setGenerationState,
  writeProjectFile,
} from '../../../../common/project/index.js';
import type { ExportMode } from '../../../../common/export/export-mode.js';
import type { RunOptions } from '../../export/index.js';
import { ExportCancelledError, subtitlePathsFor } from '../../export/index.js';
import type { ExportOutputs, ExportTarget, PreparedExport } from '../../project-export/index.js';
import { ProjectNotReadyError } from '../../project-export/index.js';
import type { BatchExporter } from '../batch-item-runner.js';
import type { BatchGenerator, GenerateRun } from '../service-generator.js';

export const TEST_SERVICE = 'http://127.0.0.1:9';

/** A promise with its resolve, to hold a fake step until the test lets it go. */
export interface Gate {
  promise: Promise<void>;
  open(): void;
}

export function gate(): Gate {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

export function makeProject(title: string, texts: string[], generated = false): Project {
  let project: Project = {
    ...createProject({
      title,
      serviceUrl: TEST_SERVICE,
      defaults: { voiceId: '0d6f3c1e-2b4a-4c8d-9e7f-1a2b3c4d5e6f', voiceName: 'Ava' },
    }),
  };
  project = {
    ...project,
    tracks: { ...project.tracks, speech: { blocks: texts.map((text) => createTextBlock({ text })) } },
  };
  return generated ? markGenerated(project) : project;
}

/** Every block generated from its current content, as a finished generation would leave it. */
export function markGenerated(
  project: Project,
  failTexts: readonly string[] = [],
  failure: { code: string; message: string; requestId?: string } = {
    code: 'TTS_FAILED',
    message: 'voice refused',
    requestId: 'req-1',
  },
): Project {
  let next = project;
  for (const block of allBlocks(project)) {
    const hash = contentHash(block, defaultsOnlyContext(project.defaults));
    const fails = 'text' in block && failTexts.includes(block.text);
    next = setGenerationState(
      next,
      block.id,
      fails
        ? {
            kind: 'failed',
            contentHash: hash,
            error: failure,
          }
        : {
            kind: 'generated',
            contentHash: hash,
            audio: { cacheKey: hash, durationMs: 1500, generatedAt: '2024-01-01T00:00:00.000Z' },
          },
    );
  }
  return next;
}

export async function writeProject(folder: string, fileName: string, project: Project): Promise<string> {
  await mkdir(folder, { recursive: true });
  const filePath = path.join(folder, fileName);
  await writeFile(filePath, writeProjectFile(project));
  return filePath;
}

export interface ExportCall {
  title: string;
  outputPath: string;
  overwrite: boolean;
  mode: ExportMode;
  /** The picture named for a video export, when one was. */
  videoPath?: string | undefined;
}

/**
 * Stands in for ProjectExporter: `prepare` refuses projects with blocks lacking audio (ProjectNotReadyError, like
 * the real one); `export` reports progress, honours abort, refuses existing files unless overwriting, and writes
 * small files (a mix's audio and subtitles, whatever the mode). Both count their calls.
 */
export class FakeExporter implements BatchExporter {
  readonly calls: ExportCall[] = [];
  /** Titles of the projects prepared, in order. */
  readonly prepared: string[] = [];
  /** Held exports wait here (one gate per call, in order), when set. */
  gates: Gate[] = [];
  failTitles = new Set<string>();
  /** Why a video export cannot be delivered (the real one reads the picture's codec), when set. */
  videoRefusal: string | undefined;

  checkVideoTarget(
    project: Project,
    _settings: ProjectExportSettings,
    target: ExportTarget,
  ): Promise<string> {
    if (this.videoRefusal !== undefined) return Promise.reject(new Error(this.videoRefusal));
    return Promise.resolve(target.videoPath ?? project.video?.path ?? '');
  }

  prepare(project: Project, settings: ProjectExportSettings): Promise<PreparedExport> {
    this.prepared.push(project.title);
    const built = buildProjectRenderPlan(project, contextOf(project), {
      sampleRate: settings.sampleRate,
      channels: settings.channels,
    });
    if (!built.ok) return Promise.reject(new ProjectNotReadyError('missing' in built ? built.missing : []));
    return Promise.resolve({ project, settings, plan: built.plan, sources: {}, chapters: built.chapters });
  }

  async export(
    { project, settings }: PreparedExport,
    { outputPath, overwrite, mode, videoPath }: ExportTarget,
    run: RunOptions = {},
  ): Promise<ExportOutputs> {
    this.calls.push({
      title: project.title,
      outputPath,
      overwrite,
      mode,
      ...(videoPath ? { videoPath } : {}),
    });
    const subtitles = subtitlePathsFor(outputPath);
    const files = [
      outputPath,
      ...(settings.options.subtitles.srt ? [subtitles.srt] : []),
      ...(settings.options.subtitles.vtt ? [subtitles.vtt] : []),
    ];
    if (!overwrite) {
      for (const file of files) {
        if (await exists(file)) throw new Error(`${file} already exists`);
      }
    }
    run.onProgress?.({ phase: 'decode', fraction: 0.1, phaseFraction: 0.5 });
    const held = this.gates.shift();
    if (held) await abortable(held.promise, run.signal);
    if (run.signal?.aborted) throw new ExportCancelledError();
    if (this.failTitles.has(project.title)) throw new Error('disk full');
    run.onProgress?.({ phase: 'render', fraction: 0.9, phaseFraction: 1 });
    for (const file of files) await writeFile(file, `${project.title}\n`);
    return { outputPath, subtitlePaths: files.slice(1), durationMs: 1500, bytes: 10 };
  }
}

/** Stands in for ServiceGenerator: marks every block generated, except texts listed to fail. */
export class FakeGenerator implements BatchGenerator {
  readonly calls: string[] = [];
  gates: Gate[] = [];
  failTexts: string[] = [];
  /** What the failed texts' blocks say (a refusal by default). */
  failure: Parameters<typeof markGenerated>[2];
  error: Error | undefined;

  async generate(project: Project, run: GenerateRun): Promise<Project> {
    this.calls.push(project.title);
    run.onProgress({ doneBlocks: 1, totalBlocks: 2, secondsLeft: 3 });
    const held = this.gates.shift();
    if (held) await abortable(held.promise, run.signal);
    if (run.signal.aborted) throw new Error('Generation was cancelled');
    if (this.error) throw this.error;
    return markGenerated(project, this.failTexts, this.failure);
  }
}

function abortable(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return promise;
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(new ExportCancelledError());
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then(resolve);
  });
}

async function exists(filePath: string): Promise<boolean> {
  return access(filePath).then(
    () => true,
    () => false,
  );
}
