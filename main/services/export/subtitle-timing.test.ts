import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RenderPlan } from '../../../common/export/render-plan.js';
import { startStandin, type RunningStandin, type SegmentTiming } from '../../../standin/index.js';
import { runExport } from './render-export.js';

/**
 * Subtitle timing against the truth: the stand-in speaks each block sentence by sentence and records
 * where every sentence really starts. The blocks are generated there, downloaded, placed on a timeline
 * and exported with SRT; each sentence's cue start is compared with its true start on the timeline.
 * The same export without silence detection (cues timed from the text alone) is reported for contrast.
 */

const BLOCKS = [
  'Welcome back to the programme. Tonight we travel north, along the old coast road, to a village at the end of the map.',
  'The harbour is small. Fishing boats leave before dawn; they come back at noon with the tide. Nobody here is ever in a hurry.',
  'At the top of the hill stands a lighthouse. It has guided ships for two hundred years, and it still does. Shall we climb it?',
  'The view is worth every step. To the east, the sea. To the west, fields and forest, as far as the eye can see.',
];
const PAUSE_BETWEEN_BLOCKS_MS = 700;

const envelope = z.object({
  data: z.object({
    id: z.string(),
    status: z.string(),
    metadata: z
      .object({ contents: z.array(z.object({ audio: z.string().optional() })) })
      .partial()
      .optional(),
  }),
});

let standin: RunningStandin;
let folder: string;
let timings: SegmentTiming[];
const segmentFiles: string[] = [];

async function api(url: string, init: RequestInit = {}): Promise<z.infer<typeof envelope>> {
  const response = await fetch(url, {
    ...init,
    headers: { authorization: 'Bearer standin-paid', 'content-type': 'application/json' },
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return envelope.parse(await response.json());
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-srt-timing-'));
  standin = await startStandin({ speed: 50, rateLimit: 0 });
  const voice = standin.marketVoices[0];
  if (!voice) throw new Error('the stand-in has no market voice');
  const created = await api(`${standin.url}/api/tts/generate`, {
    method: 'POST',
    body: JSON.stringify({
      contents: BLOCKS.map((text) => ({
        type: 'text',
        voiceId: voice.idForGenerate,
        text,
        promptId: 'default',
        language: 'en',
      })),
    }),
  });
  let task = created.data;
  for (let attempt = 0; task.status !== 'generated'; attempt += 1) {
    if (attempt > 600 || task.status === 'failed') throw new Error(`task ${task.id} ended ${task.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    task = (await api(`${standin.url}/api/tts/generate/${task.id}`)).data;
  }
  for (const [index, content] of (task.metadata?.contents ?? []).entries()) {
    if (!content.audio) throw new Error(`segment ${index} has no audio`);
    const file = path.join(folder, `segment-${index}.mp3`);
    await writeFile(file, new Uint8Array(await (await fetch(content.audio)).arrayBuffer()));
    segmentFiles.push(file);
  }
  timings = standin.sentenceTimings(task.id) ?? [];
}, 120_000);

afterAll(async () => {
  await standin?.close();
  await rm(folder, { recursive: true, force: true });
});

interface Cue {
  startMs: number;
  text: string;
}

function parseSrt(text: string): Cue[] {
  return text
    .trim()
    .split(/\n\n+/u)
    .map((block) => {
      const lines = block.split('\n');
      const time = /^(\d\d):(\d\d):(\d\d),(\d\d\d) -->/u.exec(lines[1] ?? '');
      if (!time) throw new Error(`not an SRT cue: ${block}`);
      const [, h, m, s, ms] = time.map(Number) as [number, number, number, number, number];
      return { startMs: ((h * 60 + m) * 60 + s) * 1000 + ms, text: lines.slice(2).join(' ') };
    });
}

async function exportWithSubtitles(
  name: string,
  detectSilences: boolean,
): Promise<{ errors: number[]; cues: Cue[] }> {
  const clips: RenderPlan['clips'] = [];
  const cues: RenderPlan['cues'] = [];
  const sources: Record<string, string> = {};
  const truth: { startMs: number; text: string }[] = [];
  let at = 500;
  for (const segment of timings) {
    const durationMs = Math.round(segment.durationS * 1000);
    const id = `block-${segment.contentIndex}`;
    sources[id] = segmentFiles[segment.contentIndex]!;
    clips.push({
      id,
      track: 'speech',
      sourceKey: id,
      startMs: at,
      durationMs,
      gainDb: 0,
      fadeInMs: 0,
      fadeOutMs: 0,
    });
    cues.push({
      blockId: id,
      text: BLOCKS[segment.contentIndex]!,
      startMs: at,
      durationMs,
      ...(detectSilences ? { clipId: id } : { silences: [] }),
    });
    for (const sentence of segment.sentences)
      truth.push({ startMs: at + sentence.startS * 1000, text: sentence.text });
    at += durationMs + PAUSE_BETWEEN_BLOCKS_MS;
  }
  const outputPath = path.join(folder, `${name}.wav`);
  await runExport({
    plan: { sampleRate: 24000, channels: 1, durationMs: at, clips, cues },
    sources,
    options: {
      audio: { format: 'wav', bitDepth: 16 },
      loudness: { kind: 'none' },
      subtitles: { srt: true, vtt: false },
    },
    outputPath,
    pcmCacheDir: path.join(folder, 'cache'),
  });
  const parsed = parseSrt(await readFile(path.join(folder, `${name}.srt`), 'utf8'));
  // Every sentence starts a cue (long sentences continue in further cues): find the cue that begins it.
  const errors = truth.map((sentence) => {
    const opening = sentence.text.split(' ').slice(0, 3).join(' ');
    const cue = parsed.find((candidate) => candidate.text.startsWith(opening));
    if (!cue) throw new Error(`no cue starts with "${opening}"`);
    return cue.startMs - sentence.startMs;
  });
  return { errors, cues: parsed };
}

function summary(errors: number[]): { mean: number; max: number } {
  const absolute = errors.map(Math.abs);
  return {
    mean: absolute.reduce((sum, value) => sum + value, 0) / absolute.length,
    max: Math.max(...absolute),
  };
}

describe('SRT timing against the stand-in’s recorded sentence starts', () => {
  it('starts each sentence’s cue within a window (10 ms) or two of the sentence', async () => {
    expect(timings.length).toBe(BLOCKS.length);
    const detected = await exportWithSubtitles('detected', true);
    const estimated = await exportWithSubtitles('estimated', false);
    const withPauses = summary(detected.errors);
    const fromText = summary(estimated.errors);
    console.log(
      `SRT cue start vs true sentence start over ${detected.errors.length} sentences: ` +
        `following the pauses mean ${withPauses.mean.toFixed(1)} ms, max ${withPauses.max.toFixed(1)} ms; ` +
        `from the text alone mean ${fromText.mean.toFixed(1)} ms, max ${fromText.max.toFixed(1)} ms`,
    );
    const sentences = timings.reduce((sum, segment) => sum + segment.sentences.length, 0);
    expect(detected.errors.length).toBe(sentences);
    expect(sentences).toBeGreaterThanOrEqual(10);
    // The detector works in 10 ms windows: a cue may start up to one window before the sentence.
    expect(withPauses.max).toBeLessThan(25);
    expect(withPauses.mean).toBeLessThan(10);
    expect(withPauses.mean).toBeLessThan(fromText.mean);
  });
});
