import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChapterSpan } from '../../../../common/export/chapter-split.js';
import { loudnessPresets, type ExportOptions } from '../../../../common/export/export-options.js';
import { frameAlignedPlan, MP3_FRAME_SAMPLES } from '../../../../common/export/frame-aligned-parts.js';
import type { RenderPlan } from '../../../../common/export/render-plan.js';
import { ExportEngine } from '../export-engine.js';
import { decodeWithFfmpeg } from '../test-support/media-tools.js';
import { largestJump, snrDb } from '../test-support/signal-compare.js';
import { makeSmallProject, type SmallProject } from '../test-support/small-project.js';
import { defaultWorkerEntry } from '../worker-launcher.js';
import { exportMixInParts, type PartMixRequest } from './part-mix-export.js';
import { PartStore } from './part-store.js';

/**
 * The proof of part reuse (part-reuse/README.md): a 3-chapter book exported from parts, one block changed, exported
 * again with the parts kept: only the changed chapter's part is made again, and the file is byte for byte the one a
 * full export of the changed book (every part made afresh) writes. Against a single-pass MP3 of the same timeline,
 * the joined file is as close to the source over the whole file and around every join.
 */

const RATE = 44_100;
const CHANNELS = 2;
// ffmpeg drops LAME's 576-sample delay and its own decoder's 529: frame k's audio starts here on the timeline.
const DECODED_FRAME_OFFSET = 576 + 529;
const MP3 = { format: 'mp3', bitrateKbps: 128 } as const;
let folder: string;
let project: SmallProject;
let chapters: ChapterSpan[];

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-part-reuse-'));
  project = await makeSmallProject(path.join(folder, 'sources'), 30, 6);
  // Chapter starts off the MP3 frame grid, so the alignment has padding to add.
  chapters = [
    { title: 'One', startMs: 0, endMs: 9_013 },
    { title: 'Two', startMs: 9_013, endMs: 19_007 },
    { title: 'Three', startMs: 19_007, endMs: project.plan.durationMs },
  ];
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

function request(
  plan: RenderPlan,
  name: string,
  store: string,
  options: Partial<ExportOptions> = {},
  spans: readonly ChapterSpan[] = chapters,
): PartMixRequest {
  return {
    plan,
    chapters: spans,
    sources: project.sources,
    options: { audio: MP3, loudness: { kind: 'none' }, subtitles: { srt: false, vtt: false }, ...options },
    outputPath: path.join(folder, name),
    overwrite: true,
    pcmCacheDir: path.join(folder, 'pcm'),
    store: new PartStore(path.join(folder, store)),
    workerEntry: defaultWorkerEntry(),
  };
}

/** The plan with the first speech clip of chapter `chapter` playing another block's take (same place and length). */
function withOtherTake(plan: RenderPlan, chapter: ChapterSpan): RenderPlan {
  const target = plan.clips.find((clip) => clip.track === 'speech' && clip.startMs >= chapter.startMs);
  const other = plan.clips.find((clip) => clip.track === 'speech' && clip.sourceKey !== target?.sourceKey);
  if (!target || !other) throw new Error('the test book needs two different speech takes');
  return {
    ...plan,
    clips: plan.clips.map((clip) => (clip === target ? { ...clip, sourceKey: other.sourceKey } : clip)),
  };
}

/**
 * The plan and chapters with `ms` of silence let in at `atMs`: every clip and chapter from there on starts that much
 * later, and the chapter holding `atMs` is that much longer, so the later chapters' audio is unchanged but sits
 * elsewhere in the book. No clip may cross `atMs`.
 */
function withSilenceAt(
  plan: RenderPlan,
  spans: readonly ChapterSpan[],
  atMs: number,
  ms: number,
): { plan: RenderPlan; spans: ChapterSpan[] } {
  const later = (at: number): number => (at >= atMs ? at + ms : at);
  if (plan.clips.some((clip) => clip.startMs < atMs && clip.startMs + clip.durationMs > atMs))
    throw new Error('a clip crosses the place the silence goes');
  return {
    plan: {
      ...plan,
      durationMs: plan.durationMs + ms,
      clips: plan.clips.map((clip) => ({ ...clip, startMs: later(clip.startMs) })),
      cues: plan.cues.map((cue) => ({ ...cue, startMs: later(cue.startMs) })),
    },
    spans: spans.map((span) => ({ ...span, startMs: later(span.startMs), endMs: later(span.endMs) })),
  };
}

