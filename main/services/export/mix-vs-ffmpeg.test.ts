import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderPlan } from '../../../common/export/render-plan.js';
import { runExport } from './render-export.js';
import {
  compareSamples,
  decodeWithFfmpeg,
  espeak,
  ffmpeg,
  probeDuration,
  sox,
} from './test-support/media-tools.js';

/**
 * The engine's mix against ffmpeg's on the same inputs: the same placement, gains, fades and loop,
 * built as an ffmpeg filter graph (atrim/afade/volume/adelay/amix), compared sample by sample.
 * With inputs at the export rate only the mixing is compared (a float path on both sides, the engine's
 * output as 24-bit WAV); with 24 kHz MP3 speech, decoding and resampling are compared as well.
 */

const RATE = 44100;
let folder: string;
const files = { speechA: '', speechB: '', music: '', effect: '', speechMp3: '' };
let speechAFrames = 0;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-mix-'));
  const rawA = path.join(folder, 'a-raw.wav');
  const rawB = path.join(folder, 'b-raw.wav');
  await espeak('The engine places every block where the timeline says, with its volume and fades.', rawA);
  await espeak('A second voice joins here, a little louder, trimmed at the start.', rawB, 'en-us');
  files.speechA = path.join(folder, 'a.wav');
  files.speechB = path.join(folder, 'b.wav');
  await ffmpeg(['-v', 'error', '-i', rawA, '-ar', String(RATE), '-c:a', 'pcm_f32le', files.speechA]);
  await ffmpeg(['-v', 'error', '-i', rawB, '-ar', String(RATE), '-c:a', 'pcm_f32le', files.speechB]);
  files.music = path.join(folder, 'music.wav');
  await sox([
    '-n',
    '-r',
    String(RATE),
    '-c',
    '2',
    '-b',
    '16',
    files.music,
    'synth',
    '7',
    'sine',
    '220',
    'sine',
    '331',
    'vol',
    '0.5',
  ]);
  files.effect = path.join(folder, 'effect.wav');
  await sox([
    '-n',
    '-r',
    String(RATE),
    '-c',
    '2',
    '-b',
    '16',
    files.effect,
    'synth',
    '0.8',
    'pinknoise',
    'fade',
    '0.05',
    '0.8',
    '0.3',
    'vol',
    '0.4',
  ]);
  files.speechMp3 = path.join(folder, 'a.mp3');
  await ffmpeg([
    '-v',
    'error',
    '-i',
    rawA,
    '-ar',
    '24000',
    '-ac',
    '1',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '48k',
    files.speechMp3,
  ]);
  // Whole 10 ms steps, so every time in the plan is a whole number of samples on both sides.
  speechAFrames = Math.floor((await probeDuration(files.speechA)) * 100) * 441;
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const TOTAL_S = 20;

function plan(speechAKey: string): RenderPlan {
  return {
    sampleRate: RATE,
    channels: 2,
    durationMs: TOTAL_S * 1000,
    cues: [],
    clips: [
      {
        id: 'a',
        track: 'speech',
        sourceKey: speechAKey,
        startMs: 500,
        durationMs: (speechAFrames / RATE) * 1000,
        gainDb: -2,
        fadeInMs: 20,
        fadeOutMs: 100,
      },
      {
        id: 'b',
        track: 'speech',
        sourceKey: 'speechB',
        startMs: 6250,
        sourceOffsetMs: 200,
        durationMs: 3000,
        gainDb: 1,
        fadeInMs: 0,
        fadeOutMs: 0,
      },
      {
        id: 'fx',
        track: 'effects',
        sourceKey: 'effect',
        startMs: 3000,
        durationMs: 800,
        gainDb: -6,
        fadeInMs: 0,
        fadeOutMs: 0,
      },
      {
        id: 'bed',
        track: 'music',
        sourceKey: 'music',
        startMs: 0,
        durationMs: TOTAL_S * 1000,
        gainDb: -15,
        fadeInMs: 1000,
        fadeOutMs: 2000,
        loop: true,
      },
    ],
  };
}

