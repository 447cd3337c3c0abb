import { open, rm } from 'node:fs/promises';
import type { EncodedPacket } from 'mediabunny';
import { ExportCancelledError } from '../export/export-errors.js';
import { AAC_ENCODER_DELAY_FRAMES } from './container-rules.js';
import { WavPcmReader } from './wav-pcm-reader.js';

const AAC_FRAME = 1024;
/** Below this, one encoder: a second one's warm-up would cost more than it saves. */
const MIN_SPLIT_SECONDS = 120;
/**
 * How long the second encoder runs before its first kept packet. ffmpeg's AAC encoder settles its rate control
 * over its first ~20 s (a test sweep comes out ~35 dB above its error at first, ~62 dB after); started only a few
 * frames early, the second half kept that first, coarser quality (measured 33–38 dB against the single pass's
 * 62 dB). Thirty seconds more of encoding, on a two-hour soundtrack 0.4 %, makes the two halves alike.
 */
const WARM_UP_SECONDS = 30;
const RECORD_HEADER = 20;
const READ_BYTES = 1024 * 1024;

export interface EncodedSoundtrack {
  readonly decoderConfig: AudioDecoderConfig;
  /** The packets in order, read back from the files the lanes wrote. */
  packets(): AsyncGenerator<EncodedPacket>;
}

interface SoundtrackJob {
  readonly wavPath: string;
  /** The video's length: the mix is cut there, or made up with silence. */
  readonly durationSeconds: number;
  /** Where the lanes' packets are staged (removed by `dispose`). */
  readonly workPath: string;
  /** The AAC bit rate; a video's soundtrack takes 96 kbps per channel. */
  readonly bitrateKbps?: number | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly onFraction?: ((fraction: number) => void) | undefined;
}

/**
 * The mix encoded as AAC on both cores: two encoders (each its own worker) take the two halves at once, the second
 * starting 30 s early (to settle, see WARM_UP_SECONDS) and kept from the split on. AAC packets overlap by half a frame; at the split the
 * first encoder's last kept packet and the second's first cover the same audio, so the decoder's overlap-add
 * joins them as in one stream (with each encoder's own rounding). Packets are staged in files, not memory, so a
 * two-hour soundtrack costs no more memory than a minute. `dispose` removes the files.
 */
export async function encodeSoundtrack(
  job: SoundtrackJob,
): Promise<EncodedSoundtrack & { dispose(): Promise<void> }> {
  const reader = await WavPcmReader.open(job.wavPath);
  const { sampleRate, channels } = reader.layout;
  const total = Math.round(job.durationSeconds * sampleRate);
  const split =
    total >= MIN_SPLIT_SECONDS * sampleRate ? Math.round(total / 2 / AAC_FRAME) * AAC_FRAME : total;
  // Packet p's window starts at frame (p - 1) × 1024 and is stamped there: the first encoder keeps the packets
  // whose window ends by the split, the second those from the one that starts a frame before it.
  const cut = (split - AAC_FRAME - AAC_FRAME / 2) / sampleRate;
  const warmUp = Math.ceil((WARM_UP_SECONDS * sampleRate) / AAC_FRAME) * AAC_FRAME;
  const files = [`${job.workPath}.aac-1`, `${job.workPath}.aac-2`];
  const done = [0, 0];
  const report = (): void => job.onFraction?.(Math.min(1, (done[0]! + done[1]!) / Math.max(1, total)));
  try {
    const lanes = [
      encodeLane(reader, 0, split, -Infinity, split < total ? cut : Infinity, files[0]!, job, (frames) => {
        done[0] = frames;
        report();
      }),
    ];
    if (split < total) {
      lanes.push(
        encodeLane(reader, split - warmUp, total, cut, Infinity, files[1]!, job, (frames) => {
          done[1] = Math.max(0, frames - warmUp);
          report();
        }),
      );
    }
    const configs = await Promise.all(lanes);
    const decoderConfig = configs[0];
    if (!decoderConfig) throw new Error('The AAC encoder gave no decoder configuration');
    const used = files.slice(0, lanes.length);
    return {
      decoderConfig: { ...decoderConfig, sampleRate, numberOfChannels: channels },
      packets: () => readPackets(used),
      dispose: () => removeAll(files),
    };
  } catch (error) {
    await removeAll(files);
    throw error;
  } finally {
    await reader.close();
  }
}

