import { MAX_WAV_DATA_BYTES, packPcm, wavHeader, wavHeaderBytes } from './pcm-wav.js';

/** Mono 16-bit PCM WAV, the plainest format every service and tool reads. */

const FORMAT = { channels: 1, bitDepth: 16 } as const;
const HEADER_BYTES = wavHeaderBytes(FORMAT.bitDepth);

export function wavByteLength(sampleCount: number): number {
  return HEADER_BYTES + sampleCount * 2;
}

/**
 * Encodes mono float samples (full scale ±1; beyond that is clipped) as a 16-bit PCM WAV file, with the same
 * header and packing as the export engine (pcm-wav.ts): scaled by 32768 and rounded, the inverse of how decoders
 * (ffmpeg, Web Audio) turn 16-bit PCM back into floats.
 */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array<ArrayBuffer> {
  if (!Number.isInteger(sampleRate) || sampleRate < 1 || sampleRate > 0xffffffff / 2) {
    throw new RangeError(`sampleRate must be a whole number of Hz ≥ 1 (got ${sampleRate}).`);
  }
  const dataBytes = samples.length * 2;
  if (dataBytes > MAX_WAV_DATA_BYTES) {
    throw new RangeError(
      `A WAV file holds at most ${MAX_WAV_DATA_BYTES / 2} samples (got ${samples.length}).`,
    );
  }
  const bytes = new Uint8Array(HEADER_BYTES + dataBytes);
  bytes.set(wavHeader({ ...FORMAT, sampleRate }, dataBytes), 0);
  packPcm([samples], samples.length, 1, FORMAT.bitDepth, bytes.subarray(HEADER_BYTES));
  return bytes;
}

/** Averages the channels into one. All channels must be the same length. */
export function mixToMono(channels: Float32Array[]): Float32Array {
  const first = channels[0];
  if (first === undefined) return new Float32Array(0);
  if (channels.length === 1) return Float32Array.from(first);
  const length = first.length;
  for (const [index, channel] of channels.entries()) {
    if (channel.length !== length) {
      throw new RangeError(
        `channels[${index}] has ${channel.length} samples; every channel must have ${length} like channels[0].`,
      );
    }
  }
  const mono = new Float32Array(length);
  const scale = 1 / channels.length;
  for (const channel of channels) {
    for (let i = 0; i < length; i += 1) mono[i]! += channel[i]! * scale;
  }
  return mono;
}
