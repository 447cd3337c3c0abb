import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AudioCache } from '../../audio-cache/index.js';
import type { ClipFilesResult, ExportEngine, ExportResult, RunOptions } from '../../export/index.js';
import { ExportCancelledError } from '../../export/index.js';
import { noServiceLexicons } from '../../pronunciation/test-support/no-lexicons.js';
import type { FileTags } from '../../export/tags/file-tags.js';
import type { ProjectExporterOptions } from '../project-exporter.js';
import { ProjectExporter } from '../project-exporter.js';

type EngineMethod = 'exportMix' | 'exportClipFiles';

/** What an export asked of the engine beyond where: whether to replace, and the cover embedded (a mix only). */
export interface RecordedRequest {
  method: EngineMethod;
  overwrite: boolean;
  coverPath: string | undefined;
  /** The tags written into a mix (title, chapter markers…); undefined for an untagged file or a block's clips. */
  tags: FileTags | undefined;
}

/** What a test sees of the engine: the calls made, and a hold for the exports. */
export interface RecordedEngine {
  readonly calls: readonly { method: EngineMethod; outputPath: string }[];
  /** Each call's request, in the order of `calls`. */
  readonly requests: readonly RecordedRequest[];
  /** While set, every export waits for it (or for its signal). */
  hold: Promise<void> | undefined;
}

/**
 * Stands in for the export engine under a real ProjectExporter: records which of its methods each export called
 * and where, writes a few bytes there, and can hold exports until the test lets them go (abort ends a held one).
 */
class RecordingEngine implements RecordedEngine {
  readonly calls: { method: EngineMethod; outputPath: string }[] = [];
  readonly requests: RecordedRequest[] = [];
  readonly partialFiles = undefined;
  /** While set, every export waits for it (or for its signal). */
  hold: Promise<void> | undefined;

  async exportMix(
    request: { outputPath: string; overwrite: boolean; tags?: FileTags },
    run: RunOptions = {},
  ): Promise<ExportResult> {
    this.requests.push({
      method: 'exportMix',
      overwrite: request.overwrite,
      coverPath: request.tags?.coverPath,
      tags: request.tags,
    });
    await this.record('exportMix', request.outputPath, run);
    await writeFile(request.outputPath, 'audio');
    return {
      audioPath: request.outputPath,
      subtitlePaths: [],
      sampleRate: 44100,
      channels: 2,
      frames: 0,
      durationMs: 1000,
      bytes: 5,
      decodedSources: 0,
      cachedSources: 0,
      timingsMs: {},
    };
  }

  async exportClipFiles(
    request: { destination: string; fileNames: Record<string, string>; overwrite: boolean },
    run: RunOptions = {},
  ): Promise<ClipFilesResult> {
    this.requests.push({
      method: 'exportClipFiles',
      overwrite: request.overwrite,
      coverPath: undefined,
      tags: undefined,
    });
    await this.record('exportClipFiles', request.destination, run);
    await mkdir(request.destination, { recursive: true });
    const files = Object.entries(request.fileNames).map(([clipId, name]) => ({ clipId, name, bytes: 3 }));
    return { destination: request.destination, files, decodedSources: 0, cachedSources: 0 };
  }

  private async record(method: EngineMethod, outputPath: string, run: RunOptions): Promise<void> {
    this.calls.push({ method, outputPath: path.basename(outputPath) });
    run.onProgress?.({ phase: 'render', fraction: 0.5, phaseFraction: 0.5 });
    const { hold } = this;
    if (hold) {
      await new Promise<void>((resolve, reject) => {
        run.signal?.addEventListener('abort', () => reject(new ExportCancelledError()), { once: true });
        void hold.then(resolve);
      });
    }
    if (run.signal?.aborted) throw new ExportCancelledError();
  }
}

/** The real ProjectExporter on a RecordingEngine, with every clip's audio found in the cache. */
export function recordingExporter(options: Pick<ProjectExporterOptions, 'videos' | 'appVersion'> = {}): {
  exporter: ProjectExporter;
  engine: RecordedEngine;
} {
  const engine = new RecordingEngine();
  const audio = { lookup: () => Promise.resolve({ filePath: '/cache/take.mp3' }) };
  const exporter = new ProjectExporter({
    engine: engine as unknown as ExportEngine,
    audio: audio as unknown as AudioCache,
    pcmCacheDir: '/cache/pcm',
    lexicons: noServiceLexicons,
    ...options,
  });
  return { exporter, engine };
}
