import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RenderClip } from '../../../common/export/render-plan.js';
import type { DecodedAudio } from './decode/decoded-audio.js';
import { PcmCache } from './decode/pcm-cache.js';
import type * as VideoSoundDecoder from './decode/video-sound-decoder.js';
import { prepareSources } from './prepare-sources.js';

/**
 * A video whose sound switches rate partway (two recordings spliced). The libav build has no demuxer that keeps
 * such a splice as one track (no MPEG-TS or ADTS), so a stand-in decoder yields 44.1 kHz and then 48 kHz runs.
 */
vi.mock('./decode/video-sound-decoder.js', async (importOriginal) => ({
  ...(await importOriginal<typeof VideoSoundDecoder>()),
  decodeVideoSound: async function* (): AsyncGenerator<DecodedAudio> {
    yield { channelData: [new Float32Array(1024)], samplesDecoded: 1024, sampleRate: 44100 };
    yield { channelData: [new Float32Array(1024)], samplesDecoded: 1024, sampleRate: 48000 };
  },
}));

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-rate-change-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('prepareSources with a video whose sound changes sample rate partway', () => {
  it('leaves the original sound out with a sentence naming the video and the reason, and goes on', async () => {
    const video = path.join(dir, 'interview.mp4');
    await writeFile(video, 'a video');
    const clip: RenderClip = {
      id: 'original-sound',
      track: 'music',
      sourceKey: `video-sound|${video}`,
      videoSound: true,
      startMs: 0,
      durationMs: 1000,
      gainDb: 0,
      fadeInMs: 0,
      fadeOutMs: 0,
    };
    const prepared = await prepareSources(
      { clips: [clip], sampleRate: 44100 },
      { [clip.sourceKey]: video },
      new PcmCache(path.join(dir, 'cache')),
      () => {},
      () => false,
    );
    expect(prepared.sources.size).toBe(0);
    expect([...prepared.unavailable.values()]).toEqual([
      '“interview.mp4” switches its sound’s sample rate partway through (44100 Hz, then 48000 Hz), so its original sound is not mixed in: re-encode the video’s sound at one rate to mix it.',
    ]);
  });
});
