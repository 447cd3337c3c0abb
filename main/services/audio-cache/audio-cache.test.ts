import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
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

describe('AudioCache lookups from memory', () => {
  const MEMO_KEY = 'd'.repeat(64);
  const sidecarOf = (generatedAt: string): string =>
    JSON.stringify({
      version: 1,
      fileName: `${MEMO_KEY}.wav`,
      durationMs: 3_000,
      remoteUrl: `${origin.url}/voice.wav`,
      generatedAt,
    });

  it('answers an unchanged entry from memory, and reads it again once its sidecar or audio changes', async () => {
    const folder = cache.folderOf(SERVICE);
    const sidecarPath = path.join(folder, `${MEMO_KEY}.json`);
    await writeFile(path.join(folder, `${MEMO_KEY}.wav`), origin.wav);
    await writeFile(sidecarPath, sidecarOf('2026-01-01T00:00:00.000Z'));
    // Whole seconds: a time stamp set again later is then exactly the same.
    const stamped = 1_790_000_000;
    await utimes(sidecarPath, stamped, stamped);
    expect((await cache.lookup(SERVICE, MEMO_KEY))?.generatedAt).toBe('2026-01-01T00:00:00.000Z');

    // Rewritten in place with the same size and time stamp: the sidecar looks unchanged, so memory answers.
    await writeFile(sidecarPath, sidecarOf('2026-02-02T00:00:00.000Z'));
    await utimes(sidecarPath, stamped, stamped);
    expect((await cache.lookup(SERVICE, MEMO_KEY))?.generatedAt).toBe('2026-01-01T00:00:00.000Z');

    // A newer time stamp (another process rewrote it): read again.
    await utimes(sidecarPath, stamped, stamped + 5);
    expect((await cache.lookup(SERVICE, MEMO_KEY))?.generatedAt).toBe('2026-02-02T00:00:00.000Z');
    expect((await cache.lookupMany(SERVICE, [MEMO_KEY])).get(MEMO_KEY)?.generatedAt).toBe(
      '2026-02-02T00:00:00.000Z',
    );

    // Audio removed (a cache clean): gone, though the sidecar is unchanged.
    await rm(path.join(folder, `${MEMO_KEY}.wav`));
    expect(await cache.lookup(SERVICE, MEMO_KEY)).toBeUndefined();
    await writeFile(path.join(folder, `${MEMO_KEY}.wav`), origin.wav);
    expect(await cache.lookup(SERVICE, MEMO_KEY)).toBeDefined();
    // Sidecar removed: gone.
    await rm(sidecarPath);
    expect(await cache.lookup(SERVICE, MEMO_KEY)).toBeUndefined();
  });
});