/** The same mix as an ffmpeg filter graph, in samples wherever ffmpeg allows it. */
async function ffmpegMix(speechA: string, output: string): Promise<void> {
  const samples = (ms: number): number => Math.round((ms * RATE) / 1000);
  const graph = [
    `[0]aresample=${RATE},aformat=sample_fmts=fltp:channel_layouts=stereo,atrim=end_sample=${speechAFrames},` +
      `afade=t=in:ss=0:ns=${samples(20)},afade=t=out:ss=${speechAFrames - samples(100)}:ns=${samples(100)},volume=-2dB,adelay=500:all=1[a]`,
    `[1]aformat=sample_fmts=fltp:channel_layouts=stereo,atrim=start_sample=${samples(200)}:end_sample=${samples(3200)},asetpts=PTS-STARTPTS,volume=1dB,adelay=6250:all=1[b]`,
    `[2]aformat=sample_fmts=fltp,volume=-6dB,adelay=3000:all=1[fx]`,
    `[3]aformat=sample_fmts=fltp,atrim=end_sample=${samples(TOTAL_S * 1000)},volume=-15dB,` +
      `afade=t=in:ss=0:ns=${samples(1000)},afade=t=out:ss=${samples((TOTAL_S - 2) * 1000)}:ns=${samples(2000)}[bed]`,
    `[a][b][fx][bed]amix=inputs=4:normalize=0:duration=longest[mix]`,
  ].join(';');
  await ffmpeg([
    '-v',
    'error',
    '-i',
    speechA,
    '-i',
    files.speechB,
    '-i',
    files.effect,
    '-stream_loop',
    '-1',
    '-i',
    files.music,
    '-filter_complex',
    graph,
    '-map',
    '[mix]',
    '-c:a',
    'pcm_f32le',
    output,
  ]);
}

async function engineMix(speechAKey: string, speechAPath: string, output: string): Promise<void> {
  await runExport({
    plan: plan(speechAKey),
    sources: { [speechAKey]: speechAPath, speechB: files.speechB, effect: files.effect, music: files.music },
    options: {
      audio: { format: 'wav', bitDepth: 24 },
      loudness: { kind: 'none' },
      subtitles: { srt: false, vtt: false },
    },
    outputPath: output,
    pcmCacheDir: path.join(folder, 'cache'),
  });
}

describe('mix against ffmpeg on the same inputs', () => {
  it('matches ffmpeg sample by sample when the inputs are at the export rate', async () => {
    const ours = path.join(folder, 'engine.wav');
    const theirs = path.join(folder, 'ffmpeg.wav');
    await engineMix('speechA', files.speechA, ours);
    await ffmpegMix(files.speechA, theirs);
    const a = await decodeWithFfmpeg(ours, RATE, 2, path.join(folder, 'engine.f32'));
    const b = await decodeWithFfmpeg(theirs, RATE, 2, path.join(folder, 'ffmpeg.f32'));
    expect(a.length).toBe(TOTAL_S * RATE * 2);
    expect(Math.abs(a.length - b.length)).toBeLessThanOrEqual(2);
    const difference = compareSamples(a, b);
    console.log(
      `mix vs ffmpeg (44.1 kHz inputs): max |diff| ${difference.maxAbs.toExponential(2)}, RMS diff ${difference.rms.toExponential(2)} (${difference.relativeDb.toFixed(1)} dB below the signal), ${difference.compared} samples`,
    );
    // 24-bit output quantises to 1.2e-7; everything else is float arithmetic in a different order.
    expect(difference.maxAbs).toBeLessThan(1e-5);
    expect(difference.relativeDb).toBeLessThan(-100);
  });

  it('stays close to ffmpeg when speech must be decoded from MP3 and resampled from 24 kHz', async () => {
    const ours = path.join(folder, 'engine-mp3.wav');
    const theirs = path.join(folder, 'ffmpeg-mp3.wav');
    await engineMix('speechMp3', files.speechMp3, ours);
    await ffmpegMix(files.speechMp3, theirs);
    const a = await decodeWithFfmpeg(ours, RATE, 2, path.join(folder, 'engine-mp3.f32'));
    const b = await decodeWithFfmpeg(theirs, RATE, 2, path.join(folder, 'ffmpeg-mp3.f32'));
    const difference = compareSamples(a, b);
    console.log(
      `mix vs ffmpeg (24 kHz MP3 speech): max |diff| ${difference.maxAbs.toExponential(2)}, RMS diff ${difference.rms.toExponential(2)} (${difference.relativeDb.toFixed(1)} dB below the signal)`,
    );
    // Two MP3 decoders and two resampling filters: the difference sits in the top octave, far below the signal.
    expect(difference.relativeDb).toBeLessThan(-35);
    expect(difference.maxAbs).toBeLessThan(0.05);
  });
});
