/** Mono 16-bit PCM WAV, the plainest format every service and tool reads. */

const HEADER_BYTES = 44;
/** RIFF sizes are 32-bit. */
const MAX_DATA_BYTES = 0xffffffff - (HEADER_BYTES - 8);

export function wavByteLength(sampleCount: number): number {
  return HEADER_BYTES + sampleCount * 2;
}

/**
 * Encodes mono float samples (full scale ±1; beyond that is clipped) as a 16-bit PCM WAV file. Samples are scaled
 * by 32768 and rounded, the inverse of how decoders (ffmpeg, Web Audio) turn 16-bit PCM back into floats.
 */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array<ArrayBuffer> {
  if (!Number.isInteger(sampleRate) || sampleRate < 1 || sampleRate > 0xffffffff / 2) {
    throw new RangeError(`sampleRate must be a whole number of Hz ≥ 1 (got ${sampleRate}).`);
  }
  const dataBytes = samples.length * 2;
  if (dataBytes > MAX_DATA_BYTES) {
    throw new RangeError(`A WAV file holds at most ${MAX_DATA_BYTES / 2} samples (got ${samples.length}).`);
  }
  const bytes = new Uint8Array(HEADER_BYTES + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string): void => {
    for (let i = 0; i < text.length; i += 1) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, HEADER_BYTES - 8 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i += 1) {
    const scaled = Math.round(samples[i]! * 32768);
    // NaN (a broken decoder) becomes silence rather than a full-scale click.
    const value = Number.isNaN(scaled) ? 0 : Math.max(-32768, Math.min(32767, scaled));
    view.setInt16(HEADER_BYTES + i * 2, value, true);
  }
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
