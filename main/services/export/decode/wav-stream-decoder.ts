import type { DecodedAudio, StreamingDecoder } from './decoded-audio.js';

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;
const FORMAT_EXTENSIBLE = 0xfffe;
// Chunks before 'data' (fmt, LIST, bext, iXML...) are small; a header this large is not a WAV file we can read.
const MAX_HEADER_BYTES = 16 * 1024 * 1024;

interface WavFormat {
  readonly encoding: 'int' | 'float';
  readonly channels: number;
  readonly sampleRate: number;
  readonly bitsPerSample: number;
  readonly blockAlign: number;
  /** WAVE_FORMAT_EXTENSIBLE's channel mask (its bits are ffmpeg's AV_CH_* bits); 0 when the file names none. */
  readonly channelMask: number;
}

/**
 * Streaming RIFF/WAVE decoder: integer PCM of 8, 16, 24 or 32 bits and IEEE float of 32 or 64 bits,
 * plain or WAVE_FORMAT_EXTENSIBLE. The header is parsed once enough bytes have arrived; sample data is
 * converted as it comes, keeping a partial frame across pieces. A data size of 0 or 0xFFFFFFFF (written
 * by streaming recorders) means "until the end of the file".
 */
export class WavStreamDecoder implements StreamingDecoder {
  private header: Uint8Array = new Uint8Array(0);
  private format: WavFormat | undefined;
  private dataRemaining = Number.POSITIVE_INFINITY;
  private carry: Uint8Array = new Uint8Array(0);

  async push(bytes: Uint8Array): Promise<DecodedAudio | undefined> {
    if (!this.format) {
      this.header = concat(this.header, bytes);
      const parsed = parseHeader(this.header);
      if (!parsed) {
        if (this.header.length > MAX_HEADER_BYTES)
          throw new Error('WAV header: no "data" chunk in the first 16 MiB');
        return undefined;
      }
      this.format = parsed.format;
      this.dataRemaining = parsed.dataSize;
      const rest = this.header.subarray(parsed.dataOffset);
      this.header = new Uint8Array(0);
      return this.convert(rest);
    }
    return this.convert(bytes);
  }

  async finish(): Promise<DecodedAudio | undefined> {
    if (!this.format) throw new Error('WAV header: the file ended before the "fmt " and "data" chunks');
    return undefined;
  }

  async reset(): Promise<void> {
    this.header = new Uint8Array(0);
    this.format = undefined;
    this.dataRemaining = Number.POSITIVE_INFINITY;
    this.carry = new Uint8Array(0);
  }

  dispose(): void {
    this.carry = new Uint8Array(0);
  }

  private convert(bytes: Uint8Array): DecodedAudio | undefined {
    const format = this.format;
    if (!format || bytes.length === 0) return undefined;
    let usable = bytes.subarray(0, Math.min(bytes.length, this.dataRemaining));
    this.dataRemaining -= usable.length;
    if (this.carry.length > 0) {
      usable = concat(this.carry, usable);
      this.carry = new Uint8Array(0);
    }
    const frames = Math.floor(usable.length / format.blockAlign);
    const whole = frames * format.blockAlign;
    if (whole < usable.length) this.carry = usable.slice(whole);
    if (frames === 0) return undefined;
    const channelData = Array.from({ length: format.channels }, () => new Float32Array(frames));
    readSamples(usable, format, frames, channelData);
    return {
      channelData,
      samplesDecoded: frames,
      sampleRate: format.sampleRate,
      channelLayout: format.channelMask,
    };
  }
}

function parseHeader(
  bytes: Uint8Array,
): { format: WavFormat; dataOffset: number; dataSize: number } | undefined {
  if (bytes.length < 12) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  let format: WavFormat | undefined;
  while (offset + 8 <= bytes.length) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'data') {
      if (!format) throw new Error('WAV header: "data" chunk comes before the "fmt " chunk');
      const dataSize = size === 0 || size === 0xffffffff ? Number.POSITIVE_INFINITY : size;
      return { format, dataOffset: body, dataSize };
    }
    // Chunk bodies are padded to an even length.
    const next = body + size + (size % 2);
    if (next > bytes.length) return undefined;
    if (id === 'fmt ') format = parseFmt(view, body, size);
    offset = next;
  }
  return undefined;
}

function parseFmt(view: DataView, offset: number, size: number): WavFormat {
  if (size < 16) throw new Error(`WAV "fmt " chunk: size ${size} is below the 16 bytes it must have`);
  let tag = view.getUint16(offset, true);
  const channels = view.getUint16(offset + 2, true);
  const sampleRate = view.getUint32(offset + 4, true);
  const blockAlign = view.getUint16(offset + 12, true);
  const bitsPerSample = view.getUint16(offset + 14, true);
  let channelMask = 0;
  if (tag === FORMAT_EXTENSIBLE) {
    if (size < 40) throw new Error('WAV "fmt " chunk: WAVE_FORMAT_EXTENSIBLE needs 40 bytes');
    // The sub-format GUID starts with the plain format tag.
    tag = view.getUint16(offset + 24, true);
    channelMask = view.getUint32(offset + 20, true);
  }
  if (channels < 1) throw new Error('WAV "fmt " chunk: channels must be ≥ 1');
  if (sampleRate < 1000 || sampleRate > 768_000)
    throw new Error(`WAV "fmt " chunk: sample rate ${sampleRate} Hz is out of range`);
  const encoding = tag === FORMAT_PCM ? 'int' : tag === FORMAT_FLOAT ? 'float' : undefined;
  if (!encoding) throw new Error(`WAV "fmt " chunk: format tag ${tag} is not PCM (1) or IEEE float (3)`);
  const supported = encoding === 'int' ? [8, 16, 24, 32] : [32, 64];
  if (!supported.includes(bitsPerSample)) {
    throw new Error(
      `WAV "fmt " chunk: ${bitsPerSample}-bit ${encoding === 'int' ? 'integer' : 'float'} samples are not supported`,
    );
  }
  if (blockAlign !== (channels * bitsPerSample) / 8) {
    throw new Error(
      `WAV "fmt " chunk: block align ${blockAlign} does not match ${channels} × ${bitsPerSample} bits`,
    );
  }
  return { encoding, channels, sampleRate, bitsPerSample, blockAlign, channelMask };
}

function readSamples(bytes: Uint8Array, format: WavFormat, frames: number, out: Float32Array[]): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { channels, bitsPerSample, encoding } = format;
  const step = bitsPerSample / 8;
  for (let channel = 0; channel < channels; channel += 1) {
    const target = out[channel];
    if (!target) continue;
    let position = channel * step;
    for (let frame = 0; frame < frames; frame += 1, position += format.blockAlign) {
      target[frame] = readOne(view, bytes, position, bitsPerSample, encoding);
    }
  }
}

// Integer PCM is scaled by 2^(bits-1), as ffmpeg does, so decoded values match its float conversion.
function readOne(
  view: DataView,
  bytes: Uint8Array,
  position: number,
  bits: number,
  encoding: 'int' | 'float',
): number {
  if (encoding === 'float')
    return bits === 32 ? view.getFloat32(position, true) : view.getFloat64(position, true);
  switch (bits) {
    case 8:
      return ((bytes[position] ?? 128) - 128) / 128;
    case 16:
      return view.getInt16(position, true) / 32768;
    case 24: {
      const value =
        (bytes[position] ?? 0) | ((bytes[position + 1] ?? 0) << 8) | ((bytes[position + 2] ?? 0) << 16);
      return ((value << 8) >> 8) / 8388608;
    }
    default:
      return view.getInt32(position, true) / 2147483648;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}
