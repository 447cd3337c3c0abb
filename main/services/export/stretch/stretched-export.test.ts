import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProjectRenderPlan } from '../../../../common/export/project-render-plan.js';
import { createProject, createTextBlock } from '../../../../common/project/block-factory.js';
import type { Project, TextBlock } from '../../../../common/project/project-schema.js';
import { contextOf, sequentialIds, withOneTake } from '../../../../common/project/test-support.js';
import { defaultSubtitleSettings } from '../../../../common/subtitles/subtitle-types.js';
import { ExportEngine } from '../export-engine.js';
import type { ExportRequest } from '../export-types.js';
import { runExport } from '../render-export.js';
import { decodeWithFfmpeg, sox } from '../test-support/media-tools.js';

/**
 * A timed line whose take (2.3 s) overruns its slot (1 s → 3 s) and allows stretching is exported sped up, so its
 * audio and its subtitle end inside the slot; the same line without the allowance runs past it. The project is
 * 5 s long (its reference video's length), so the file's own end proves nothing.
 */

const RATE = 24_000;
const TAKE_MS = 2_300;
const SLOT = { startMs: 1_000, endMs: 3_000 };

let folder: string;
let tonePath: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-stretch-export-'));
  tonePath = path.join(folder, 'take.wav');
  await sox([
    '-n',
    '-r',
    String(RATE),
    '-c',
    '1',
    '-b',
    '16',
    tonePath,
    'synth',
    String(TAKE_MS / 1000),
    'sine',
    '440',
  ]);
}, 30_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

function timedProject(allowStretch: boolean): Project {
  const ids = sequentialIds('b');
  const base = createProject({ id: 'p', title: 'Dub', defaults: { voiceId: 'v' } }, ids);
  const line: TextBlock = {
    ...createTextBlock({ id: 'line', text: 'A line a little too long for its shot.' }, ids),
    timing: { startMs: SLOT.startMs, cueEndMs: SLOT.endMs, lane: 0, fit: 'fixed', allowStretch },
  };
  const bare: Project = {
    ...base,
    video: { path: '/videos/shot.mp4', durationMs: 5_000 },
    tracks: { ...base.tracks, speech: { blocks: [line] } },
  };
  const withTake = withOneTake(line, contextOf(bare), TAKE_MS);
  return { ...bare, tracks: { ...bare.tracks, speech: { blocks: [withTake] } } };
}

/** Exports the project as WAV with an SRT; the end of its last audible sound and of its cue, in ms. */
async function exportEnds(
  project: Project,
  name: string,
  where: 'this thread' | 'worker' = 'this thread',
): Promise<{ soundEndMs: number; cueEndMs: number }> {
  const built = buildProjectRenderPlan(project, contextOf(project), { sampleRate: RATE, channels: 1 });
  if (!built.ok) throw new Error('expected a plan');
  const [clip] = built.plan.clips;
  const outputPath = path.join(folder, `${name}.wav`);
  const request: ExportRequest = {
    plan: built.plan,
    sources: { [clip!.sourceKey]: tonePath },
    options: {
      audio: { format: 'wav', bitDepth: 16 },
      loudness: { kind: 'none' },
      // No lengthening for reading time, so each cue ends where its speech does.
      subtitles: {
        srt: true,
        vtt: false,
        settings: { ...defaultSubtitleSettings, charsPerSecond: 100, minCueMs: 0 },
      },
    },
    outputPath,
    pcmCacheDir: path.join(folder, `cache-${name}`),
  };
  const result = where === 'worker' ? await new ExportEngine().exportMix(request) : await runExport(request);
  expect(result.durationMs).toBe(5_000);
  const samples = await decodeWithFfmpeg(outputPath, RATE, 1, path.join(folder, `${name}.f32`));
  let last = samples.length - 1;
  while (last > 0 && Math.abs(samples[last]!) < 0.01) last -= 1;
  const srt = await readFile(path.join(folder, `${name}.srt`), 'utf8');
  const [, hours, minutes, seconds, millis] = /--> (\d\d):(\d\d):(\d\d),(\d{3})/u.exec(srt) ?? [];
  const cueEndMs = ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(millis);
  return { soundEndMs: ((last + 1) / RATE) * 1000, cueEndMs };
}

describe('a stretched line in the export', () => {
  it('ends its audio and its subtitle inside its slot when the line allows stretching', async () => {
    const { soundEndMs, cueEndMs } = await exportEnds(timedProject(true), 'stretched');
    expect(soundEndMs).toBeLessThanOrEqual(SLOT.endMs);
    // Sped up (2.3 s into 2 s), not cut off early.
    expect(soundEndMs).toBeGreaterThan(SLOT.endMs - 50);
    expect(cueEndMs).toBeLessThanOrEqual(SLOT.endMs);
  }, 60_000);

  it('stretches it in the export’s worker thread too, as the app and the CLI export', async () => {
    const { soundEndMs, cueEndMs } = await exportEnds(timedProject(true), 'in-worker', 'worker');
    expect(soundEndMs).toBeLessThanOrEqual(SLOT.endMs);
    expect(soundEndMs).toBeGreaterThan(SLOT.endMs - 50);
    expect(cueEndMs).toBeLessThanOrEqual(SLOT.endMs);
  }, 60_000);

  it('runs past its slot, as the take is long, when the line does not allow stretching', async () => {
    const { soundEndMs, cueEndMs } = await exportEnds(timedProject(false), 'unstretched');
    expect(soundEndMs).toBeGreaterThan(SLOT.startMs + TAKE_MS - 50);
    expect(cueEndMs).toBeGreaterThan(SLOT.endMs);
  }, 60_000);
});
