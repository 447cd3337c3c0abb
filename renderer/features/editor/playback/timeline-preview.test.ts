import { describe, expect, it, vi } from 'vitest';
import { defaultsOnlyContext } from '../../../../common/project/send-context.js';
import { contextOf } from '../../../../common/project/test-support.js';
import type { Project } from '../../../../common/project/index.js';
import { allBlocks, contentHash, setGenerationState, updateBlock } from '../../../../common/project/index.js';
import { sampleProject, sequentialIds, withOneTake } from '../../../../common/project/test-support.js';
import { createProject, createTextBlock } from '../../../../common/project/block-factory.js';
import type { TextBlock } from '../../../../common/project/project-schema.js';
import { Howl, howls } from '../../../test-support/fake-howler.js';
import type { PreviewClip } from './timeline-preview.js';
import { TimelinePreview, blocksWithoutAudio, previewClips } from './timeline-preview.js';

vi.mock('howler', () => import('../../../test-support/fake-howler.js'));

function generated(project: Project): Project {
  let next = project;
  for (const block of allBlocks(project)) {
    const hash = contentHash(block, defaultsOnlyContext(project.defaults));
    next = setGenerationState(next, block.id, {
      kind: 'generated',
      contentHash: hash,
      audio: { cacheKey: hash, durationMs: 1000, generatedAt: '2026-01-01T00:00:00Z' },
    });
  }
  return next;
}

describe('previewClips', () => {
  it('plays generated blocks where the export puts them, with their gain and fades', () => {
    const project = updateBlock(generated(sampleProject()), 't2', { volumeDb: -6 });
    const clips = previewClips(project, contextOf(project), (hash) => `/media/${hash.slice(0, 8)}.mp3`);
    expect(clips.map((clip) => clip.blockId)).toEqual(['t1', 't2', 't3', 's1', 'm1']);
    const t2 = clips.find((clip) => clip.blockId === 't2');
    expect(t2?.gain).toBeCloseTo(0.501, 2);
    expect(t2?.startMs).toBe(1000 + (project.tracks.speech.blocks[0]?.pauseAfterMs ?? 0));
    expect(clips.find((clip) => clip.blockId === 'm1')?.fadeInMs).toBe(
      project.tracks.music.blocks[0]?.fadeInMs,
    );
  });

  it('leaves out stale, silent and unplayable blocks, and blocks outside the chosen ones', () => {
    let project = generated(sampleProject());
    project = updateBlock(project, 't1', { text: 'Changed.' });
    project = updateBlock(project, 't3', { volumeDb: -60 });
    const clips = previewClips(project, contextOf(project), (hash) =>
      hash.startsWith('0') ? undefined : `/media/${hash}.wav`,
    );
    expect(clips.some((clip) => clip.blockId === 't1' || clip.blockId === 't3')).toBe(false);
    const only = previewClips(project, contextOf(project), (hash) => `/media/${hash}.wav`, new Set(['s1']));
    expect(only.map((clip) => clip.blockId)).toEqual(['s1']);
  });

  it('counts the blocks a preview plays as silence: no audio, stale or not on this computer, muted ones aside', () => {
    let project = generated(sampleProject());
    project = updateBlock(project, 't1', { text: 'Changed.' });
    project = updateBlock(project, 't3', { volumeDb: -60 });
    const t2Key = contentHash(project.tracks.speech.blocks[1]!, defaultsOnlyContext(project.defaults));
    // t2's audio is not on this computer.
    const clips = previewClips(project, contextOf(project), (key) =>
      key === t2Key ? undefined : `/media/${key}.wav`,
    );
    expect(blocksWithoutAudio(project, contextOf(project), clips, { fromMs: 0 })).toBe(2);
    // Played from past the end, nothing is silent; playing a selection counts only the selection.
    expect(blocksWithoutAudio(project, contextOf(project), clips, { fromMs: 100_000 })).toBe(0);
    expect(blocksWithoutAudio(project, contextOf(project), clips, { fromMs: 0, only: new Set(['t1']) })).toBe(
      1,
    );
  });
});

