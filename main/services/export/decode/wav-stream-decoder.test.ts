import { describe, expect, it } from 'vitest';
import type { DecodedAudio } from './decoded-audio.js';
import { WavStreamDecoder } from './wav-stream-decoder.js';

interface WavSpec {
  readonly tag: number;
  readonly channels: number;
  readonly rate: number;
  readonly bits: number;
  readonly data: Uint8Array;
  readonly extensible?: boolean;
  readonly extraChunk?: boolean;
  readonly dataSize?: number;
}

function wav(spec: WavSpec): Uint8Array {
  const fmtSize = spec.extensible ? 40 : 16;
  const extra = spec.extraChunk ? 8 + 5 + 1 : 0;
  const out = new Uint8Array(12 + 8 + fmtSize + extra + 8 + spec.data.length);
  const view = new DataView(out.buffer);
  const ascii = (at: number, text: string): void =>
    [...text].forEach((c, i) => (out[at + i] = c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, out.length - 8, true);
  ascii(8, 'WAVE');
  let at = 12;
  if (spec.extraChunk) {
    ascii(at, 'LIST');
    view.setUint32(at + 4, 5, true);
    at += 8 + 5 + 1; // odd-sized chunk, padded
  }
  ascii(at, 'fmt ');
  view.setUint32(at + 4, fmtSize, true);
  view.setUint16(at + 8, spec.extensible ? 0xfffe : spec.tag, true);
  view.setUint16(at + 10, spec.channels, true);
  view.setUint32(at + 12, spec.rate, true);
  view.setUint32(at + 16, (spec.rate * spec.channels * spec.bits) / 8, true);
  view.setUint16(at + 20, (spec.channels * spec.bits) / 8, true);
  view.setUint16(at + 22, spec.bits, true);
  if (spec.extensible) {
    view.setUint16(at + 24, 22, true);
    view.setUint16(at + 26, spec.bits, true);
    view.setUint16(at + 32, spec.tag, true);
  }
  at += 8 + fmtSize;
  ascii(at, 'data');
  view.setUint32(at + 4, spec.dataSize ?? spec.data.length, true);
  out.set(spec.data, at + 8);
  return out;
}

async function decodeAll(
  file: Uint8Array,
  pieceSize: number,
): Promise<{ channels: number[][]; rate: number }> {
  const decoder = new WavStreamDecoder();
  const parts: DecodedAudio[] = [];
  for (let offset = 0; offset < file.length; offset += pieceSize) {
    const decoded = await decoder.push(file.slice(offset, offset + pieceSize));
    if (decoded) parts.push(decoded);
  }
  const tail = await decoder.finish();
  if (tail) parts.push(tail);
  const channelCount = parts[0]?.channelData.length ?? 0;
  const channels = Array.from({ length: channelCount }, (_, c) =>
    parts.flatMap((part) => [...(part.channelData[c] ?? [])]),
  );
  return { channels, rate: parts[0]?.sampleRate ?? 0 };
}

describe('WavStreamDecoder', () => {
  it('decodes 16-bit stereo, however the bytes are cut', async () => {
    const samples = new Int16Array([0, 16384, -16384, 32767, -32768, 8192]);
    const file = wav({ tag: 1, channels: 2, rate: 44100, bits: 16, data: new Uint8Array(samples.buffer) });
    for (const piece of [1, 3, 7, 1000]) {
      const { channels, rate } = await decodeAll(file, piece);
      expect(rate).toBe(44100);
      expect(channels[0]).toEqual([0, -0.5, -1]);
      expect(channels[1]).toEqual([0.5, 32767 / 32768, 0.25]);
    }
  });

  it('decodes 8-bit unsigned, 24-bit and 32-bit integer samples', async () => {
    const eight = await decodeAll(
      wav({ tag: 1, channels: 1, rate: 8000, bits: 8, data: Uint8Array.from([128, 192, 0]) }),
      2,
    );
    expect(eight.channels[0]).toEqual([0, 0.5, -1]);
    const twentyFour = await decodeAll(
      wav({
        tag: 1,
        channels: 1,
        rate: 48000,
        bits: 24,
        data: Uint8Array.from([0, 0, 0x40, 0, 0, 0xc0, 0xff, 0xff, 0x7f]),
      }),
      4,
    );
    expect(twentyFour.channels[0]).toEqual([0.5, -0.5, 8388607 / 8388608]);
    const thirtyTwo = await decodeAll(
      wav({
        tag: 1,
        channels: 1,
        rate: 48000,
        bits: 32,
        data: new Uint8Array(new Int32Array([-1073741824]).buffer),
      }),
      5,
    );
    expect(thirtyTwo.channels[0]).toEqual([-0.5]);
  });

  it('decodes 32- and 64-bit float, plain or WAVE_FORMAT_EXTENSIBLE, after other chunks', async () => {
    const f32 = await decodeAll(
      wav({
        tag: 3,
        channels: 1,
        rate: 24000,
        bits: 32,
        extensible: true,
        extraChunk: true,
        data: new Uint8Array(new Float32Array([0.25, -0.75]).buffer),
      }),
      9,
    );
    expect(f32.channels[0]).toEqual([0.25, -0.75]);
    const f64 = await decodeAll(
      wav({
        tag: 3,
        channels: 1,
        rate: 24000,
        bits: 64,
        data: new Uint8Array(new Float64Array([0.125]).buffer),
      }),
      3,
    );
    expect(f64.channels[0]).toEqual([0.125]);
  });

  it('stops at the end of the data chunk, and reads to the end when the size is unknown (0 or 0xFFFFFFFF)', async () => {
    const data = new Uint8Array(new Int16Array([16384, 16384, 16384]).buffer);
    const declaredShort = await decodeAll(
      wav({ tag: 1, channels: 1, rate: 8000, bits: 16, data, dataSize: 4 }),
      3,
    );
    expect(declaredShort.channels[0]).toEqual([0.5, 0.5]);
    const streamed = await decodeAll(
      wav({ tag: 1, channels: 1, rate: 8000, bits: 16, data, dataSize: 0xffffffff }),
      3,
    );
    expect(streamed.channels[0]).toEqual([0.5, 0.5, 0.5]);
  });

  it('names the problem in unsupported or broken files', async () => {
    await expect(
      decodeAll(wav({ tag: 2, channels: 1, rate: 8000, bits: 4, data: new Uint8Array(4) }), 100),
    ).rejects.toThrow(/format tag 2 is not PCM/);
    await expect(
      decodeAll(wav({ tag: 3, channels: 1, rate: 8000, bits: 16, data: new Uint8Array(4) }), 100),
    ).rejects.toThrow(/16-bit float samples are not supported/);
    const headerOnly = wav({ tag: 1, channels: 1, rate: 8000, bits: 16, data: new Uint8Array(0) }).slice(
      0,
      20,
    );
    await expect(decodeAll(headerOnly, 100)).rejects.toThrow(/ended before the "fmt " and "data" chunks/);
  });
});
