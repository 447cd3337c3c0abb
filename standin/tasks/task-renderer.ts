import { promises as fs } from 'node:fs';
import path from 'node:path';
import { espeakVoiceFor } from '../audio/espeak-language.js';
import { decodeFileToSamples, encodeSamples } from '../audio/ffmpeg.js';
import { WORK_SAMPLE_RATE, concat, durationS, mixInto } from '../audio/pcm.js';
import { renderAmbience, renderMusic, renderSoundEffect, seedFromText } from '../audio/sound-design.js';
import { synthesizeSpeech } from '../audio/speech-synthesis.js';
import { buildSrt } from '../audio/srt.js';
import type { FileSpace } from '../files/file-space.js';
import type { AudioFormat } from '../options.js';
import type { SegmentTiming, SentenceTiming, TaskRecord, VoiceRecord } from '../state/schema.js';
import { styleOf } from '../voices/voice-registry.js';
import { DEFAULT_MUSIC_LENGTH_S, DEFAULT_SFX_LENGTH_S } from '../wire-choices.js';
import { writeFileAtomic } from '../state/atomic-file.js';

export interface RenderContext {
  files: FileSpace;
  audioFormat: AudioFormat;
  resolveVoice(voiceId: string): VoiceRecord | undefined;
}

export interface RenderedTask {
  /** `/files/...` path of each block's audio, in block order. */
  segmentPaths: string[];
  mergedPath: string;
  srtPath: string | undefined;
  timings: SegmentTiming[];
}

/** Audio used as a block (audio, custom_audio, stem_separation) is cut at 10 minutes to bound memory. */
const MAX_REUSED_AUDIO_S = 600;
const SCENE_WITHOUT_VOICE_S = 5;
const SCENE_AMBIENCE_GAIN = 0.25;

interface RenderedSegment {
  samples: Float32Array;
  sentences: SentenceTiming[];
}

/**
 * Renders every block to real audio, encodes each segment and the merged task (decoded PCM joined once, then
 * encoded once, so joins add no encoder delay), and writes subtitles from the measured sentence times.
 */
export async function renderTask(task: TaskRecord, context: RenderContext): Promise<RenderedTask> {
  const extension = context.audioFormat;
  const folder = path.posix.join('tasks', task.id);
  const segments: RenderedSegment[] = [];
  for (const block of task.contents) segments.push(await renderBlock(block, context));

  const segmentPaths: string[] = [];
  const timings: SegmentTiming[] = [];
  let offsetS = 0;
  for (const [index, segment] of segments.entries()) {
    const urlPath = context.files.urlPathOf(`${folder}/segment-${index}.${extension}`);
    await encodeSamples(segment.samples, diskPath(context.files, urlPath), context.audioFormat);
    segmentPaths.push(urlPath);
    timings.push({
      contentIndex: index,
      type: String(task.contents[index]?.type),
      offsetS,
      durationS: durationS(segment.samples),
      sentences: segment.sentences,
    });
    offsetS += durationS(segment.samples);
  }

  const mergedPath = context.files.urlPathOf(`${folder}/merged.${extension}`);
  const [onlySegment] = segmentPaths;
  if (segments.length === 1 && onlySegment !== undefined) {
    // One block: the merged audio is that block's audio; copying saves an encode.
    await fs.copyFile(diskPath(context.files, onlySegment), diskPath(context.files, mergedPath));
  } else {
    await encodeSamples(
      concat(segments.map((segment) => segment.samples)),
      diskPath(context.files, mergedPath),
      context.audioFormat,
    );
  }

  let srtPath: string | undefined;
  if (task.srt) {
    srtPath = context.files.urlPathOf(`${folder}/subtitles.srt`);
    const cues = timings.flatMap((timing) =>
      timing.sentences.map((sentence) => ({
        startS: timing.offsetS + sentence.startS,
        endS: timing.offsetS + sentence.endS,
        text: sentence.text,
      })),
    );
    await writeFileAtomic(diskPath(context.files, srtPath), buildSrt(cues));
  }
  return { segmentPaths, mergedPath, srtPath, timings };
}

