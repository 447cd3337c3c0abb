import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isAacFormat } from '../../../common/export/export-options.js';
import type { ExportEngine, RunOptions } from '../export/index.js';
import type { ExportRequest, ExportResult } from '../export/export-types.js';
import { ExportCancelledError } from '../export/export-errors.js';
import { publishStaged } from '../export/output/publish-staged.js';
import { stagingPathFor } from '../export/output/staged-file.js';
import { writingToAsync } from '../export/output/writing-to.js';
import { writeAudiobookFile } from './audiobook-file.js';

/** The mix's share of the progress bar; encoding the AAC has the rest. */
const RENDER_SHARE = 0.5;

/**
 * An M4B or M4A: the engine renders the mix (loudness, subtitles, the chapters JSON) as a 16-bit WAV into a
 * hidden staging folder beside the destination, the AAC is encoded and muxed there with its tags and chapters,
 * and only then do the subtitles and the book take their names. A cancel or a failure removes the staging
 * folder; a killed export's folder is in the engine's ledger of partial files, removed at the next start.
 */
export async function exportAudiobookMix(
  engine: ExportEngine,
  request: ExportRequest,
  run: RunOptions = {},
): Promise<ExportResult> {
  const staging = stagingPathFor(request.outputPath);
  const work = () => exportStaged(engine, request, staging, run);
  return engine.partialFiles ? engine.partialFiles.track([staging], work) : work();
}

async function exportStaged(
  engine: ExportEngine,
  request: ExportRequest,
  staging: string,
  { signal, onProgress }: RunOptions,
): Promise<ExportResult> {
  const format = request.options.audio;
  if (!isAacFormat(format)) throw new Error(`audio.format: ${format.format} is not AAC`);
  const base = path.basename(request.outputPath, path.extname(request.outputPath));
  await writingToAsync(request.outputPath, () => mkdir(staging));
  try {
    const mix = await engine.exportMix(
      {
        ...request,
        options: { ...request.options, audio: { format: 'wav', bitDepth: 16 } },
        outputPath: path.join(staging, `${base}.wav`),
        overwrite: false,
        // The WAV's own tags and cue points are not needed: the book's are written into the MP4.
        ...(request.tags ? { tags: { ...request.tags, markers: false, metadata: {} } } : {}),
      },
      {
        ...(signal ? { signal } : {}),
        onProgress: ({ fraction, phase, phaseFraction }) =>
          onProgress?.({ phase, fraction: fraction * RENDER_SHARE, phaseFraction }),
      },
    );
    const stagedBook = path.join(staging, `${base}.${format.format}`);
    await writeAudiobookFile({
      wavPath: mix.audioPath,
      outputPath: stagedBook,
      format: format.format,
      bitrateKbps: format.bitrateKbps,
      workerEntry: engine.workerEntry,
      frames: mix.frames,
      sampleRate: mix.sampleRate,
      tags: request.tags,
      signal,
      onFraction: (fraction) =>
        onProgress?.({
          phase: 'finalize',
          fraction: RENDER_SHARE + fraction * (1 - RENDER_SHARE),
          phaseFraction: fraction,
        }),
    });
    if (signal?.aborted) throw new ExportCancelledError();
    const besides = [...mix.subtitlePaths, ...(mix.chaptersJsonPath ? [mix.chaptersJsonPath] : [])];
    const finalBesides = await publishStaged(
      { main: stagedBook, besides },
      request.outputPath,
      request.overwrite ?? false,
    );
    const { size } = await stat(request.outputPath);
    const subtitleCount = mix.subtitlePaths.length;
    return {
      ...mix,
      audioPath: request.outputPath,
      subtitlePaths: finalBesides.slice(0, subtitleCount),
      ...(mix.chaptersJsonPath ? { chaptersJsonPath: finalBesides[subtitleCount]! } : {}),
      bytes: size,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