describe('an MP3 with chapters built from parts', () => {
  it('makes only the changed chapter again and writes the bytes a full export writes', async () => {
    // Normalised, so the measuring pass is kept per part too.
    {
      const loudness = loudnessPresets.podcast;
      const store = `parts-${loudness.kind}`;
      const first = await exportMixInParts(
        request(project.plan, `first-${loudness.kind}.mp3`, store, { loudness }),
      );
      expect(first.parts).toEqual({ total: 3, measured: 3, encoded: 3 });
      const edited = withOtherTake(project.plan, chapters[1]!);
      const again = await exportMixInParts(
        request(edited, `again-${loudness.kind}.mp3`, store, { loudness }),
      );
      const full = await exportMixInParts(
        request(edited, `full-${loudness.kind}.mp3`, `${store}-fresh`, { loudness }),
      );
      expect(full.parts.encoded).toBe(3);
      // The gain is rounded to 0.1 dB: when the edit moves it, every part is encoded again, and says so.
      const expected = again.gainDb === first.gainDb ? 1 : 3;
      expect(again.parts).toEqual({
        total: 3,
        measured: 1,
        encoded: expected,
      });
      expect(again.gainDb).toBe(full.gainDb);
      expect(again.joins).toEqual(full.joins);
      const [kept, whole] = await Promise.all([readFile(again.audioPath), readFile(full.audioPath)]);
      expect(kept.equals(whole)).toBe(true);
    }
  }, 180_000);

  it('keeps the chapters after one that got longer: they move by whole frames, their parts are the same', async () => {
    // Speech only: the music bed runs through every chapter, so a pause in one would move the bed under the others.
    const speech = { ...project.plan, clips: project.plan.clips.filter((clip) => clip.track === 'speech') };
    const store = 'parts-moved';
    const first = await exportMixInParts(request(speech, 'moved-first.mp3', store));
    expect(first.parts.encoded).toBe(3);
    // Half a second more early in chapter one: chapters two and three start ~19 MP3 frames later, with the same
    // audio. Chapter two is made again all the same: its lead (the last ~2.5 s before it) holds chapter one's
    // padding to the frame grid, which the pause changed. Chapter three is kept, at its new place.
    const at = speech.clips.find((clip) => clip.startMs >= 2_000)!.startMs;
    const longer = withSilenceAt(speech, chapters, at, 500);
    const again = await exportMixInParts(request(longer.plan, 'moved-again.mp3', store, {}, longer.spans));
    const full = await exportMixInParts(
      request(longer.plan, 'moved-full.mp3', `${store}-fresh`, {}, longer.spans),
    );
    expect(again.parts).toEqual({ total: 3, measured: 0, encoded: 2 });
    expect(again.joins).toEqual(full.joins);
    expect(again.joins[1]).toBeGreaterThan(first.joins[1]!);
    const [kept, whole] = await Promise.all([readFile(again.audioPath), readFile(full.audioPath)]);
    expect(kept.equals(whole)).toBe(true);
  }, 180_000);

  it('matches the source as closely as a single-pass MP3 does, over the file and at every join', async () => {
    const aligned = frameAlignedPlan(project.plan, chapters);
    const engine = new ExportEngine();
    const none = { loudness: { kind: 'none' }, subtitles: { srt: false, vtt: false } } as const;
    const common = { plan: aligned.plan, sources: project.sources, pcmCacheDir: path.join(folder, 'pcm') };
    const wav = await engine.exportMix({
      ...common,
      options: { audio: { format: 'wav', bitDepth: 24 }, ...none },
      outputPath: path.join(folder, 'aligned.wav'),
    });
    const single = await engine.exportMix({
      ...common,
      options: { audio: MP3, ...none },
      outputPath: path.join(folder, 'single.mp3'),
      renderThreads: 1,
    });
    const parts = await exportMixInParts(request(project.plan, 'parts.mp3', 'parts-proof'));
    const [source, one, joined] = await Promise.all(
      [wav.audioPath, single.audioPath, parts.audioPath].map((file) =>
        decodeWithFfmpeg(file, RATE, CHANNELS, `${file}.f32`),
      ),
    );
    const frames = source!.length / CHANNELS;
    expect(Math.abs(joined!.length / CHANNELS - frames)).toBeLessThanOrEqual(0.002 * RATE);
    const whole = {
      single: snrDb(one!, source!, CHANNELS, 0, frames),
      joined: snrDb(joined!, source!, CHANNELS, 0, frames),
    };
    expect(whole.joined).toBeGreaterThan(whole.single - 0.5);
    expect(parts.joins).toHaveLength(2);
    for (const join of parts.joins) {
      const at = join * MP3_FRAME_SAMPLES - DECODED_FRAME_OFFSET;
      const near = { from: at - MP3_FRAME_SAMPLES, to: at + MP3_FRAME_SAMPLES + 576 };
      const jumps = {
        source: largestJump(source!, CHANNELS, near.from, near.to),
        single: largestJump(one!, CHANNELS, near.from, near.to),
        joined: largestJump(joined!, CHANNELS, near.from, near.to),
      };
      const local = {
        single: snrDb(one!, source!, CHANNELS, near.from, near.to),
        joined: snrDb(joined!, source!, CHANNELS, near.from, near.to),
      };
      console.info(
        `join at MP3 frame ${join} (${(at / RATE).toFixed(3)} s): SNR whole ${whole.joined.toFixed(2)} dB parts vs ` +
          `${whole.single.toFixed(2)} dB single pass; around the join ${local.joined.toFixed(2)} vs ${local.single.toFixed(2)} dB; ` +
          `largest jump ${jumps.joined.toFixed(4)} parts, ${jumps.single.toFixed(4)} single pass, ${jumps.source.toFixed(4)} source`,
      );
      expect(local.joined).toBeGreaterThan(local.single - 3);
      expect(jumps.joined).toBeLessThanOrEqual(Math.max(jumps.source, jumps.single) * 1.1);
    }
  }, 180_000);
});
