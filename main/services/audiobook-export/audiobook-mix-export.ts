import { stat } from 'node:fs/promises';
import path from 'node:path';
import { isAacFormat } from '../../../common/export/export-options.js';
import type { ExportEngine, RunOptions } from '../export/index.js';
import type { ExportRequest, ExportResult } from '../export/export-types.js';
import { ExportCancelledError } from '../export/export-errors.js';
import { publishStaged } from '../export/output/publish-staged.js';
import { withStagedMix } from '../video-export/staged-mix.js';
import { AacPartCache, aacPartCacheDir } from './aac-part-cache.js';
import { writeAudiobookFile } from './audiobook-file.js';

/** The mix's share of the progress bar; encoding the AAC has the rest. */
const RENDER_SHARE = 0.5;

/**
 * An M4B or M4A: the engine renders the mix (loudness, subtitles, the chapters JSON) as a 16-bit WAV into a
 * hidden staging folder beside the destination (../video-export/staged-mix.ts; no 4 GiB limit, so a book of any
 * length), the AAC is encoded and muxed there with its tags and chapters, and only then do the subtitles and the
 * book take their names. A cancel or a failure removes the staging folder; a killed export's folder is in the
 * engine's ledger of partial files, removed at the next start.
 */
export async function exportAudiobookMix(
  engine: ExportEngine,
  request: ExportRequest,
  run: RunOptions = {},
): Promise<ExportResult> {
  const format = request.options.audio;
  if (!isAacFormat(format)) throw new Error(`audio.format: ${format.format} is not AAC`);
  const { outputPath, overwrite, ...mixRequest } = request;
  const job = {
    outputPath,
    renderShare: RENDER_SHARE,
    // The WAV's own tags and cue points are not needed: the book's are written into the MP4.
    mixRequest: async () => ({
      ...mixRequest,
      ...(request.tags ? { tags: { ...request.tags, markers: false, metadata: {} } } : {}),
    }),
  };
  return withStagedMix(engine, job, run, async ({ mix, staging, base, onFraction }) => {
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
      parts: { cache: new AacPartCache(aacPartCacheDir(request.pcmCacheDir)) },
      signal: run.signal,
      onFraction,
    });
    if (run.signal?.aborted) throw new ExportCancelledError();
    const besides = [...mix.subtitlePaths, ...(mix.chaptersJsonPath ? [mix.chaptersJsonPath] : [])];
    const finalBesides = await publishStaged({ main: stagedBook, besides }, outputPath, overwrite ?? false);
    const { size } = await stat(outputPath);
    const subtitleCount = mix.subtitlePaths.length;
    return {
      ...mix,
      audioPath: outputPath,
      subtitlePaths: finalBesides.slice(0, subtitleCount),
      ...(mix.chaptersJsonPath ? { chaptersJsonPath: finalBesides[subtitleCount]! } : {}),
      bytes: size,
    };
  });
}
