import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ExportEngine, RunOptions } from '../export/index.js';
import type { ExportRequest, ExportResult } from '../export/export-types.js';
import { stagingPathFor } from '../export/output/staged-file.js';
import { writingToAsync } from '../export/output/writing-to.js';

/** The mix rendered into the staging folder, and what the step after it needs. */
export interface StagedMix {
  readonly mix: ExportResult;
  /** The hidden folder beside the destination where the step after the render writes its files. */
  readonly staging: string;
  /** The destination's name without its extension, for the staged files. */
  readonly base: string;
  /** The step after the render reports its progress, 0..1, on the rest of the bar. */
  readonly onFraction: (fraction: number) => void;
}

export interface StagedMixJob {
  /** The file the export finally writes (the staging folder goes beside it). */
  readonly outputPath: string;
  /** The render's share of the progress bar. */
  readonly renderShare: number;
  /** The mix to render, made once the staging folder exists; its audio is always the staged 16-bit WAV. */
  readonly mixRequest: () => Promise<Omit<ExportRequest, 'outputPath' | 'overwrite' | 'stagingWav'>>;
}

/**
 * The outer shape the M4B and video exports share: a hidden staging folder beside the destination (in the
 * engine's ledger of partial files, so a killed export's is removed at the next start), the engine's render of
 * the mix into it as a 16-bit WAV (the staging kind, which may pass 4 GiB), then `finish` (encode, mux,
 * publishStaged); the folder is removed whatever happens.
 */
export async function withStagedMix<T>(
  engine: ExportEngine,
  job: StagedMixJob,
  { signal, onProgress }: RunOptions,
  finish: (staged: StagedMix) => Promise<T>,
): Promise<T> {
  const staging = stagingPathFor(job.outputPath);
  const work = async (): Promise<T> => {
    const base = path.basename(job.outputPath, path.extname(job.outputPath));
    await writingToAsync(job.outputPath, () => mkdir(staging));
    try {
      const request = await job.mixRequest();
      const mix = await engine.exportMix(
        {
          ...request,
          options: { ...request.options, audio: { format: 'wav', bitDepth: 16 } },
          outputPath: path.join(staging, `${base}.wav`),
          overwrite: false,
          stagingWav: true,
        },
        {
          ...(signal ? { signal } : {}),
          onProgress: ({ fraction, phase, phaseFraction }) =>
            onProgress?.({ phase, fraction: fraction * job.renderShare, phaseFraction }),
        },
      );
      const onFraction = (fraction: number): void =>
        onProgress?.({
          phase: 'finalize',
          fraction: job.renderShare + fraction * (1 - job.renderShare),
          phaseFraction: fraction,
        });
      return await finish({ mix, staging, base, onFraction });
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  };
  return engine.partialFiles ? engine.partialFiles.track([staging], work) : work();
}