/** One encoder over frames [from, to), its packets stamped [keepFrom, keepBefore) written to `filePath`. */
async function encodeLane(
  reader: WavPcmReader,
  from: number,
  to: number,
  keepFrom: number,
  keepBefore: number,
  filePath: string,
  job: SoundtrackJob,
  onFrames: (frames: number) => void,
): Promise<AudioDecoderConfig | undefined> {
  const { AudioSample, AudioSampleSource, MkvOutputFormat, NullTarget, Output, Quality } =
    await import('mediabunny');
  const { sampleRate, channels } = reader.layout;
  const file = await open(filePath, 'w');
  let config: AudioDecoderConfig | undefined;
  let pending: Uint8Array[] = [];
  const source = new AudioSampleSource({
    codec: 'aac',
    quality: new Quality({ bitrate: (job.bitrateKbps ?? (channels === 1 ? 96 : 192)) * 1000 }),
    onEncodedPacket: (packet, meta) => {
      if (meta?.decoderConfig) config = meta.decoderConfig;
      if (packet.timestamp >= keepFrom && packet.timestamp < keepBefore) pending.push(record(packet));
    },
  });
  // Matroska into nothing: the encoder needs an output to run in, and this one keeps no index of the packets.
  const output = new Output({ format: new MkvOutputFormat(), target: new NullTarget() });
  output.addAudioTrack(source);
  await output.start();
  try {
    let frame = from;
    const add = async (data: Float32Array): Promise<void> => {
      if (job.signal?.aborted) throw new ExportCancelledError();
      const frames = data.length / channels;
      const timestamp = (frame - AAC_ENCODER_DELAY_FRAMES) / sampleRate;
      // Interleaved, as the encoder takes it: no planar copy on the way.
      const sample = new AudioSample({
        data,
        format: 'f32',
        numberOfChannels: channels,
        sampleRate,
        timestamp,
      });
      await source.add(sample);
      sample.close();
      frame += frames;
      await flush();
      onFrames(frame - from);
    };
    const flush = async (): Promise<void> => {
      if (pending.length === 0) return;
      const bytes = Buffer.concat(pending);
      pending = [];
      await file.write(bytes);
    };
    for await (const data of reader.frames(from, to)) await add(data);
    // Past the mix's end, silence up to the video's.
    while (frame < to) {
      const frames = Math.min(sampleRate, to - frame);
      await add(new Float32Array(frames * channels));
    }
    source.close();
    await output.finalize();
    await flush();
    return config;
  } catch (error) {
    await output.cancel().catch(() => undefined);
    throw error;
  } finally {
    await file.close();
  }
}

/** A packet as staged: its timestamp and duration (float64), its length (uint32), its bytes. */
export function record(packet: Pick<EncodedPacket, 'data' | 'timestamp' | 'duration'>): Uint8Array {
  const bytes = new Uint8Array(RECORD_HEADER + packet.data.length);
  const view = new DataView(bytes.buffer);
  view.setFloat64(0, packet.timestamp, true);
  view.setFloat64(8, packet.duration, true);
  view.setUint32(16, packet.data.length, true);
  bytes.set(packet.data, RECORD_HEADER);
  return bytes;
}

/** The staged packets of each file in turn, in the order they were written. */
export async function* readPackets(files: readonly string[]): AsyncGenerator<EncodedPacket> {
  const { EncodedPacket } = await import('mediabunny');
  for (const filePath of files) {
    const file = await open(filePath, 'r');
    try {
      // One buffer per file, refilled in place: a fresh megabyte per read (and a copy to join it to the last one's
      // tail) was garbage the muxer's peak carried. Each packet's bytes are copied out, as the muxer keeps them.
      let buffer = Buffer.allocUnsafe(READ_BYTES);
      let filled = 0;
      let position = 0;
      for (;;) {
        const { bytesRead } = await file.read(buffer, filled, buffer.length - filled, position);
        position += bytesRead;
        filled += bytesRead;
        let offset = 0;
        while (offset + RECORD_HEADER <= filled) {
          const length = buffer.readUInt32LE(offset + 16);
          const end = offset + RECORD_HEADER + length;
          if (end > filled) break;
          const data = new Uint8Array(buffer.subarray(offset + RECORD_HEADER, end));
          yield new EncodedPacket(data, 'key', buffer.readDoubleLE(offset), buffer.readDoubleLE(offset + 8));
          offset = end;
        }
        buffer.copyWithin(0, offset, filled);
        filled -= offset;
        if (bytesRead === 0) break;
        // A record longer than the buffer (never from AAC, whose packets are a few hundred bytes): make room for it.
        if (filled === buffer.length) buffer = Buffer.concat([buffer, Buffer.alloc(buffer.length)]);
      }
    } finally {
      await file.close();
    }
  }
}

async function removeAll(files: readonly string[]): Promise<void> {
  await Promise.all(files.map((filePath) => rm(filePath, { force: true })));
}
