import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { espeak, ffmpeg, probeDuration, sox } from './media-tools.js';

/** A pooled speech segment as the stand-in service makes them: espeak-ng speech, MP3, 24 kHz mono. */
export interface SpeechSegment {
  readonly text: string;
  readonly path: string;
  readonly durationMs: number;
}

const OPENINGS = [
  'The morning train left the valley on time',
  'Our guide explained the history of the old harbour',
  'Every spring the river floods the lower fields',
  'The committee will publish its findings next week',
  'A small bakery on the corner sells fresh bread',
  'Scientists measured the temperature of the lake',
  'The orchestra rehearsed the symphony twice',
  'Travellers often stop here before crossing the pass',
];
const ENDINGS = [
  '.',
  ', and nobody expected what happened next.',
  '. It was, by all accounts, a remarkable day.',
  ', although the weather turned cold; we stayed inside until noon.',
  '. Then the lights went out, the music stopped, and everyone waited in silence for a long minute.',
];

/** The text of pool segment `index`: openings and endings combined so lengths and pauses vary. */
function poolText(index: number): string {
  const opening = OPENINGS[index % OPENINGS.length] ?? OPENINGS[0];
  const ending = ENDINGS[Math.floor(index / OPENINGS.length) % ENDINGS.length] ?? '.';
  return `${opening}${ending}`;
}

/** Generates `count` distinct segments with espeak-ng and ffmpeg (about 0.1 s each). */
export async function makeSpeechPool(
  folder: string,
  count: number,
  bitrateKbps = 48,
): Promise<SpeechSegment[]> {
  await mkdir(folder, { recursive: true });
  const segments: SpeechSegment[] = [];
  for (let index = 0; index < count; index += 1) {
    const text = poolText(index);
    const wav = path.join(folder, `segment-${index}.wav`);
    const mp3 = path.join(folder, `segment-${index}.mp3`);
    await espeak(text, wav);
    await ffmpeg([
      '-v',
      'error',
      '-i',
      wav,
      '-ar',
      '24000',
      '-ac',
      '1',
      '-c:a',
      'libmp3lame',
      '-b:a',
      `${bitrateKbps}k`,
      mp3,
    ]);
    segments.push({ text, path: mp3, durationMs: Math.round((await probeDuration(mp3)) * 1000) });
  }
  return segments;
}

/** A stereo music bed: a slow chord progression with a little noise, as MP3 (44.1 kHz). */
export async function makeMusicBed(filePath: string, seconds: number): Promise<void> {
  const chords =
    '0.08*sin(2*PI*220*t)*(1+0.3*sin(2*PI*0.25*t))+0.06*sin(2*PI*277.2*t)+0.05*sin(2*PI*329.6*t+sin(2*PI*0.5*t))';
  const right = '0.08*sin(2*PI*220.5*t)*(1+0.3*sin(2*PI*0.2*t))+0.06*sin(2*PI*277.7*t)+0.05*sin(2*PI*330*t)';
  await ffmpeg([
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `aevalsrc=${chords}|${right}:s=44100:d=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=c=pink:a=0.02:r=44100:d=${seconds}`,
    '-filter_complex',
    '[1]aformat=channel_layouts=stereo[n];[0][n]amix=inputs=2:normalize=0',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '192k',
    filePath,
  ]);
}

/** Short sound effects (WAV, 44.1 kHz): a chime, a whoosh, a knock... `count` distinct files. */
export async function makeEffects(
  folder: string,
  count: number,
): Promise<{ path: string; durationMs: number }[]> {
  await mkdir(folder, { recursive: true });
  const recipes: string[][] = [
    ['synth', '1.2', 'sine', '880', 'fade', '0', '1.2', '1.1', 'vol', '0.4'],
    ['synth', '0.8', 'pinknoise', 'fade', '0.3', '0.8', '0.4', 'vol', '0.3'],
    ['synth', '0.3', 'brownnoise', 'fade', '0', '0.3', '0.25', 'vol', '0.6'],
    ['synth', '1.5', 'sine', '440-1320', 'fade', '0.1', '1.5', '0.5', 'vol', '0.3'],
    ['synth', '0.6', 'square', '220', 'fade', '0', '0.6', '0.5', 'vol', '0.2'],
  ];
  const effects: { path: string; durationMs: number }[] = [];
  for (let index = 0; index < count; index += 1) {
    const recipe = recipes[index % recipes.length] ?? recipes[0]!;
    const file = path.join(folder, `effect-${index}.wav`);
    await sox(['-n', '-r', '44100', '-c', index % 2 ? '2' : '1', '-b', '16', file, ...recipe]);
    effects.push({ path: file, durationMs: Math.round((await probeDuration(file)) * 1000) });
  }
  return effects;
}
