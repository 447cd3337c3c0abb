import { promises as fs } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LONG_SENTENCE,
  makeFixtureDir,
  noiseFile,
  shortSpeechInSilence,
  speechFile,
} from '../test-support/audio-fixtures.js';
import { runProcess } from './run-process.js';
import { SpeechMeter, measureSpeechSeconds } from './speech-meter.js';

let dir = '';
beforeAll(async () => {
  dir = await makeFixtureDir();
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('measureSpeechSeconds', () => {
  it('finds the speech in real recordings of every accepted container', async () => {
    for (const name of ['speech.wav', 'speech.mp3', 'speech.webm', 'speech.ogg']) {
      const seconds = await measureSpeechSeconds(await speechFile(dir, name));
      expect(seconds, name).toBeGreaterThan(4);
      expect(seconds, name).toBeLessThan(9);
    }
  });

  it('counts speech, not file length: a short phrase in 20 s of silence is under a second', async () => {
    const seconds = await measureSpeechSeconds(await shortSpeechInSilence(dir, 'short.wav', 20));
    expect(seconds).toBeGreaterThan(0.2);
    expect(seconds).toBeLessThan(1.5);
  });

  it('does not take noise, a steady tone or silence for speech', async () => {
    expect(await measureSpeechSeconds(await noiseFile(dir, 'noise.wav', 8))).toBeLessThan(0.5);
    const tone = `${dir}/tone.wav`;
    await runProcess('sox', [
      '-n',
      '-r',
      '16000',
      '-c',
      '1',
      tone,
      'synth',
      '8',
      'sine',
      '220',
      'vol',
      '0.4',
    ]);
    expect(await measureSpeechSeconds(tone)).toBeLessThan(0.5);
    const quiet = `${dir}/quiet.wav`;
    await runProcess('sox', ['-n', '-r', '16000', '-c', '1', quiet, 'trim', '0', '8']);
    expect(await measureSpeechSeconds(quiet)).toBe(0);
  });

  it('stops decoding once enough speech was found', async () => {
    const file = await speechFile(dir, 'enough.wav', `${LONG_SENTENCE} ${LONG_SENTENCE} ${LONG_SENTENCE}`);
    const all = await measureSpeechSeconds(file);
    const enough = await measureSpeechSeconds(file, 1);
    expect(enough).toBeGreaterThanOrEqual(1);
    expect(enough).toBeLessThan(all - 5);
  });

  it('rejects a file that is not audio', async () => {
    const notAudio = `${dir}/not-audio.wav`;
    await fs.writeFile(notAudio, 'this is text, not a recording');
    await expect(measureSpeechSeconds(notAudio)).rejects.toThrow(/decod/);
  });
});

describe('SpeechMeter', () => {
  it('gives the same answer whatever the chunking', async () => {
    const { stdout } = await runProcess('ffmpeg', [
      '-loglevel',
      'error',
      '-i',
      await speechFile(dir, 'chunks.wav'),
      '-f',
      's16le',
      '-ac',
      '1',
      '-ar',
      '16000',
      'pipe:1',
    ]);
    const whole = new SpeechMeter();
    whole.push(stdout);
    whole.finish();
    const pieces = new SpeechMeter();
    for (let i = 0; i < stdout.length; i += 333) pieces.push(stdout.subarray(i, i + 333));
    pieces.finish();
    expect(pieces.speechSeconds).toBeCloseTo(whole.speechSeconds, 5);
    expect(whole.speechSeconds).toBeGreaterThan(4);
  });
});
