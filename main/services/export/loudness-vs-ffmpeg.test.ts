import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loudnessPresets, type LoudnessTarget } from '../../../common/export/export-options.js';
import { LoudnessMeter } from '../../../common/export/loudness-meter.js';
import { PcmCache } from './decode/pcm-cache.js';
import { runExport } from './render-export.js';
import { espeak, ffmpeg, ffmpegLoudness, probeDuration, readFloat32 } from './test-support/media-tools.js';

/**
 * Loudness: our BS.1770 meter against ffmpeg's ebur128 filter on the same files, and normalised exports
 * (−16 LUFS, −23 LUFS, ACX) measured by ffmpeg afterwards.
 */

let folder: string;
let speech: string;
let music: string;
let mixture: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-loudness-'));
  const raw = path.join(folder, 'speech-raw.wav');
  await espeak(
    'Loudness is measured the way broadcasters do. Quiet passages and silences are gated out, ' +
      'so a narration with long pauses reads as loud as the speech itself. Then the gain is set, and the peaks are held.',
    raw,
  );
  speech = path.join(folder, 'speech.mp3');
  await ffmpeg([
    '-v',
    'error',
    '-i',
    raw,
    '-ar',
    '24000',
    '-ac',
    '1',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '64k',
    speech,
  ]);
  music = path.join(folder, 'music.wav');
  await ffmpeg([
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'anoisesrc=c=pink:a=0.1:r=44100:d=12',
    '-f',
    'lavfi',
    '-i',
    'sine=f=110:r=44100:d=12',
    '-filter_complex',
    '[0][1]amix=inputs=2:normalize=0,aformat=channel_layouts=stereo',
    '-c:a',
    'pcm_s16le',
    music,
  ]);
  mixture = path.join(folder, 'mixture.wav');
  await ffmpeg([
    '-v',
    'error',
    '-i',
    speech,
    '-i',
    music,
    '-filter_complex',
    '[0]aresample=44100,aformat=channel_layouts=stereo,volume=-4dB[s];[1]volume=-20dB[m];[s][m]amix=inputs=2:normalize=0:duration=longest',
    '-c:a',
    'pcm_s16le',
    mixture,
  ]);
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function measureWithMeter(file: string, rate: number, channels: 1 | 2): Promise<number> {
  const cache = new PcmCache(path.join(folder, `cache-${path.basename(file)}-${rate}`));
  const entry = await cache.ensure(file, file, rate);
  cache.close();
  const interleaved = await readFloat32(entry.pcmPath);
  const frames = interleaved.length / entry.channels;
  const planar = Array.from({ length: channels }, (_, c) =>
    Float32Array.from(
      { length: frames },
      (_, i) => interleaved[i * entry.channels + Math.min(c, entry.channels - 1)]!,
    ),
  );
  const meter = new LoudnessMeter(rate, channels);
  meter.add(planar, frames);
  return meter.result().integratedLufs;
}

describe('loudness measurement against ffmpeg ebur128', () => {
  it('agrees within 0.5 LU on speech, music and their mix, at 44.1 and 48 kHz', async () => {
    const cases = [
      { file: speech, channels: 1 as const },
      { file: music, channels: 2 as const },
      { file: mixture, channels: 2 as const },
    ];
    const report: string[] = [];
    for (const { file, channels } of cases) {
      const reference = (await ffmpegLoudness(file)).integratedLufs;
      for (const rate of [44100, 48000]) {
        const ours = await measureWithMeter(file, rate, channels);
        report.push(
          `${path.basename(file).padEnd(12)} ${rate} Hz: ours ${ours.toFixed(2)} LUFS, ffmpeg ${reference.toFixed(1)} LUFS`,
        );
        expect(Math.abs(ours - reference), `${path.basename(file)} at ${rate}`).toBeLessThan(0.5);
      }
    }
    console.log(`loudness vs ffmpeg ebur128:\n${report.join('\n')}`);
  });
});

describe('loudness normalisation', () => {
  const exportWith = async (name: string, loudness: LoudnessTarget, format: 'wav' | 'mp3') => {
    const outputPath = path.join(folder, `${name}.${format}`);
    const speechMs = Math.round((await probeDuration(speech)) * 1000);
    const result = await runExport({
      plan: {
        sampleRate: 44100,
        channels: 2,
        durationMs: 13_000,
        cues: [],
        clips: [
          {
            id: 'speech',
            track: 'speech',
            sourceKey: 'speech',
            startMs: 500,
            durationMs: speechMs,
            gainDb: 0,
            fadeInMs: 0,
            fadeOutMs: 0,
          },
          {
            id: 'bed',
            track: 'music',
            sourceKey: 'music',
            startMs: 0,
            durationMs: 13_000,
            gainDb: -18,
            fadeInMs: 500,
            fadeOutMs: 500,
            loop: true,
          },
        ],
      },
      sources: { speech, music },
      options: {
        audio: format === 'wav' ? { format, bitDepth: 24 } : { format, bitrateKbps: 192 },
        loudness,
        subtitles: { srt: false, vtt: false },
      },
      outputPath,
      pcmCacheDir: path.join(folder, 'cache-export'),
    });
    return { result, measured: await ffmpegLoudness(outputPath) };
  };

  it('brings a mix to −16 LUFS (podcast) and −23 LUFS (EBU R128) with true peaks held near −1 dBTP', async () => {
    for (const [name, target] of [
      ['podcast', loudnessPresets.podcast],
      ['broadcast', loudnessPresets.broadcast],
    ] as const) {
      for (const format of ['wav', 'mp3'] as const) {
        const { result, measured } = await exportWith(`${name}-${format}`, target, format);
        console.log(
          `${name} ${format}: before ${result.loudness?.measured.integratedLufs.toFixed(2)} LUFS, gain ${result.loudness?.gainDb.toFixed(2)} dB → ffmpeg reads ${measured.integratedLufs} LUFS, true peak ${measured.truePeakDb} dBFS`,
        );
        expect(Math.abs(measured.integratedLufs - target.integratedLufs)).toBeLessThan(0.5);
        expect(measured.truePeakDb).toBeLessThan(target.truePeakDb + 0.5);
      }
    }
  });

  it('meets ACX: RMS −20 dBFS (±0.5) and peaks at or below −3 dBFS', async () => {
    const { result } = await exportWith('acx', loudnessPresets.acx, 'wav');
    const output = result.loudness?.output;
    console.log(
      `ACX: RMS ${output?.rmsDb.toFixed(2)} dBFS, sample peak ${output?.samplePeakDb.toFixed(2)} dBFS`,
    );
    expect(Math.abs((output?.rmsDb ?? 0) - -20)).toBeLessThan(0.5);
    expect(output?.samplePeakDb ?? 0).toBeLessThanOrEqual(-3 + 1e-3);
  });
});