describe('a stretched timed line in the preview', () => {
  it('plays at its stretched length and rate, through HTML5 audio (which keeps the pitch), from where the playhead is', () => {
    const ids = sequentialIds('s');
    const base = createProject({ id: 'p', title: 'Dub', defaults: { voiceId: 'v' } }, ids);
    const line: TextBlock = {
      ...createTextBlock({ id: 'line', text: 'A line a little too long.' }, ids),
      timing: { startMs: 1_000, cueEndMs: 3_000, lane: 0, fit: 'fixed', allowStretch: true },
    };
    const bare: Project = { ...base, tracks: { ...base.tracks, speech: { blocks: [line] } } };
    const project: Project = {
      ...bare,
      tracks: { ...bare.tracks, speech: { blocks: [withOneTake(line, contextOf(bare), 2_200)] } },
    };
    const [clip] = previewClips(project, contextOf(project), (key) => `/media/${key}.mp3`);
    expect(clip?.rate).toBeCloseTo(1.1, 4);
    expect(clip?.endMs).toBeLessThanOrEqual(3_000);
    expect(clip?.endMs).toBeGreaterThan(2_999);

    vi.useFakeTimers();
    try {
      const preview = new TimelinePreview(
        () => undefined,
        () => undefined,
      );
      // Played from 2 s: one second into the slot is 1.1 s into the take.
      preview.play([clip!], 2_000);
      const howl = howls[0]!;
      expect(howl.options.html5).toBe(true);
      expect(howl.options.rate).toBeCloseTo(1.1, 4);
      howl.emit('load');
      expect(howl.played).toBe(1);
      expect(howl.seeks).toHaveLength(1);
      expect(howl.seeks[0]).toBeCloseTo(1.1, 1);
      preview.stop();
    } finally {
      vi.useRealTimers();
      howls.length = 0;
    }
  });

  it('plays an unstretched line with Web Audio at its own speed, as before', () => {
    const [clip] = previewClips(
      generated(sampleProject()),
      contextOf(sampleProject()),
      (key) => `/m/${key}.mp3`,
    );
    expect(clip?.rate).toBeUndefined();
  });
});

describe('TimelinePreview', () => {
  it('plays a clip howler has already decoded, which loads inside new Howl() before a load listener could be added', () => {
    vi.useFakeTimers();
    try {
      const ends: number[] = [];
      const preview = new TimelinePreview(
        () => undefined,
        () => ends.push(ends.length),
      );
      const clip: PreviewClip = {
        blockId: 'b1',
        track: 'speech',
        startMs: 0,
        endMs: 1000,
        src: '/media/b1.mp3',
        gain: 1,
        fadeInMs: 0,
        fadeOutMs: 0,
      };
      // The block was played from its script row: the row's HTML5 clip of the file stays alive after it ends.
      const rowClip = new Howl({ src: [clip.src], html5: true });
      rowClip.emit('end');
      // The first preview decodes the file and plays it to the end.
      preview.play([clip], 0);
      howls[1]!.emit('load');
      expect(howls[1]!.played).toBe(1);
      vi.advanceTimersByTime(1200);
      expect(ends).toHaveLength(1);
      expect(howls[1]!.unloaded).toBe(true);
      // Played again, howler still holds the decoded file (the row's clip lives): the clip has loaded at once.
      preview.play([clip], 0);
      expect(howls[2]!.state()).toBe('loaded');
      expect(howls[2]!.played).toBe(1);
      preview.stop();
    } finally {
      vi.useRealTimers();
      howls.length = 0;
    }
  });

  it('stopping cancels the clips still waiting to start, so a preview played again starts each clip once', () => {
    vi.useFakeTimers();
    try {
      const preview = new TimelinePreview(
        () => undefined,
        () => undefined,
      );
      const clip: PreviewClip = {
        blockId: 'b1',
        track: 'speech',
        startMs: 1000,
        endMs: 3000,
        src: '/media/b1.mp3',
        gain: 1,
        fadeInMs: 0,
        fadeOutMs: 0,
      };
      preview.play([clip], 0);
      // Loaded, the clip waits a second to begin; the preview is played again from the start meanwhile.
      howls[0]!.emit('load');
      preview.play([clip], 0);
      expect(howls[0]!.unloaded).toBe(true);
      howls[1]!.emit('load');
      vi.advanceTimersByTime(1000);
      expect(howls[0]!.played).toBe(0);
      expect(howls[1]!.played).toBe(1);
      preview.stop();
    } finally {
      vi.useRealTimers();
      howls.length = 0;
    }
  });
});