async function renderBlock(block: Record<string, unknown>, context: RenderContext): Promise<RenderedSegment> {
  const type = block.type;
  const text = typeof block.text === 'string' ? block.text : '';
  const seed = typeof block.seed === 'number' && block.seed >= 0 ? block.seed : seedFromText(text);
  switch (type) {
    case 'text':
      return speak(block, text, context);
    case 'scene': {
      const spoken =
        typeof block.voiceId === 'string'
          ? await speak(block, text, context)
          : {
              samples: new Float32Array(Math.round(SCENE_WITHOUT_VOICE_S * WORK_SAMPLE_RATE)),
              sentences: [],
            };
      mixInto(spoken.samples, renderAmbience(spoken.samples.length, seed), SCENE_AMBIENCE_GAIN);
      return spoken;
    }
    case 'sfx':
      return {
        samples: renderSoundEffect(numberOr(block.sfx_length, DEFAULT_SFX_LENGTH_S), seed),
        sentences: [],
      };
    case 'music':
      return {
        samples: renderMusic(numberOr(block.sfx_length, DEFAULT_MUSIC_LENGTH_S), seed),
        sentences: [],
      };
    case 'audio':
    case 'custom_audio':
    case 'stem_separation': {
      const file = context.files.issuedFile(String(block.audio));
      if (file === undefined) throw new Error(`audio ${String(block.audio)} is no longer available`);
      // Stem separation keeps the voice band: a plausible "vocals" stem without a separation model.
      const filter = type === 'stem_separation' ? 'highpass=f=120,lowpass=f=5000' : undefined;
      const samples = await decodeFileToSamples(file, {
        maxSeconds: MAX_REUSED_AUDIO_S,
        ...(filter ? { filter } : {}),
      });
      return { samples, sentences: [] };
    }
    default:
      throw new Error(`block type ${String(type)} cannot be rendered`);
  }
}

async function speak(
  block: Record<string, unknown>,
  text: string,
  context: RenderContext,
): Promise<RenderedSegment> {
  const voice = context.resolveVoice(String(block.voiceId));
  if (!voice) throw new Error(`voice ${String(block.voiceId)} is no longer available`);
  const style = styleOf(voice, typeof block.promptId === 'string' ? block.promptId : undefined);
  const language = typeof block.language === 'string' ? block.language : 'auto';
  const take = takeVariation(block.seed);
  return synthesizeSpeech({
    text,
    espeakVoice: espeakVoiceFor(language, text, voice.synth.language, voice.synth.variant),
    pitch: voice.synth.pitch + (style?.pitchOffset ?? 0) + take.pitchOffset,
    wordsPerMinute: voice.synth.wordsPerMinute * (style?.rateFactor ?? 1) * take.rateFactor,
    speechRate: numberOr(block.speechRate, 1),
  });
}

/**
 * A real model reads the same line a little differently for each seed. The stand-in does the same, in a small
 * and repeatable way: a set seed nudges pitch (1 to 5 either way, never 0) and pace (±6 %); no seed (or -1) reads
 * it the one plain way. The pitch is never left as it was, so a take with a seed never sounds exactly like the
 * plain one — one seed in 143 did, and "another take" then came back as the same audio.
 */
export function takeVariation(seed: unknown): { pitchOffset: number; rateFactor: number } {
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0)
    return { pitchOffset: 0, rateFactor: 1 };
  const step = seed % 10;
  return {
    pitchOffset: step < 5 ? step - 5 : step - 4,
    rateFactor: 0.94 + (Math.floor(seed / 10) % 13) / 100,
  };
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function diskPath(files: FileSpace, urlPath: string): string {
  const resolved = files.diskPathOf(urlPath);
  if (resolved === undefined) throw new Error(`${urlPath} is not a path under the files folder`);
  return resolved;
}
