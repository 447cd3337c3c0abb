import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ffmpeg } from '../export/test-support/media-tools.js';
import * as libavModule from '../media-codecs/libav.js';
import { openOpusSoundtrack } from './opus-soundtrack.js';
import { WavPcmReader } from './wav-pcm-reader.js';

vi.mock('../media-codecs/libav.js', { spy: true });

let dir: string;
let wavPath: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-opus-dispose-'));
  wavPath = path.join(dir, 'mix.wav');
  await ffmpeg([
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=f=440:r=48000:d=0.2',
    '-c:a',
    'pcm_s16le',
    wavPath,
  ]);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the Opus soundtrack’s dispose', () => {
  it('ends the libav instance and closes the WAV even when freeing the encoder throws', async () => {
    const actual = await vi.importActual<typeof libavModule>('../media-codecs/libav.js');
    let terminate: ReturnType<typeof vi.fn<() => void>> | undefined;
    vi.mocked(libavModule.createLibav).mockImplementationOnce(async () => {
      const real = await actual.createLibav();
      const realTerminate = real.terminate.bind(real);
      terminate = vi.fn<() => void>(realTerminate);
      real.ff_free_encoder = () => Promise.reject(new Error('free failed'));
      real.terminate = terminate;
      return real;
    });
    const close = vi.spyOn(WavPcmReader.prototype, 'close');
    const soundtrack = await openOpusSoundtrack({ wavPath, durationSeconds: 0.2 });
    await expect(soundtrack.dispose()).rejects.toThrow('free failed');
    expect(terminate).toHaveBeenCalledTimes(1);
    expect(close).toHaveBeenCalledTimes(1);
  }, 60_000);
});
