import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compareSamples,
  decodeWithFfmpeg,
  espeak,
  ffmpeg,
  readFloat32,
  sox,
} from '../test-support/media-tools.js';
import type { DecodedAudio } from './decoded-audio.js';
import { PcmCache, SampleRateChangeError } from './pcm-cache.js';

/**
 * Decoding of every supported format, checked against ffmpeg's decoding of the same file. Fixtures are
 * made at run time (espeak-ng speech, sox tones, converted by ffmpeg) in a temporary folder, and named
 * with misleading extensions: the format must come from the bytes.
 */

let folder: string;
const fixtures: { name: string; file: string; rate: number; channels: number; tolerance: number }[] = [];

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-decode-'));
  const speech = path.join(folder, 'speech.wav');
  await espeak('Decoding test. The quick brown fox, as usual, jumps over the lazy dog.', speech);
  const tone = path.join(folder, 'tone.wav');
  await sox([
    '-n',
    '-r',
    '44100',
    '-c',
    '2',
    '-b',
    '16',
    tone,
    'synth',
    '2',
    'sine',
    '330',
    'sine',
    '550',
    'vol',
    '0.4',
  ]);
  const make = async (
    name: string,
    input: string,
    args: string[],
    rate: number,
    channels: number,
    tolerance: number,
  ) => {
    const file = path.join(folder, name);
    await ffmpeg(['-v', 'error', '-i', input, ...args, file]);
    fixtures.push({ name, file, rate, channels, tolerance });
  };
  // Lossless formats decode to the same numbers as ffmpeg; lossy decoders differ by their rounding only.
  await make('wav16-stereo.audio', tone, ['-c:a', 'pcm_s16le', '-f', 'wav'], 44100, 2, 1e-6);
  await make('wav24-mono.mp3', speech, ['-ar', '48000', '-c:a', 'pcm_s24le', '-f', 'wav'], 48000, 1, 1e-6);
  await make('wav32f-stereo.ogg', tone, ['-c:a', 'pcm_f32le', '-f', 'wav'], 44100, 2, 1e-7);
  await make(
    'mp3-mono-24k.wav',
    speech,
    ['-ar', '24000', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '48k', '-f', 'mp3'],
    24000,
    1,
    0.01,
  );
  await make('mp3-stereo.bin', tone, ['-c:a', 'libmp3lame', '-b:a', '192k', '-f', 'mp3'], 44100, 2, 0.01);
  await make('opus-stereo.flac', tone, ['-c:a', 'libopus', '-b:a', '96k', '-f', 'ogg'], 48000, 2, 0.02);
  await make('flac16-stereo.dat', tone, ['-c:a', 'flac', '-f', 'flac'], 44100, 2, 1e-6);
  await make(
    'flac24-mono.dat',
    speech,
    ['-ar', '48000', '-c:a', 'flac', '-sample_fmt', 's32', '-f', 'flac'],
    48000,
    1,
    1e-6,
  );
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('PcmCache decoding (vs ffmpeg)', () => {
  it('decodes WAV 16/24/32f, MP3, Ogg Opus and FLAC like ffmpeg, at their own rate', async () => {
    const cache = new PcmCache(path.join(folder, 'cache-native'));
    const report: string[] = [];
    for (const fixture of fixtures) {
      const entry = await cache.ensure(fixture.name, fixture.file, fixture.rate);
      expect(entry.channels, fixture.name).toBe(fixture.channels);
      const ours = await readFloat32(entry.pcmPath);
      const theirs = await decodeWithFfmpeg(
        fixture.file,
        fixture.rate,
        fixture.channels,
        path.join(folder, `${fixture.name}.ref.f32`),
      );
      // Opus and MP3 decoders may end a frame apart; everything else must match in length exactly.
      const lengthSlack =
        entry.sourceFormat === 'wav' || entry.sourceFormat === 'flac' ? 0 : 0.01 * theirs.length;
      expect(Math.abs(ours.length - theirs.length), fixture.name).toBeLessThanOrEqual(lengthSlack);
      const difference = compareSamples(ours, theirs);
      report.push(
        `${fixture.name.padEnd(20)} ${entry.sourceFormat.padEnd(9)} max ${difference.maxAbs.toExponential(2)} rms ${difference.rms.toExponential(2)}`,
      );
      expect(difference.maxAbs, fixture.name).toBeLessThanOrEqual(fixture.tolerance);
    }
    console.log(`decoding vs ffmpeg:\n${report.join('\n')}`);
  });

  it('folds 7.1 WAV and 5.1 FLAC to stereo as ffmpeg does (centre kept), at its no-clip level', async () => {
    // A different tone in each channel; the centre's (440 Hz) stands for the dialogue.
    const tones = [220, 330, 440, 55, 550, 660, 770, 880].map((hz) => `0.3*sin(${hz}*2*PI*t)`).join('|');
    const wav = path.join(folder, 'surround-7.1.wav');
    await ffmpeg([
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `aevalsrc=${tones}:s=48000:d=1:c=7.1`,
      '-c:a',
      'pcm_s16le',
      wav,
    ]);
    const flac = path.join(folder, 'surround-5.1.flac');
    await ffmpeg(['-v', 'error', '-i', wav, '-af', 'pan=5.1|c0=c0|c1=c1|c2=c2|c3=c3|c4=c4|c5=c5', flac]);
    const cache = new PcmCache(path.join(folder, 'cache-surround'));
    for (const file of [wav, flac]) {
      const entry = await cache.ensure(file, file, 48000);
      expect(entry.channels).toBe(2);
      const ours = await readFloat32(entry.pcmPath);
      // -ac 2 into 16-bit output: swresample's matrix scaled so a side's gains sum to 1 (rematrix_maxval=1).
      const reference = path.join(folder, `${path.basename(file)}.ref.f32`);
      await ffmpeg([
        '-v',
        'error',
        '-i',
        file,
        '-af',
        'aresample=rematrix_maxval=1,aformat=channel_layouts=stereo',
        '-f',
        'f32le',
        reference,
      ]);
      const theirs = await readFloat32(reference);
      expect(ours.length).toBe(theirs.length);
      expect(compareSamples(ours, theirs).maxAbs, file).toBeLessThan(1e-5);
    }
  });

  it('names the source whose sample rate changes partway through, and the rule it breaks', async () => {
    const cache = new PcmCache(path.join(folder, 'cache-splice'));
    async function* spliced(): AsyncGenerator<DecodedAudio> {
      yield { channelData: [new Float32Array(512)], samplesDecoded: 512, sampleRate: 44100 };
      yield { channelData: [new Float32Array(512)], samplesDecoded: 512, sampleRate: 48000 };
    }
    const failure = cache.ensureDecoded(
      'splice',
      44100,
      () => spliced(),
      () => false,
      '/music/bed.mp3',
    );
    await expect(failure).rejects.toBeInstanceOf(SampleRateChangeError);
    await expect(failure).rejects.toThrow(
      '/music/bed.mp3: the sample rate changes partway through (44100 Hz, then 48000 Hz), and a sound must keep one rate from start to end to be mixed',
    );
  });

  it('resamples to the export rate close to ffmpeg (MP3 24 kHz speech → 44.1 kHz)', async () => {
    const cache = new PcmCache(path.join(folder, 'cache-44k'));
    const fixture = fixtures.find((entry) => entry.name.startsWith('mp3-mono-24k'));
    if (!fixture) throw new Error('fixture missing');
    const entry = await cache.ensure('speech-44k', fixture.file, 44100);
    const ours = await readFloat32(entry.pcmPath);
    const theirs = await decodeWithFfmpeg(fixture.file, 44100, 1, path.join(folder, 'speech-44k.ref.f32'));
    expect(Math.abs(ours.length - theirs.length)).toBeLessThanOrEqual(1);
    const difference = compareSamples(ours, theirs);
    console.log(
      `resampling 24 → 44.1 kHz vs ffmpeg (swr defaults): max ${difference.maxAbs.toExponential(2)}, rms ${difference.rms.toExponential(2)}, ${difference.relativeDb.toFixed(1)} dB below the signal`,
    );
    expect(difference.relativeDb).toBeLessThan(-40);
  });

  it('reuses a complete entry, records the silences, and ignores leftovers of an interrupted decode', async () => {
    const directory = path.join(folder, 'cache-reuse');
    const cache = new PcmCache(directory);
    const fixture = fixtures.find((entry) => entry.name.startsWith('wav24-mono'));
    if (!fixture) throw new Error('fixture missing');
    const first = await cache.ensure('speech', fixture.file, 48000);
    // "Decoding test." then a sentence pause, then commas: at least one interior silence.
    expect(first.silences.length).toBeGreaterThanOrEqual(2);
    await writeFile(`${first.pcmPath}.abc.partial`, 'junk');
    const again = await cache.ensure('speech', path.join(folder, 'no-such-file.wav'), 48000);
    expect(again).toEqual(first);
    expect(await cache.lookup('speech', 44100)).toBeUndefined();
    await writeFile(first.pcmPath, new Uint8Array(8));
    expect(await cache.lookup('speech', 48000)).toBeUndefined();
    const files = await readdir(directory);
    expect(files.filter((name) => name.endsWith('.json'))).toHaveLength(1);
  });

  it('rejects files that are not audio, naming the file and its first bytes', async () => {
    const bogus = path.join(folder, 'page.mp3');
    await writeFile(bogus, '<html>not audio</html>');
    const cache = new PcmCache(path.join(folder, 'cache-bad'));
    await expect(cache.ensure('bad', bogus, 44100)).rejects.toThrow(
      /page\.mp3: not a WAV, MP3, Ogg Opus or FLAC file \(first bytes: 3c 68/,
    );
    const files = await readdir(path.join(folder, 'cache-bad')).catch(() => []);
    expect(files).toEqual([]);
  });
});
