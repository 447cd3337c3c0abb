import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from '../audio/run-process.js';

/** A temp folder for one test file's fixtures; remove it in afterAll. */
export async function makeFixtureDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'standin-fixtures-'));
}

export const LONG_SENTENCE =
  'The quick brown fox jumps over the lazy dog while the studio records a calm and steady voice for the clone.';

/** Real speech by eSpeak NG, converted by ffmpeg into the container the extension names (wav, mp3, webm, ogg). */
export async function speechFile(dir: string, name: string, text = LONG_SENTENCE): Promise<string> {
  const wav = path.join(dir, `${name}.source.wav`);
  const { stdout } = await runProcess('espeak-ng', ['-v', 'en', '--stdout'], text);
  await fs.writeFile(wav, stdout);
  const target = path.join(dir, name);
  await runProcess('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    wav,
    '-ar',
    '24000',
    '-ac',
    '1',
    target,
  ]);
  return target;
}

/** A long file with only `speechS`-ish seconds of speech: short speech then silence (by sox). */
export async function shortSpeechInSilence(dir: string, name: string, silenceS: number): Promise<string> {
  const speech = await speechFile(dir, `${name}.speech.wav`, 'Hi there.');
  const target = path.join(dir, name);
  await runProcess('sox', [speech, target, 'pad', '0', String(silenceS)]);
  return target;
}

export async function noiseFile(dir: string, name: string, seconds: number): Promise<string> {
  const target = path.join(dir, name);
  await runProcess('sox', [
    '-n',
    '-r',
    '24000',
    '-c',
    '1',
    target,
    'synth',
    String(seconds),
    'whitenoise',
    'vol',
    '0.3',
  ]);
  return target;
}

export async function dataUrlOf(filePath: string, mediaType: string): Promise<string> {
  return `data:${mediaType};base64,${(await fs.readFile(filePath)).toString('base64')}`;
}

/** Decodes any audio file to mono 16-bit PCM at `rate` and returns samples as -1..1 floats. */
export async function decodeFile(filePath: string, rate = 24000): Promise<Float32Array> {
  const { stdout } = await runProcess('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-i',
    filePath,
    '-f',
    's16le',
    '-ac',
    '1',
    '-ar',
    String(rate),
    'pipe:1',
  ]);
  const samples = new Float32Array(stdout.length / 2);
  for (let i = 0; i < samples.length; i += 1) samples[i] = stdout.readInt16LE(i * 2) / 32768;
  return samples;
}

export function rms(samples: Float32Array, from = 0, to = samples.length): number {
  let sum = 0;
  const end = Math.min(to, samples.length);
  for (let i = from; i < end; i += 1) sum += (samples[i] ?? 0) ** 2;
  return Math.sqrt(sum / Math.max(1, end - from));
}

/** Downloads a URL to a file in `dir`. */
export async function download(url: string, dir: string, name: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} → ${response.status}`);
  const target = path.join(dir, name);
  await fs.writeFile(target, Buffer.from(await response.arrayBuffer()));
  return target;
}
