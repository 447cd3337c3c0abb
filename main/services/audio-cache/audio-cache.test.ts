import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEnvelope } from '../../../common/audio/audio-analysis.js';
import { MediaCache } from '../media/index.js';
import type { OriginServer } from '../media/test-support/origin-server.js';
import { startOriginServer } from '../media/test-support/origin-server.js';
import { AudioCache } from './audio-cache.js';

const KEY = 'a'.repeat(64);
const OLD_KEY = 'b'.repeat(64);
const SERVICE = 'https://voice.example';

let origin: OriginServer;
let dataDir: string;
let media: MediaCache;
let cache: AudioCache;

beforeAll(async () => {
  origin = await startOriginServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-audio-cache-'));
  media = await MediaCache.open({ dataDir });
  cache = new AudioCache({ dataDir, media });
});

afterAll(async () => {
  cache.dispose();
  await media.flush();
  await origin.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('AudioCache analysis', () => {
  it('measures a take as it is stored: duration, waveform envelope and the take’s measures', async () => {
    const stored = await cache.store(SERVICE, KEY, { remoteUrl: `${origin.url}/voice.wav` });
    // The origin's file is 3 s of a 440 Hz tone at a quarter of full scale.
    expect(stored.durationMs).toBe(3_000);
    expect(stored.measures).toMatchObject({
      clippedSamples: 0,
      leadingSilenceMs: 0,
      trailingSilenceMs: 0,
      longestPauseMs: 0,
    });
    expect(stored.measures?.rmsDb).toBeCloseTo(20 * Math.log10(8000 / 32768 / Math.SQRT2), 0);
    const analysis = await cache.analysis(SERVICE, KEY);
    expect(analysis?.windowsPerSecond).toBe(50);
    expect(decodeEnvelope(analysis?.envelope ?? '')).toHaveLength(150);
  });

  it('analyses an entry cached before takes were measured once, on request, and keeps the result', async () => {
    const folder = cache.folderOf(SERVICE);
    await writeFile(path.join(folder, `${OLD_KEY}.wav`), origin.wav);
    await writeFile(
      path.join(folder, `${OLD_KEY}.json`),
      JSON.stringify({
        version: 1,
        fileName: `${OLD_KEY}.wav`,
        durationMs: 3_000,
        remoteUrl: `${origin.url}/voice.wav`,
        generatedAt: '2026-01-01T00:00:00.000Z',
      }),
    );
    expect((await cache.lookup(SERVICE, OLD_KEY))?.measures).toBeUndefined();
    const analysis = await cache.analysis(SERVICE, OLD_KEY);
    expect(analysis?.durationMs).toBe(3_000);
    const sidecar = JSON.parse(await readFile(path.join(folder, `${OLD_KEY}.json`), 'utf8')) as {
      analysis?: unknown;
    };
    expect(sidecar.analysis).toEqual(analysis);
    expect((await cache.lookup(SERVICE, OLD_KEY))?.measures?.clippedSamples).toBe(0);
    expect(await cache.analysis(SERVICE, 'c'.repeat(64))).toBeUndefined();
  });
});
