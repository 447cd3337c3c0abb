import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultProjectExportSettings, loudnessPresets } from '../../../common/export/index.js';
import type { ProjectExportSettings, RenderPlan } from '../../../common/export/index.js';
import type { OriginalAudio } from '../../../common/project/timing-schema.js';
import { ExportEngine } from '../export/export-engine.js';
import { decodeWithFfmpeg, ffmpeg } from '../export/test-support/media-tools.js';
import { exportVideoWithSoundtrack } from './video-soundtrack-export.js';

const engine = new ExportEngine();
const RATE = 44_100;
const VIDEO_SECONDS = 6;
/** ffmpeg's sine source plays at 1/8 of full scale. */
const TONE_AMPLITUDE = 1 / 8;
const TONE_HZ = 1000;
/** The speech: a 300 Hz tone from 3 s to 4.5 s (the ducking goes by where speech is, not by what it says). */
const SPEECH = { startMs: 3000, durationMs: 1500 };
let dir: string;
const videos: Record<'aac' | 'opus' | 'silent', string> = { aac: '', opus: '', silent: '' };
let speechWav: string;

const settings: ProjectExportSettings = {
  ...defaultProjectExportSettings,
  sampleRate: RATE,
  channels: 1,
  options: {
    ...defaultProjectExportSettings.options,
    loudness: loudnessPresets.none,
    subtitles: { ...defaultProjectExportSettings.options.subtitles, srt: false, vtt: false },
  },
  video: { container: 'mp4', keepOriginalAudio: false },
};

function planWithSpeech(): RenderPlan {
  return {
    sampleRate: RATE,
    channels: 1,
    durationMs: VIDEO_SECONDS * 1000,
    clips: [
      {
        id: 'line-1',
        track: 'speech',
        sourceKey: 'speech-300hz',
        ...SPEECH,
        gainDb: 0,
        fadeInMs: 0,
        fadeOutMs: 0,
      },
    ],
    cues: [],
  };
}

/** The amplitude of the 1 kHz tone over [fromS, toS) of the decoded soundtrack (Goertzel: the speech's 300 Hz is not counted). */
function toneAmplitude(samples: Float32Array, fromS: number, toS: number): number {
  const from = Math.round(fromS * RATE);
  const count = Math.round((toS - fromS) * RATE);
  const omega = (2 * Math.PI * TONE_HZ) / RATE;
  let real = 0;
  let imaginary = 0;
  for (let index = 0; index < count; index += 1) {
    const sample = samples[from + index] ?? 0;
    real += sample * Math.cos(omega * index);
    imaginary -= sample * Math.sin(omega * index);
  }
  return (2 * Math.hypot(real, imaginary)) / count;
}

const toDb = (amplitude: number): number => 20 * Math.log10(amplitude / TONE_AMPLITUDE);

async function exportWith(video: string, name: string, originalAudio: OriginalAudio | undefined) {
  const outputPath = path.join(dir, `${name}.mp4`);
  const result = await exportVideoWithSoundtrack(engine, {
    plan: planWithSpeech(),
    sources: { 'speech-300hz': speechWav },
    settings,
    video: { path: video, durationMs: VIDEO_SECONDS * 1000 },
    outputPath,
    overwrite: false,
    pcmCacheDir: path.join(dir, 'pcm'),
    originalAudio,
  });
  const decoded = await decodeWithFfmpeg(outputPath, RATE, 1, path.join(dir, `${name}.f32`));
  return { result, decoded };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-original-sound-'));
  const picture = ['-f', 'lavfi', '-i', `testsrc=size=160x120:rate=25:duration=${VIDEO_SECONDS}`];
  const tone = ['-f', 'lavfi', '-i', `sine=frequency=${TONE_HZ}:sample_rate=48000:duration=${VIDEO_SECONDS}`];
  videos.aac = path.join(dir, 'tone.mp4');
  videos.opus = path.join(dir, 'tone.webm');
  videos.silent = path.join(dir, 'silent.mp4');
  speechWav = path.join(dir, 'speech.wav');
  await ffmpeg([...picture, ...tone, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', videos.aac]);
  await ffmpeg([...picture, ...tone, '-c:v', 'libvpx-vp9', '-b:v', '200k', '-c:a', 'libopus', videos.opus]);
  await ffmpeg([...picture, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', videos.silent]);
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=300:duration=1.5', '-ar', String(RATE), speechWav]);
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the reference video’s original sound in the exported soundtrack', () => {
  const level: OriginalAudio = { volumeDb: -6, muted: false, duckDb: -12 };

  it('mixes an AAC original at its volume, ducked by its depth under speech', async () => {
    const { result, decoded } = await exportWith(videos.aac, 'aac', level);
    expect(result.warnings).toEqual([]);
    // Before the speech (past the attack) and after it (past the release): the tone at −6 dB.
    expect(toDb(toneAmplitude(decoded, 1, 2.5))).toBeCloseTo(-6, 0);
    expect(toDb(toneAmplitude(decoded, 5.2, 5.9))).toBeCloseTo(-6, 0);
    // Under the speech: −6 − 12 dB.
    expect(toDb(toneAmplitude(decoded, 3.1, 4.4))).toBeCloseTo(-18, 0);
  }, 120_000);

  it('mixes a WebM’s Opus original the same way', async () => {
    const { result, decoded } = await exportWith(videos.opus, 'opus', { ...level, duckDb: -20 });
    expect(result.warnings).toEqual([]);
    expect(toDb(toneAmplitude(decoded, 1, 2.5))).toBeCloseTo(-6, 0);
    expect(toDb(toneAmplitude(decoded, 3.1, 4.4))).toBeCloseTo(-26, 0);
  }, 120_000);

  it('leaves a muted original out', async () => {
    const { result, decoded } = await exportWith(videos.aac, 'muted', { ...level, muted: true });
    expect(result.warnings).toEqual([]);
    expect(toDb(toneAmplitude(decoded, 1, 2.5))).toBeLessThan(-60);
  }, 120_000);

  it('exports a video without sound, saying there was no original sound to mix', async () => {
    const { result, decoded } = await exportWith(videos.silent, 'without-sound', level);
    expect(result.warnings).toEqual([
      '“silent.mp4” has no sound track, so its original sound is not mixed in.',
    ]);
    expect(Math.abs(decoded.length - VIDEO_SECONDS * RATE)).toBeLessThanOrEqual(1024);
    // No tone anywhere, and the speech (ffmpeg's sine, at 1/8 of full scale) there all the same.
    expect(toneAmplitude(decoded, 1, 2.5)).toBeLessThan(0.001);
    expect(Math.max(...decoded.subarray(3.1 * RATE, 4.4 * RATE))).toBeGreaterThan(0.1);
  }, 120_000);
});
