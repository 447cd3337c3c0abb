import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPreflight, type MeasuredAudioFile } from '../../../../common/export/preflight-checks.js';
import { retailProfile } from '../../../../common/export/retail-profiles.js';
import { ffmpeg } from '../test-support/media-tools.js';
import { measureAudioFile } from './measure-audio-file.js';

const RATE = 44100;
let folder: string;

/** Seeded white noise at `rmsDb` (uniform samples: RMS = half-width / √3), so every run builds the same file. */
function noise(seconds: number, rmsDb: number, seed = 7): Float32Array {
  const halfWidth = 10 ** (rmsDb / 20) * Math.sqrt(3);
  let state = seed;
  return Float32Array.from({ length: Math.round(RATE * seconds) }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return (state / 2 ** 30 - 1) * halfWidth;
  });
}

/** A 220 Hz tone standing in for speech, at a peak amplitude. */
function tone(seconds: number, peak: number): Float32Array {
  return Float32Array.from(
    { length: Math.round(RATE * seconds) },
    (_, index) => peak * Math.sin((2 * Math.PI * 220 * index) / RATE),
  );
}

/** Joins pieces into a mono file written by ffmpeg with the given codec arguments. */
async function build(name: string, pieces: Float32Array[], codec: string[]): Promise<string> {
  const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const joined = new Float32Array(length);
  let offset = 0;
  for (const piece of pieces) {
    joined.set(piece, offset);
    offset += piece.length;
  }
  const raw = join(folder, `${name}.f32`);
  await writeFile(raw, Buffer.from(joined.buffer));
  const output = join(folder, name);
  await ffmpeg(['-f', 'f32le', '-ar', String(RATE), '-ac', '1', '-i', raw, ...codec, output]);
  return output;
}

const WAV = ['-c:a', 'pcm_s16le'];
const MP3_CBR = ['-c:a', 'libmp3lame', '-b:a', '192k'];
const MP3_VBR = ['-c:a', 'libmp3lame', '-q:a', '2'];
// A chapter as ACX wants it: 0.75 s of room tone at −65 dB, "speech" at −20 dB RMS, 2 s of room tone.
const chapter = (peak = 0.1414) => [noise(0.75, -65), tone(6, peak), noise(2, -65, 11)];

