import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportEngine } from '../export-engine.js';
import type { ExportRequest } from '../export-types.js';
import { makeSmallProject, type SmallProject } from '../test-support/small-project.js';
import { readFrameHeader } from './mp3-info-frame.js';

/**
 * Exported MP3s start with a Xing "Info" frame carrying LAME's delay and padding: decoded by ffmpeg they are as
 * long as the timeline (within 2 ms) and line up with the WAV export of the same mix.
 */

const run = promisify(execFile);
const RATE = 44_100;
let folder: string;
let project: SmallProject;
const engine = new ExportEngine();

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-gapless-'));
  project = await makeSmallProject(path.join(folder, 'sources'), 20);
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

function request(outputPath: string, audio: ExportRequest['options']['audio']): ExportRequest {
  return {
    plan: project.plan,
    sources: project.sources,
    options: { audio, loudness: { kind: 'none' }, subtitles: { srt: false, vtt: false } },
    outputPath,
    pcmCacheDir: path.join(folder, 'cache'),
  };
}

/** The file decoded by ffmpeg (which honours the LAME tag) to mono float samples. */
async function decode(filePath: string): Promise<Float32Array> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', filePath, '-f', 'f32le', '-ac', '1', '-ar', `${RATE}`, '-'],
    {
      encoding: 'buffer',
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  const bytes = stdout as unknown as Buffer;
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
}

/** The lag (in samples) of `b` against `a` that best lines them up, over a window of speech. */
function bestLag(a: Float32Array, b: Float32Array, start: number, length: number, maxLag: number): number {
  let best = 0;
  let bestScore = -Infinity;
  for (let lag = -maxLag; lag <= maxLag; lag += 1) {
    let score = 0;
    for (let index = start; index < start + length; index += 1) score += a[index]! * (b[index + lag] ?? 0);
    if (score > bestScore) {
      bestScore = score;
      best = lag;
    }
  }
  return best;
}

describe('gapless MP3', () => {
  it('is as long as the timeline once decoded, and lines up with the WAV of the same mix', async () => {
    const wavPath = path.join(folder, 'mix.wav');
    const mp3Path = path.join(folder, 'mix.mp3');
    await engine.exportMix(request(wavPath, { format: 'wav', bitDepth: 16 }));
    await engine.exportMix(request(mp3Path, { format: 'mp3', bitrateKbps: 128 }));
    const wav = await decode(wavPath);
    const mp3 = await decode(mp3Path);
    const expected = Math.round((project.plan.durationMs / 1000) * RATE);
    expect(wav.length).toBe(expected);
    expect(Math.abs(mp3.length - expected) / RATE).toBeLessThanOrEqual(0.002);
    // Speech starts 300 ms in: a second of it decides the alignment.
    expect(bestLag(wav, mp3, Math.round(0.35 * RATE), RATE, 1500)).toBe(0);
  }, 60_000);

  it('starts the stream with an Info frame naming the frames and bytes that follow', async () => {
    const mp3Path = path.join(folder, 'info.mp3');
    await engine.exportMix(request(mp3Path, { format: 'mp3', bitrateKbps: 192 }));
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(mp3Path);
    const header = readFrameHeader(bytes, 0);
    expect(header?.bitrateKbps).toBe(192);
    const tagAt = 4 + 32;
    expect(bytes.toString('latin1', tagAt, tagAt + 4)).toBe('Info');
    expect(bytes.readUInt32BE(tagAt + 12)).toBe(bytes.length);
    expect(bytes.toString('latin1', tagAt + 120, tagAt + 129)).toBe('LAME3.100');
    let frames = 0;
    for (let offset = header!.bytes; offset < bytes.length; frames += 1)
      offset += readFrameHeader(bytes, offset)!.bytes;
    expect(bytes.readUInt32BE(tagAt + 8)).toBe(frames);
  }, 60_000);
});
