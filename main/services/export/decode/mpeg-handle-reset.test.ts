import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MPEGDecoder } from 'mpg123-decoder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg } from '../test-support/media-tools.js';
import { makeSmallProject } from '../test-support/small-project.js';
import { resetMpegHandle } from './mpeg-handle-reset.js';

let folder: string;
let files: Uint8Array[];

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-mpeg-reset-'));
  const project = await makeSmallProject(path.join(folder, 'sources'), 10);
  // The speech blocks (MP3 24 kHz mono, as the stand-in makes them) and the music bed as a stereo MP3.
  const music = path.join(folder, 'music.mp3');
  await ffmpeg(['-v', 'error', '-i', project.sources.music!, '-c:a', 'libmp3lame', '-b:a', '128k', music]);
  const mp3s = [...Object.values(project.sources).filter((file) => file.endsWith('.mp3')), music];
  files = await Promise.all(mp3s.map(async (file) => new Uint8Array(await readFile(file))));
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Every sample the decoder gives for `bytes`, fed in pieces as the export reads a file. */
function decodeAll(decoder: MPEGDecoder, bytes: Uint8Array): Float32Array[] {
  const pieces: Float32Array[][] = [];
  for (let offset = 0; offset < bytes.length; offset += 4096) {
    const result = decoder.decode(bytes.subarray(offset, offset + 4096));
    expect(result.errors).toEqual([]);
    if (result.samplesDecoded > 0) pieces.push(result.channelData);
  }
  return [0, 1].map((channel) => {
    const total = pieces.reduce((sum, piece) => sum + piece[channel]!.length, 0);
    const joined = new Float32Array(total);
    let at = 0;
    for (const piece of pieces) {
      joined.set(piece[channel]!, at);
      at += piece[channel]!.length;
    }
    return joined;
  });
}

async function freshDecode(bytes: Uint8Array): Promise<Float32Array[]> {
  const decoder = new MPEGDecoder({ enableGapless: true });
  await decoder.ready;
  try {
    return decodeAll(decoder, bytes);
  } finally {
    decoder.free();
  }
}

describe('resetMpegHandle', () => {
  it('decodes each next file exactly as a new decoder does, gapless trimming included, with no memory lost', async () => {
    expect(files.length).toBe(4);
    const references = await Promise.all(files.map(freshDecode));
    const decoder = new MPEGDecoder({ enableGapless: true });
    await decoder.ready;
    const handles = new Set<unknown>();
    // Hundreds of files, as an audiobook's export decodes: the handle is made again in the same instance each
    // time (one address, so each one is freed), and every file's samples match a new decoder's exactly.
    for (let round = 0; round < 300; round += 1) {
      const index = round % files.length;
      if (round > 0) {
        expect(resetMpegHandle(decoder)).toBe(true);
        handles.add((decoder as unknown as { _decoder: unknown })._decoder);
      }
      const decoded = decodeAll(decoder, files[index]!);
      const reference = references[index]!;
      expect(decoded[0]!.length).toBe(reference[0]!.length);
      expect(decoded[0]!.length).toBeGreaterThan(10_000);
      expect(Buffer.from(decoded[0]!.buffer).equals(Buffer.from(reference[0]!.buffer))).toBe(true);
      expect(Buffer.from(decoded[1]!.buffer).equals(Buffer.from(reference[1]!.buffer))).toBe(true);
    }
    expect(handles.size).toBe(1);
    // The library frees its own way afterwards.
    expect(() => decoder.free()).not.toThrow();
  }, 60_000);

  it('changes nothing and answers false for a decoder of another shape (the library then resets)', () => {
    const stranger = { _decoder: 1234, _common: { wasm: {} } } as unknown as MPEGDecoder;
    expect(resetMpegHandle(stranger)).toBe(false);
    expect((stranger as unknown as { _decoder: number })._decoder).toBe(1234);
  });
});
