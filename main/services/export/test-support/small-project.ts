import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { RenderPlan } from '../../../../common/export/render-plan.js';
import type { ExportRequest } from '../export-types.js';
import { espeak, ffmpeg, probeDuration, sox } from './media-tools.js';

export interface SmallProject {
  readonly plan: RenderPlan;
  readonly sources: Record<string, string>;
}

/** The small project exported to a 16-bit WAV, without loudness normalisation, with the subtitles asked for. */
export function wavExportRequest(
  project: SmallProject,
  where: { outputPath: string; pcmCacheDir: string },
  subtitles: { srt: boolean; vtt: boolean },
): ExportRequest {
  return {
    plan: project.plan,
    sources: project.sources,
    options: { audio: { format: 'wav', bitDepth: 16 }, loudness: { kind: 'none' }, subtitles },
    ...where,
  };
}

const TEXTS = [
  'Welcome to the studio. Today we will talk about rivers, mountains, and the sea.',
  'The first river rises in the hills. It runs north, then east, for a hundred miles.',
  'Mountains come next. Some are young and sharp; others are old, worn down by rain.',
];

/**
 * A three-track project made at run time: espeak-ng speech blocks as MP3 24 kHz mono (as the stand-in
 * makes them), a looped stereo music bed and one effect, `seconds` long (blocks repeat to fill it).
 */
export async function makeSmallProject(folder: string, seconds = 30, blockCount = 3): Promise<SmallProject> {
  await mkdir(folder, { recursive: true });
  const sources: Record<string, string> = {};
  const clips: RenderPlan['clips'] = [];
  const cues: RenderPlan['cues'] = [];
  const durations: number[] = [];
  for (const [index, text] of TEXTS.entries()) {
    const wav = path.join(folder, `block-${index}.wav`);
    const mp3 = path.join(folder, `block-${index}.mp3`);
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
      '48k',
      mp3,
    ]);
    sources[`speech-${index}`] = mp3;
    durations.push(Math.round((await probeDuration(mp3)) * 1000));
  }
  const slot = (seconds * 1000) / blockCount;
  for (let block = 0; block < blockCount; block += 1) {
    const index = block % TEXTS.length;
    const startMs = Math.round(block * slot + 300);
    const durationMs = Math.min(durations[index]!, Math.round(slot - 300));
    clips.push({
      id: `block-${block}`,
      track: 'speech',
      sourceKey: `speech-${index}`,
      startMs,
      durationMs,
      gainDb: 0,
      fadeInMs: 5,
      fadeOutMs: 20,
    });
    cues.push({
      blockId: `block-${block}`,
      clipId: `block-${block}`,
      text: TEXTS[index]!,
      startMs,
      durationMs,
    });
  }
  const music = path.join(folder, 'music.wav');
  await sox([
    '-n',
    '-r',
    '44100',
    '-c',
    '2',
    '-b',
    '16',
    music,
    'synth',
    '5',
    'sine',
    '196',
    'sine',
    '247',
    'vol',
    '0.3',
  ]);
  sources.music = music;
  clips.push({
    id: 'bed',
    track: 'music',
    sourceKey: 'music',
    startMs: 0,
    durationMs: seconds * 1000,
    gainDb: -18,
    fadeInMs: 1000,
    fadeOutMs: 1000,
    loop: true,
  });
  const effect = path.join(folder, 'effect.wav');
  await sox([
    '-n',
    '-r',
    '48000',
    '-c',
    '1',
    '-b',
    '16',
    effect,
    'synth',
    '0.5',
    'sine',
    '880',
    'fade',
    '0',
    '0.5',
    '0.4',
    'vol',
    '0.3',
  ]);
  sources.effect = effect;
  clips.push({
    id: 'chime',
    track: 'effects',
    sourceKey: 'effect',
    startMs: 100,
    durationMs: 500,
    gainDb: -6,
    fadeInMs: 0,
    fadeOutMs: 0,
  });
  return {
    plan: {
      sampleRate: 44100,
      channels: 2,
      durationMs: seconds * 1000,
      clips,
      cues,
      ducking: { enabled: true, reductionDb: 10, attackMs: 200, releaseMs: 500 },
    },
    sources,
  };
}
