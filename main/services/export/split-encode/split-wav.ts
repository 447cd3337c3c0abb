import type { LoudnessMeasurement, LoudnessMeter } from '../../../../common/export/loudness-meter.js';
import type { RenderPlan } from '../../../../common/export/render-plan.js';
import type { WavEncoder } from '../encode/wav-encoder.js';
import { ExportCancelledError } from '../export-errors.js';
import type { StagedFile } from '../output/staged-file.js';
import { renderOutput, type OutputProcessing, type RenderControl } from '../render/output-render.js';
import type { TimelineMixer } from '../render/timeline-mixer.js';
import type { HelperSource } from '../helper-workers.js';
import { SegmentSession, type SegmentDone } from './segment-session.js';
import { joinedLoudness, waitFor, helperProcessingOf } from './split-shared.js';

// The helper starts this many loudness hops (100 ms each) before the split, only to prime its meter's filters.
const METER_PRIMING_HOPS = 5;

export interface SplitWavJob {
  readonly plan: RenderPlan;
  readonly mixer: TimelineMixer;
  readonly processing: OutputProcessing;
  /** A multiple of the meter's hop. */
  readonly splitFrame: number;
  /** Its header already written: the samples start at the file's current position. */
  readonly encoder: WavEncoder;
  readonly file: StagedFile;
  readonly bitDepth: 16 | 24;
  readonly meter: LoudnessMeter | undefined;
  readonly pcmCacheDir: string;
  /** The worker script, or the export's kept helpers (the decode helper goes on as this one). */
  readonly workerEntry: HelperSource;
  readonly control: RenderControl;
}

/**
 * Renders a WAV in two halves at once: this thread writes the samples before `splitFrame`, a helper worker writes
 * the rest straight into their place in the same file (PCM has no state between samples, so the file is the one a
 * single pass writes). If the helper fails, this thread renders its half itself.
 */
export async function renderWavInTwo(job: SplitWavJob): Promise<{ output: LoudnessMeasurement | undefined }> {
  const { plan, mixer, splitFrame, encoder, file, meter, control } = job;
  const frameBytes = plan.channels * (job.bitDepth / 8);
  const primeFrames = meter ? METER_PRIMING_HOPS * meter.hopFrames : 0;
  const session = new SegmentSession(job.workerEntry, {
    type: 'encode-segment',
    plan,
    pcmCacheDir: job.pcmCacheDir,
    output: {
      format: 'wav',
      bitDepth: job.bitDepth,
      dataOffset: file.bytesWritten + splitFrame * frameBytes,
    },
    fromFrame: Math.max(0, splitFrame - primeFrames),
    splitFrame,
    measure: meter !== undefined,
    gain: job.processing.gain,
    ...(job.processing.ceiling === undefined ? {} : { ceiling: job.processing.ceiling }),
    ...helperProcessingOf(job.processing),
    headFrames: 1,
    outputPath: file.tempPath,
  });
  const range = (from: number, to: number) => ({ from, to });
  const writeHere = (block: readonly Float32Array[], frames: number): boolean => {
    meter?.add(block, frames);
    encoder.write(block, frames);
    return true;
  };
  try {
    await renderOutput(
      mixer,
      plan.channels,
      job.processing,
      range(0, splitFrame),
      { isCancelled: control.isCancelled, onFraction: () => {} },
      (block, frames, atFrame) => {
        control.onFraction(0.5 * ((atFrame + frames) / splitFrame) + 0.5 * session.fraction);
        return writeHere(block, frames);
      },
    );
    let done: SegmentDone | undefined;
    try {
      done = await waitFor(session, control);
    } catch (error) {
      if (error instanceof ExportCancelledError) throw error;
    }
    const rest = mixer.totalFrames - splitFrame;
    if (done && done.frames === rest) {
      file.skip(encoder.addWrittenElsewhere(rest));
      return { output: meter ? joinedLoudness(plan, meter.snapshot(), done) : undefined };
    }
    // The helper failed: stop it before this thread writes over whatever it left, then render its half here.
    await session.close();
    await renderOutput(
      mixer,
      plan.channels,
      job.processing,
      range(splitFrame, mixer.totalFrames),
      {
        isCancelled: control.isCancelled,
        onFraction: (fraction) => control.onFraction(0.5 + 0.5 * fraction),
      },
      writeHere,
    );
    return { output: meter?.result() };
  } finally {
    await session.close();
  }
}
