import type { AudioEncoder } from './audio-encoder.js';
import type { ByteSink } from './byte-sink.js';

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;
// RIFF sizes are 32-bit: the data must stay under 4 GiB minus the header.
export const MAX_WAV_DATA_BYTES = 0xffffffff - 128;

/**
 * Streaming WAV writer: the header goes first with placeholder sizes, samples follow as they come,
 * and finish() patches the sizes. When the length is known in advance (one clip of a zip, where bytes
 * cannot be rewritten once checksummed) the header is written final and finish() only checks it. 16-bit files use the plain PCM header; 24-bit ones use
 * WAVE_FORMAT_EXTENSIBLE, as the format's specification asks for more than 16 bits.
 * Float samples are scaled by 2^(bits−1), rounded to nearest and clipped to the integer range, as ffmpeg converts.
 */
export class WavEncoder implements AudioEncoder {
  private dataBytes = 0;
  private scratch = new Uint8Array(0);

  constructor(
    private readonly file: ByteSink,
    private readonly sampleRate: number,
    private readonly channels: number,
    private readonly bitDepth: 16 | 24,
    private readonly knownFrames?: number,
  ) {
    file.write(this.header(knownFrames === undefined ? 0 : knownFrames * channels * (bitDepth / 8)));
  }

  write(planar: readonly Float32Array[], frames: number): void {
    const bytesPerSample = this.bitDepth / 8;
    const size = frames * this.channels * bytesPerSample;
    if (this.dataBytes + size > MAX_WAV_DATA_BYTES) {
      throw new Error(
        'WAV output: longer than the 4 GiB a WAV file can hold; export MP3 or use a lower rate',
      );
    }
    if (this.scratch.length < size) this.scratch = new Uint8Array(size);
    const bytes = this.scratch.subarray(0, size);
    if (this.bitDepth === 16) packInt16(planar, frames, this.channels, bytes);
    else packInt24(planar, frames, this.channels, bytes);
    this.file.write(bytes);
    this.dataBytes += size;
  }

  finish(): void {
    if (this.dataBytes % 2 === 1) this.file.write(new Uint8Array(1));
    if (this.knownFrames === undefined) {
      this.file.writeAt(this.header(this.dataBytes), 0);
      return;
    }
    const expected = this.knownFrames * this.channels * (this.bitDepth / 8);
    if (expected !== this.dataBytes)
      throw new Error(`WAV output: ${this.dataBytes} data bytes written, ${expected} announced`);
  }

  private header(dataBytes: number): Uint8Array {
    const extensible = this.bitDepth > 16;
    const fmtSize = extensible ? 40 : 16;
    const header = new Uint8Array(12 + 8 + fmtSize + 8);
    const view = new DataView(header.buffer);
    const blockAlign = (this.channels * this.bitDepth) / 8;
    const padded = dataBytes + (dataBytes % 2);
    writeAscii(header, 0, 'RIFF');
    view.setUint32(4, header.length - 8 + padded, true);
    writeAscii(header, 8, 'WAVE');
    writeAscii(header, 12, 'fmt ');
    view.setUint32(16, fmtSize, true);
    view.setUint16(20, extensible ? WAVE_FORMAT_EXTENSIBLE : WAVE_FORMAT_PCM, true);
    view.setUint16(22, this.channels, true);
    view.setUint32(24, this.sampleRate, true);
    view.setUint32(28, this.sampleRate * blockAlign, true);
    view.setUint16(32, blockAlign, true);
    view.setUint16(34, this.bitDepth, true);
    if (extensible) {
      view.setUint16(36, 22, true);
      view.setUint16(38, this.bitDepth, true);
      // Speaker positions: front centre for mono, front left and right for stereo.
      view.setUint32(40, this.channels === 1 ? 0x4 : 0x3, true);
      // KSDATAFORMAT_SUBTYPE_PCM: 00000001-0000-0010-8000-00aa00389b71
      header.set([1, 0, 0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xaa, 0, 0x38, 0x9b, 0x71], 44);
    }
    const dataAt = 12 + 8 + fmtSize;
    writeAscii(header, dataAt, 'data');
    view.setUint32(dataAt + 4, dataBytes, true);
    return header;
  }
}

function writeAscii(target: Uint8Array, offset: number, text: string): void {
  for (let index = 0; index < text.length; index += 1) target[offset + index] = text.charCodeAt(index);
}

// Offsetting by half the range plus ½ makes every value positive, so truncation (| 0) rounds to nearest
// and one clamp handles both overs; this runs for every sample of the export, so it avoids branches.
function packInt16(
  planar: readonly Float32Array[],
  frames: number,
  channels: number,
  bytes: Uint8Array,
): void {
  const out = new Int16Array(bytes.buffer, bytes.byteOffset, frames * channels);
  for (let channel = 0; channel < channels; channel += 1) {
    const samples = planar[channel]!;
    for (let frame = 0, at = channel; frame < frames; frame += 1, at += channels) {
      let value = samples[frame]! * 32768 + 32768.5;
      value = value < 0 ? 0 : value > 65535 ? 65535 : value;
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
      value = value < 0 ? 0 : value > 16777215 ? 16777215 : value;
      const rounded = (value | 0) - 8388608;
      bytes[at] = rounded & 0xff;
      bytes[at + 1] = (rounded >> 8) & 0xff;
      bytes[at + 2] = (rounded >> 16) & 0xff;
    }
  }
}
