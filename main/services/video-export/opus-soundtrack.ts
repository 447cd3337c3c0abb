import type { EncodedPacket } from 'mediabunny';
import { ExportCancelledError } from '../export/export-errors.js';
import { StreamingResampler } from '../export/resample/streaming-resampler.js';
import { createLibav, type LibavInstance } from '../media-codecs/libav.js';
import type { EncodedSoundtrack } from './aac-lanes.js';
import { fromLibavTimestamp, toLibavTimestamp } from './libav-timestamp.js';
import { WavPcmReader } from './wav-pcm-reader.js';

/** Opus runs at 48 kHz inside whatever rate it is given; the mix is resampled to it so the file says what it is. */
const OPUS_SAMPLE_RATE = 48_000;
/**
 * 128 kbps for stereo, 64 for mono: Opus is transparent for speech well below that (64 kbps mono is already
 * "full band" in libopus' own table), and a music bed under the voice needs the stereo rate. About two-thirds of
 * the AAC soundtrack's 192/96 kbps, for the same heard quality.
 */
function opusBitrateKbps(channels: number): number {
  return channels === 1 ? 64 : 128;
}
/** Frames handed to libopus per call (libopus takes 960-frame packets, 20 ms): a second's worth. */
const PACKETS_PER_CALL = 50;

interface OpusSoundtrackJob {
  readonly wavPath: string;
  /** The video's length: the mix is cut there, or made up with silence. */
  readonly durationSeconds: number;
  readonly signal?: AbortSignal | undefined;
  readonly onFraction?: ((fraction: number) => void) | undefined;
}

type LibavFrame = Parameters<LibavInstance['ff_encode_multi']>[3][number];

/**
 * The mix encoded as Opus by libopus (libav.js, on this thread), as the muxer asks for packets: libopus runs far
 * faster than real time on one core, so unlike the AAC soundtrack nothing is encoded ahead or staged in files, and
 * memory stays flat however long the video is. The mix is resampled to 48 kHz with the export engine's resampler.
 *
 * Sync: libopus starts with a pre-skip (312 samples at 48 kHz) that decoders drop, named in the OpusHead (the
 * decoder configuration's description). Its packets are stamped as libopus stamps them, the first one pre-skip
 * early (−6.5 ms), as ffmpeg writes WebM, so the first sample heard is the mix's first, at zero.
 */
export async function openOpusSoundtrack(
  job: OpusSoundtrackJob,
): Promise<EncodedSoundtrack & { dispose(): Promise<void> }> {
  const { EncodedPacket } = await import('mediabunny');
  const reader = await WavPcmReader.open(job.wavPath);
  const { channels } = reader.layout;
  let libav: LibavInstance | undefined;
  try {
    libav = await createLibav();
    const channelLayout = channels === 1 ? 4 : 3;
    const [, context, frame, packet, frameSize] = await libav.ff_init_encoder('libopus', {
      ctx: {
        bit_rate: opusBitrateKbps(channels) * 1000,
        sample_fmt: libav.AV_SAMPLE_FMT_FLT,
        sample_rate: OPUS_SAMPLE_RATE,
        channel_layout: channelLayout,
        channels,
      },
      time_base: [1, OPUS_SAMPLE_RATE],
    });
    const head = await libav.copyout_u8(
      await libav.AVCodecContext_extradata(context),
      await libav.AVCodecContext_extradata_size(context),
    );
    const instance = libav;
    const total = Math.round(job.durationSeconds * OPUS_SAMPLE_RATE);
    const toFrame = (data: Float32Array, pts: number): LibavFrame =>
      ({
        data,
        format: instance.AV_SAMPLE_FMT_FLT,
        sample_rate: OPUS_SAMPLE_RATE,
        channel_layout: channelLayout,
        channels,
        nb_samples: data.length / channels,
        ...toLibavTimestamp(pts),
      }) as LibavFrame;
    const packets = async function* (): AsyncGenerator<EncodedPacket> {
      const frames = new FixedFrames(channels, frameSize);
      let position = 0;
      const encode = async (batch: LibavFrame[], last: boolean): Promise<EncodedPacket[]> => {
        if (job.signal?.aborted) throw new ExportCancelledError();
        const encoded = await instance.ff_encode_multi(context, frame, packet, batch, last);
        job.onFraction?.(Math.min(1, position / Math.max(1, total)));
        return encoded.map(
          (out) =>
            new EncodedPacket(
              out.data,
              'key',
              fromLibavTimestamp(out.pts ?? 0, out.ptshi) / OPUS_SAMPLE_RATE,
              (out.duration ?? frameSize) / OPUS_SAMPLE_RATE,
            ),
        );
      };
      const batch: LibavFrame[] = [];
      for await (const data of mixAt48k(reader, job.durationSeconds)) {
        frames.add(data);
        for (let ready = frames.take(); ready; ready = frames.take()) {
          batch.push(toFrame(ready, position));
          position += frameSize;
          if (batch.length === PACKETS_PER_CALL) yield* await encode(batch.splice(0), false);
        }
      }
      const rest = frames.rest();
      if (rest) batch.push(toFrame(rest, position));
      position = total;
      yield* await encode(batch, true);
    };
    return {
      decoderConfig: {
        codec: 'opus',
        sampleRate: OPUS_SAMPLE_RATE,
        numberOfChannels: channels,
        description: head,
      },
      packets,
      // Each is released even when the one before it throws: libav's memory and the WAV's handle are not leaked.
      dispose: async () => {
        try {
          await instance.ff_free_encoder(context, frame, packet);
        } finally {
          try {
            instance.terminate();
          } finally {
            await reader.close();
          }
        }
      },
    };
  } catch (error) {
    libav?.terminate();
    await reader.close();
    throw error;
  }
}

