import { rm } from 'node:fs/promises';
import { openWorkerChannel } from '../../../common/workers/worker-channel.js';
import { fromWorkerError } from '../../../common/workers/worker-error.js';
import { ExportCancelledError } from '../export/export-errors.js';
import { launchWorker } from '../export/worker-launcher.js';
import { workerEndpoint } from '../workers/node-endpoint.js';
import type { EncodedSoundtrack } from '../video-export/aac-lanes.js';
import { readPackets } from '../video-export/aac-lanes.js';
import { WavPcmReader } from '../video-export/wav-pcm-reader.js';
import { aacLaneOutboundSchema, type AacLaneJob, type AacLaneProtocol } from './aac-lane-protocol.js';

const AAC_FRAME = 1024;
/** Below this, one lane: a second one's warm-up would cost more than it saves. */
const MIN_SPLIT_SECONDS = 120;
/** The second lane starts this early so its rate control has settled at the split (aac-lanes.ts says why). */
const WARM_UP_SECONDS = 30;
/** The MPEG-4 sampling frequency indexes of AudioSpecificConfig. */
const FREQUENCY_INDEX = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000];

export interface AacEncodeJob {
  /** The export worker's script, started again in its AAC-lane role. */
  readonly workerEntry: URL;
  readonly wavPath: string;
  readonly bitrateKbps: AacLaneJob['bitrateKbps'];
  /** Where the lanes' packets are staged (removed by `dispose`). */
  readonly workPath: string;
  readonly signal?: AbortSignal | undefined;
  readonly onFraction?: ((fraction: number) => void) | undefined;
}

/**
 * The rendered mix encoded as AAC-LC by ffmpeg's native encoder (libav.js) in one or two helper threads: on a
 * mix of two minutes or more the two halves are encoded at once, the second lane starting 30 s early and kept
 * from the split on, so the decoder's overlap-add joins them as in one stream (as the video export's
 * aac-lanes.ts does with mediabunny's encoder). The packets are staged in files, read back in order.
 */
export async function encodeAac(
  job: AacEncodeJob,
): Promise<EncodedSoundtrack & { dispose(): Promise<void> }> {
  const reader = await WavPcmReader.open(job.wavPath);
  const { sampleRate, channels, frames: total } = reader.layout;
  await reader.close();
  const split =
    total >= MIN_SPLIT_SECONDS * sampleRate ? Math.round(total / 2 / AAC_FRAME) * AAC_FRAME : total;
  const cut = split - AAC_FRAME - AAC_FRAME / 2;
  const warmUp = Math.ceil((WARM_UP_SECONDS * sampleRate) / AAC_FRAME) * AAC_FRAME;
  const files = [`${job.workPath}.aac-1`, `${job.workPath}.aac-2`];
  const lanes: AacLaneJob[] = [
    {
      ...laneBase(job, files[0]!),
      from: 0,
      to: total,
      keepFrom: null,
      keepBefore: split < total ? cut : null,
    },
  ];
  if (split < total) {
    lanes[0] = { ...lanes[0]!, to: split };
    lanes.push({
      ...laneBase(job, files[1]!),
      from: split - warmUp,
      to: total,
      keepFrom: cut,
      keepBefore: null,
    });
  }
  const done = lanes.map(() => 0);
  try {
    await Promise.all(
      lanes.map((lane, index) =>
        runLane(lane, job, (frames) => {
          done[index] = index === 0 ? frames : Math.max(0, frames - warmUp);
          job.onFraction?.(Math.min(1, done.reduce((sum, value) => sum + value, 0) / Math.max(1, total)));
        }),
      ),
    );
  } catch (error) {
    await removeAll(files);
    throw error;
  }
  const used = files.slice(0, lanes.length);
  return {
    decoderConfig: {
      codec: 'mp4a.40.2',
      sampleRate,
      numberOfChannels: channels,
      description: audioSpecificConfig(sampleRate, channels),
    },
    packets: () => readPackets(used),
    dispose: () => removeAll(files),
  };
}

function laneBase(job: AacEncodeJob, outputPath: string) {
  return {
    type: 'encode-aac-lane' as const,
    wavPath: job.wavPath,
    bitrateKbps: job.bitrateKbps,
    outputPath,
  };
}

/** One helper thread over one lane; a cancel stops it at its next second of audio. */
export function runLane(
  lane: AacLaneJob,
  job: Pick<AacEncodeJob, 'workerEntry' | 'signal'>,
  onFrames: (frames: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error?: Error): void => {
      if (settled) return;
      settled = true;
      job.signal?.removeEventListener('abort', cancel);
      void channel.close();
      if (error) reject(error);
      else resolve();
    };
    const channel = openWorkerChannel<AacLaneProtocol>(
      workerEndpoint(launchWorker(job.workerEntry)),
      {
        'aac-lane-progress': (message) => onFrames(message.frames),
        'aac-lane-done': () => finish(),
        'aac-lane-failed': (message) => {
          const error = fromWorkerError(message.error);
          finish(error.name === 'ExportCancelledError' ? new ExportCancelledError() : error);
        },
      },
      {
        check: aacLaneOutboundSchema,
        onFailure: (error) => finish(error),
        onExit: (code) => finish(new Error(`the AAC encoder stopped (exit code ${code})`)),
      },
    );
    const cancel = (): void => channel.send({ type: 'aac-lane-cancel' });
    if (job.signal?.aborted) cancel();
    job.signal?.addEventListener('abort', cancel, { once: true });
    channel.send(lane);
  });
}

/** AAC-LC's AudioSpecificConfig: object type 2, the rate's index, the channel configuration. */
export function audioSpecificConfig(sampleRate: number, channels: number): Uint8Array {
  const index = FREQUENCY_INDEX.indexOf(sampleRate);
  if (index < 0) throw new Error(`sampleRate: AAC cannot be written at ${sampleRate} Hz`);
  return Uint8Array.of((2 << 3) | (index >> 1), ((index & 1) << 7) | (channels << 3));
}

async function removeAll(files: readonly string[]): Promise<void> {
  await Promise.all(files.map((filePath) => rm(filePath, { force: true })));
}
