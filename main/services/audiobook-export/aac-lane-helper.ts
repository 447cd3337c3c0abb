import { open } from 'node:fs/promises';
import { toWorkerError } from '../../../common/workers/worker-error.js';
import { ExportCancelledError } from '../export/export-errors.js';
import { createLibav, type LibavInstance } from '../media-codecs/libav.js';
import { record } from '../video-export/aac-lanes.js';
import { WavPcmReader } from '../video-export/wav-pcm-reader.js';
import type { AacLaneInbound, AacLaneJob, AacLaneOutbound } from './aac-lane-protocol.js';

/** Frames given to the encoder per call: a second at 44.1 kHz, so a cancel is seen within one. */
const FRAMES_PER_CALL = 43;

/**
 * The AAC-lane role of the export worker: ffmpeg's native AAC encoder (libav.js, ffmpeg 6.1 in WebAssembly, on
 * this worker's thread) over frames [from, to) of the rendered mix, its kept packets staged in a file.
 */
export class AacLaneHelper {
  private cancelled = false;

  constructor(private readonly send: (message: AacLaneOutbound) => void) {}

  handle(message: AacLaneInbound): void {
    if (message.type === 'aac-lane-cancel') {
      this.cancelled = true;
      return;
    }
    encodeLane(message, () => this.cancelled, this.send).then(
      (packets) => this.send({ type: 'aac-lane-done', packets }),
      (error: unknown) => this.send({ type: 'aac-lane-failed', error: toWorkerError(error) }),
    );
  }
}

async function encodeLane(
  job: AacLaneJob,
  isCancelled: () => boolean,
  send: (message: AacLaneOutbound) => void,
): Promise<number> {
  const reader = await WavPcmReader.open(job.wavPath);
  const { sampleRate, channels } = reader.layout;
  const libav = await createLibav();
  // The encoder's closing statistics ("Qavg: …") would land on the CLI's stderr: only errors are told.
  await libav.av_log_set_level(libav.AV_LOG_ERROR);
  const [, context, frame, packet, frameSize] = await libav.ff_init_encoder('aac', {
    ctx: {
      bit_rate: job.bitrateKbps * 1000,
      sample_fmt: libav.AV_SAMPLE_FMT_FLTP,
      sample_rate: sampleRate,
      channel_layout: channels === 1 ? 4 : 3,
      channels,
    },
    time_base: [1, sampleRate],
    // The 'fast' coder, not ffmpeg's default 'twoloop': 2.5x less CPU in WebAssembly, and on speech at the same
    // bit rate it decodes closer to the mix (SNR), the quality measure (README: "Speed and memory").
    options: { aac_coder: 'fast' },
  });
  const file = await open(job.outputPath, 'w');
  let kept = 0;
  try {
    const pending = new PlanarFrames(channels, frameSize);
    let position = job.from;
    const encode = async (frames: LibavFrame[], last: boolean): Promise<void> => {
      if (isCancelled()) throw new ExportCancelledError();
      const packets = await libav.ff_encode_multi(context, frame, packet, frames, last);
      const staged: Uint8Array[] = [];
      for (const encoded of packets) {
        const pts = encoded.pts ?? 0;
        if (job.keepFrom !== null && pts < job.keepFrom) continue;
        if (job.keepBefore !== null && pts >= job.keepBefore) continue;
        const duration = encoded.duration ?? frameSize;
        staged.push(
          record({ data: encoded.data, timestamp: pts / sampleRate, duration: duration / sampleRate }),
        );
      }
      kept += staged.length;
      if (staged.length > 0) await file.write(Buffer.concat(staged));
    };
    for await (const data of reader.frames(job.from, job.to)) {
      pending.add(data);
      const frames: LibavFrame[] = [];
      for (let ready = pending.take(); ready; ready = pending.take()) {
        frames.push(libavFrame(libav, ready, position, sampleRate, channels));
        position += frameSize;
        if (frames.length === FRAMES_PER_CALL) await encode(frames.splice(0), false);
      }
      if (frames.length > 0) await encode(frames, false);
      send({ type: 'aac-lane-progress', frames: position - job.from });
    }
    const rest = pending.rest();
    await encode(rest ? [libavFrame(libav, rest, position, sampleRate, channels)] : [], true);
    return kept;
  } finally {
    await file.close();
    await libav.ff_free_encoder(context, frame, packet);
    libav.terminate();
    await reader.close();
  }
}

type LibavFrame = Parameters<LibavInstance['ff_encode_multi']>[3][number];

function libavFrame(
  libav: LibavInstance,
  planes: Float32Array[],
  pts: number,
  sampleRate: number,
  channels: number,
): LibavFrame {
  return {
    data: planes,
    format: libav.AV_SAMPLE_FMT_FLTP,
    sample_rate: sampleRate,
    channel_layout: channels === 1 ? 4 : 3,
    channels,
    nb_samples: planes[0]!.length,
    pts,
  } as LibavFrame;
}

/** Interleaved pieces in, planar frames of the encoder's size out. */
class PlanarFrames {
  private planes: Float32Array[];
  private filled = 0;

  constructor(
    private readonly channels: number,
    private readonly size: number,
  ) {
    this.planes = this.empty();
  }

  private ready: Float32Array[][] = [];

  add(interleaved: Float32Array): void {
    const frames = interleaved.length / this.channels;
    for (let index = 0; index < frames; index += 1) {
      for (let channel = 0; channel < this.channels; channel += 1) {
        this.planes[channel]![this.filled] = interleaved[index * this.channels + channel]!;
      }
      this.filled += 1;
      if (this.filled === this.size) {
        this.ready.push(this.planes);
        this.planes = this.empty();
        this.filled = 0;
      }
    }
  }

  take(): Float32Array[] | undefined {
    return this.ready.shift();
  }

  /** The last, short frame, if any. */
  rest(): Float32Array[] | undefined {
    return this.filled > 0 ? this.planes.map((plane) => plane.slice(0, this.filled)) : undefined;
  }

  private empty(): Float32Array[] {
    return Array.from({ length: this.channels }, () => new Float32Array(this.size));
  }
}