function failedRules(file: MeasuredAudioFile, profile = retailProfile('acx')): string[] {
  return runPreflight(profile, [file])
    .filter((result) => !result.passed)
    .map((result) => result.rule);
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'timbre-preflight-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('measureAudioFile', () => {
  it('measures a WAV chapter mastered to ACX, and every INaudio rule passes', async () => {
    const file = await measureAudioFile(await build('01 Chapter.wav', chapter(), WAV));
    expect(file).toMatchObject({ name: '01 Chapter.wav', format: 'wav', channels: 1, sampleRate: RATE });
    expect(file.durationMs).toBeCloseTo(8750, 0);
    expect(file.bitrateKbps).toBeUndefined();
    expect(file.peakDb).toBeCloseTo(-17, 0);
    // 6 s of a −20 dB tone in 8.75 s: 10·log10(6 / 8.75) below it.
    expect(file.rmsDb).toBeCloseTo(-20 + 10 * Math.log10(6 / 8.75), 0);
    expect(file.noiseFloorDb).toBeGreaterThan(-66.5);
    expect(file.noiseFloorDb).toBeLessThan(-63.5);
    expect(file.headRoomToneMs).toBeGreaterThan(700);
    expect(file.headRoomToneMs).toBeLessThan(800);
    expect(file.tailRoomToneMs).toBeGreaterThan(1950);
    expect(file.tailRoomToneMs).toBeLessThan(2050);
    // A sine crosses zero on a sample now and then: a sample, never a gap.
    expect(file.longestDigitalZeroMs).toBeLessThan(1);
    expect(failedRules(file, retailProfile('inaudio'))).toEqual([]);
  });

  it('fails the peak and RMS of a chapter mastered too loud', async () => {
    const file = await measureAudioFile(await build('02 Loud.wav', chapter(0.9), WAV));
    expect(file.peakDb).toBeGreaterThan(-1);
    expect(failedRules(file, retailProfile('inaudio'))).toEqual(['rms', 'peak']);
  });

  it('fails a digital-zero head: no room tone, and the floor reads digital zero', async () => {
    const [, speech, tail] = chapter();
    const file = await measureAudioFile(
      await build('03 Zero head.wav', [new Float32Array(RATE * 0.75), speech!, tail!], WAV),
    );
    expect(file.noiseFloorDb).toBe(-Infinity);
    expect(file.longestDigitalZeroMs).toBeCloseTo(750, -1);
    expect(failedRules(file, retailProfile('inaudio'))).toEqual(['digital-silence']);
  });

  it('fails a chapter whose noise floor is above −60 dB', async () => {
    const file = await measureAudioFile(
      await build('04 Hiss.wav', [noise(0.75, -50), tone(6, 0.1414), noise(2, -50, 3)], WAV),
    );
    expect(file.noiseFloorDb).toBeGreaterThan(-51);
    // Hiss at −50 dB is also loud enough to read as the start of speech: the head has no room tone either.
    expect(failedRules(file, retailProfile('inaudio'))).toContain('noise-floor');
  });

  it('reads a 192 kbps CBR MP3 (ID3 tag, Info frame) as constant, and it passes ACX', async () => {
    const file = await measureAudioFile(await build('05 Chapter.mp3', chapter(), MP3_CBR));
    expect(file).toMatchObject({ format: 'mp3', bitrateKbps: 192, constantBitrate: true, sampleRate: RATE });
    expect(failedRules(file)).toEqual([]);
  });

  it('reads a VBR MP3 as variable, and ACX fails it', async () => {
    const file = await measureAudioFile(await build('06 Chapter.mp3', chapter(), MP3_VBR));
    expect(file.constantBitrate).toBe(false);
    expect(failedRules(file)).toContain('constant-bitrate');
  });

  it('measures an M4B (AAC in MP4, decoded by libav.js) as a WAV of the same chapter, its mean bit rate read', async () => {
    const aac = ['-c:a', 'aac', '-b:a', '64k', '-f', 'mp4'];
    const file = await measureAudioFile(await build('07 Chapter.m4b', chapter(), aac));
    expect(file).toMatchObject({ name: '07 Chapter.m4b', format: 'm4b', channels: 1, sampleRate: RATE });
    // The container's edit list drops the encoder's priming: the length is the source's within one AAC frame.
    expect(Math.abs(file.durationMs - 8750)).toBeLessThan((1024 / RATE) * 1000);
    expect(file.peakDb).toBeCloseTo(-17, 0);
    expect(file.rmsDb).toBeCloseTo(-20 + 10 * Math.log10(6 / 8.75), 0);
    expect(file.headRoomToneMs).toBeGreaterThan(650);
    expect(file.headRoomToneMs).toBeLessThan(850);
    expect(file.bitrateKbps).toBeGreaterThan(40);
    expect(file.bitrateKbps).toBeLessThan(90);
    // AAC is not read for constant bit rate: nothing is claimed either way.
    expect(file.constantBitrate).toBeUndefined();
  });

  it('names an M4B that cannot be decoded as the delivery file it is, never as a reference video', async () => {
    const broken = join(folder, 'Broken.m4b');
    await writeFile(broken, 'not an MP4 at all, only text where the boxes should be');
    const failure = await measureAudioFile(broken).then(
      () => 'measured',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(failure).toMatch(
      /^“Broken\.m4b” could not be opened to read its sound \(.+\), so it cannot be measured\.$/u,
    );
    expect(failure).not.toMatch(/reference video|mixed in/u);
  });
});