/**
 * The mix as interleaved float32 at 48 kHz, exactly `durationSeconds` long: cut there, or made up with silence
 * after the WAV's end. A 44.1 kHz mix goes through the export engine's streaming resampler (aligned, no delay).
 */
async function* mixAt48k(reader: WavPcmReader, durationSeconds: number): AsyncGenerator<Float32Array> {
  const { sampleRate, channels } = reader.layout;
  const total = Math.round(durationSeconds * OPUS_SAMPLE_RATE);
  const sourceFrames = Math.round(durationSeconds * sampleRate);
  const resampler =
    sampleRate === OPUS_SAMPLE_RATE
      ? undefined
      : new StreamingResampler(sampleRate, OPUS_SAMPLE_RATE, channels);
  let written = 0;
  const emit = function* (data: Float32Array): Generator<Float32Array> {
    const frames = Math.min(data.length / channels, total - written);
    if (frames <= 0) return;
    written += frames;
    yield data.subarray(0, frames * channels);
  };
  for await (const data of reader.frames(0, sourceFrames)) {
    if (!resampler) yield* emit(data);
    else yield* emit(interleave(resampler.process(deinterleave(data, channels), data.length / channels)));
  }
  if (resampler) yield* emit(interleave(resampler.flush()));
  // Past the mix's end, silence up to the video's.
  while (written < total)
    yield* emit(new Float32Array(Math.min(OPUS_SAMPLE_RATE, total - written) * channels));
}

function deinterleave(data: Float32Array, channels: number): Float32Array[] {
  const frames = data.length / channels;
  return Array.from({ length: channels }, (_, channel) => {
    const plane = new Float32Array(frames);
    for (let index = 0; index < frames; index += 1) plane[index] = data[index * channels + channel]!;
    return plane;
  });
}

/** Planes → interleaved, copied (the resampler reuses its output arrays on its next call). */
function interleave(planes: readonly Float32Array[]): Float32Array {
  const channels = planes.length;
  const frames = planes[0]?.length ?? 0;
  const data = new Float32Array(frames * channels);
  for (let channel = 0; channel < channels; channel += 1) {
    const plane = planes[channel]!;
    for (let index = 0; index < frames; index += 1) data[index * channels + channel] = plane[index]!;
  }
  return data;
}

/** Interleaved pieces in, interleaved frames of the encoder's size out. */
class FixedFrames {
  private current: Float32Array;
  private filled = 0;
  private readonly ready: Float32Array[] = [];

  constructor(
    private readonly channels: number,
    private readonly size: number,
  ) {
    this.current = new Float32Array(size * channels);
  }

  add(data: Float32Array): void {
    let offset = 0;
    while (offset < data.length) {
      const count = Math.min(data.length - offset, this.current.length - this.filled);
      this.current.set(data.subarray(offset, offset + count), this.filled);
      this.filled += count;
      offset += count;
      if (this.filled === this.current.length) {
        this.ready.push(this.current);
        this.current = new Float32Array(this.size * this.channels);
        this.filled = 0;
      }
    }
  }

  take(): Float32Array | undefined {
    return this.ready.shift();
  }

  /** The last, short frame, if any. */
  rest(): Float32Array | undefined {
    return this.filled > 0 ? this.current.slice(0, this.filled) : undefined;
  }
}
