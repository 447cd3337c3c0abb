import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeWav } from '../../../common/audio/wav-encoder.js';
import { UNKNOWN_WAV_SIZE } from '../export/encode/wav-encoder.js';
import { WavPcmReader } from './wav-pcm-reader.js';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function wavFile(bytes: Uint8Array): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'timbre-wav-reader-'));
  folders.push(folder);
  const filePath = path.join(folder, 'mix.wav');
  await writeFile(filePath, bytes);
  return filePath;
}

async function readAll(reader: WavPcmReader): Promise<number[]> {
  const samples: number[] = [];
  for await (const piece of reader.frames(0, Number.MAX_SAFE_INTEGER)) samples.push(...piece);
  return samples;
}

describe('WavPcmReader', () => {
  it('reads a staged mix past 4 GiB, whose sizes say "unknown", to the end of the file', async () => {
    const samples = Float32Array.from({ length: 3000 }, (_, index) => Math.sin(index / 10) / 2);
    const bytes = encodeWav(samples, 44_100);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    // What encode/wav-encoder.ts writes in a 'staging' WAV over 4 GiB (made small here).
    view.setUint32(4, UNKNOWN_WAV_SIZE, true);
    view.setUint32(40, UNKNOWN_WAV_SIZE, true);
    const reader = await WavPcmReader.open(await wavFile(bytes));
    try {
      expect(reader.layout).toMatchObject({ channels: 1, sampleRate: 44_100, dataOffset: 44, frames: 3000 });
      const read = await readAll(reader);
      expect(read).toHaveLength(3000);
      expect(Math.max(...read.map((value, index) => Math.abs(value - samples[index]!)))).toBeLessThan(1e-4);
    } finally {
      await reader.close();
    }
  });

  it('reads an ordinary WAV by its data size, not past it', async () => {
    const bytes = encodeWav(new Float32Array(100).fill(0.25), 8000);
    // A trailing chunk after the data (as a tagged WAV has) is not read as samples.
    const tagged = new Uint8Array(bytes.length + 12);
    tagged.set(bytes);
    tagged.set(
      [...'LIST'].map((char) => char.charCodeAt(0)),
      bytes.length,
    );
    const reader = await WavPcmReader.open(await wavFile(tagged));
    try {
      expect(reader.layout.frames).toBe(100);
      expect(await readAll(reader)).toHaveLength(100);
    } finally {
      await reader.close();
    }
  });
});
