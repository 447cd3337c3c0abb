/**
 * The one WAV writer's parts: the header and the sample packing, shared by the recorder's in-memory WAV
 * (common/audio/wav-encoder.ts) and the export engine's streaming writer (main/services/export/encode).
 * Pure functions over byte arrays, so both the renderer and main use them.
 */

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;
/** RIFF sizes are 32-bit: the data must stay under 4 GiB minus the header. */
export const MAX_WAV_DATA_BYTES = 0xffffffff - 128;

export interface WavFormat {
  sampleRate: number;
  channels: number;
  bitDepth: 16 | 24;
}

/** Bytes of the header wavHeader() writes for this format. */
export function wavHeaderBytes(bitDepth: 16 | 24): number {
  return 12 + 8 + (bitDepth > 16 ? 40 : 16) + 8;
}

/**
 * A RIFF/WAVE header for `dataBytes` of samples. 16-bit files use the plain PCM header; 24-bit ones use
 * WAVE_FORMAT_EXTENSIBLE, as the format's specification asks for more than 16 bits. An odd data size is padded
 * (the RIFF size counts the pad byte; the data size does not).
 */
export function wavHeader(format: WavFormat, dataBytes: number): Uint8Array {
  const { sampleRate, channels, bitDepth } = format;
  const extensible = bitDepth > 16;
  const fmtSize = extensible ? 40 : 16;
  const header = new Uint8Array(wavHeaderBytes(bitDepth));
  const view = new DataView(header.buffer);
  const blockAlign = (channels * bitDepth) / 8;
  const padded = dataBytes + (dataBytes % 2);
  writeAscii(header, 0, 'RIFF');
  view.setUint32(4, header.length - 8 + padded, true);
  writeAscii(header, 8, 'WAVE');
  writeAscii(header, 12, 'fmt ');
  view.setUint32(16, fmtSize, true);
  view.setUint16(20, extensible ? WAVE_FORMAT_EXTENSIBLE : WAVE_FORMAT_PCM, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, bitDepth, true);
  if (extensible) {
    view.setUint16(36, 22, true);
    view.setUint16(38, bitDepth, true);
    // Speaker positions: front centre for mono, front left and right for stereo.
    view.setUint32(40, channels === 1 ? 0x4 : 0x3, true);
    // KSDATAFORMAT_SUBTYPE_PCM: 00000001-0000-0010-8000-00aa00389b71
    header.set([1, 0, 0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xaa, 0, 0x38, 0x9b, 0x71], 44);
  }
  const dataAt = 12 + 8 + fmtSize;
  writeAscii(header, dataAt, 'data');
  view.setUint32(dataAt + 4, dataBytes, true);
  return header;
}

/**
 * Interleaves planar float samples (full scale ±1) into little-endian integer PCM: scaled by 2^(bits−1), rounded
 * to nearest and clipped, as ffmpeg converts. A NaN (a broken decoder) becomes silence, not a full-scale click.
 * Offsetting by half the range plus ½ makes every value positive, so truncation (| 0) rounds to nearest and one
 * pair of comparisons clamps both ends; this runs for every sample of an export.
 */
export function packPcm(
  planar: readonly Float32Array[],
  frames: number,
  channels: number,
  bitDepth: 16 | 24,
  bytes: Uint8Array,
): void {
  if (bitDepth === 16) packInt16(planar, frames, channels, bytes);
  else packInt24(planar, frames, channels, bytes);
}

function packInt16(
  planar: readonly Float32Array[],
  frames: number,
  channels: number,
  bytes: Uint8Array,
): void {
  // A typed view is several times faster than DataView here; every platform the app runs on is little-endian,
  // as WAV is. `bytes` must start on an even offset (the export's scratch buffer and encodeWav's both do).
  const out = new Int16Array(bytes.buffer, bytes.byteOffset, frames * channels);
  for (let channel = 0; channel < channels; channel += 1) {
    const samples = planar[channel]!;
    for (let frame = 0, at = channel; frame < frames; frame += 1, at += channels) {
      let value = samples[frame]! * 32768 + 32768.5;
      value = value < 0 ? 0 : value <= 65535 ? value : value > 65535 ? 65535 : 32768.5;
      out[at] = (value | 0) - 32768;
    }
  }
}

function packInt24(
  planar: readonly Float32Array[],
  frames: number,
  channels: number,
  bytes: Uint8Array,
): void {
  for (let channel = 0; channel < channels; channel += 1) {
    const samples = planar[channel]!;
    for (let frame = 0, at = channel * 3; frame < frames; frame += 1, at += channels * 3) {
      let value = samples[frame]! * 8388608 + 8388608.5;
      value = value < 0 ? 0 : value <= 16777215 ? value : value > 16777215 ? 16777215 : 8388608.5;
      const rounded = (value | 0) - 8388608;
      bytes[at] = rounded & 0xff;
      bytes[at + 1] = (rounded >> 8) & 0xff;
      bytes[at + 2] = (rounded >> 16) & 0xff;
    }
  }
}

function writeAscii(target: Uint8Array, offset: number, text: string): void {
  for (let index = 0; index < text.length; index += 1) target[offset + index] = text.charCodeAt(index);
}
