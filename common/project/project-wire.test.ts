import { describe, expect, it } from 'vitest';
import { createMusicBlock, createProject, createSfxBlock, createTextBlock } from './block-factory.js';
import { contentHash } from './content-hash.js';
import type { Project, Take, TextBlock } from './project-schema.js';
import { projectSchema } from './project-schema.js';
import { packProject, unpackProject, type PackedProject } from './project-wire.js';
import { defaultsOnlyContext } from './send-context.js';
import { madeFrom } from './takes.js';

/** What the page receives: the packed project through JSON, then unpacked. */
function roundTrip(project: Project): Project {
  return unpackProject(JSON.parse(JSON.stringify(packProject(project))) as PackedProject);
}

const asSent = (project: Project): unknown => JSON.parse(JSON.stringify(project));

function take(block: TextBlock, project: Project, extra: Partial<Take> = {}): Take {
  const context = defaultsOnlyContext(project.defaults);
  const hash = contentHash(block, context);
  return {
    cacheKey: hash,
    contentHash: hash,
    durationMs: 4200,
    generatedAt: '2024-01-01T00:00:00.000Z',
    made: madeFrom(block, context),
    measures: {
      rmsDb: -20,
      clippedSamples: 0,
      leadingSilenceMs: 40,
      trailingSilenceMs: 150,
      longestPauseMs: 350,
      longestPauseAtMs: 1000,
    },
    ...extra,
  };
}

function generated(block: TextBlock, project: Project, takes: Take[], audioOf: Take): TextBlock {
  return {
    ...block,
    generation: {
      kind: 'generated',
      contentHash: takes[0]!.contentHash,
      // The take's audio fields, in the order a project file has them.
      audio: {
        cacheKey: audioOf.cacheKey,
        durationMs: audioOf.durationMs,
        ...(audioOf.remoteUrl === undefined ? {} : { remoteUrl: audioOf.remoteUrl }),
        ...(audioOf.taskId === undefined ? {} : { taskId: audioOf.taskId }),
        generatedAt: audioOf.generatedAt,
      },
    },
    takes,
  };
}

/** Every case the packer distinguishes, each next to the usual one. */
function fixture(): Project {
  const base = createProject({ title: 'Wire', defaults: { voiceId: 'voice-1', language: 'en' } });
  const plain = createTextBlock({ text: 'Plain and default.' });
  const unusual = {
    ...createTextBlock({ text: 'Locked, louder, longer pause.', pauseAfterMs: 900 }),
    locked: true,
    volumeDb: -3,
    chapterTitle: 'Two',
  };
  const usual = createTextBlock({ text: 'Generated, its take made from this very text.' });
  const usualTake = take(usual, base, { seed: 7, taskId: 'task-1', remoteUrl: 'https://x/1.mp3' });
  const lexiconBlock = createTextBlock({ text: 'Said differently.' });
  const lexiconTake = take(lexiconBlock, base, {
    made: { text: 'Sed differently.', params: { voiceId: 'voice-1' } },
  });
  const twoTakes = createTextBlock({ text: 'Two takes, the second in use.' });
  const first = take(twoTakes, base);
  const second = take(twoTakes, base, { cacheKey: 'f'.repeat(64), durationMs: 5100 });
  const oldAudio = createTextBlock({ text: 'Audio from before takes were kept.' });
  const stale = take(oldAudio, base, { contentHash: 'e'.repeat(64) });
  const failed: TextBlock = {
    ...createTextBlock({ text: 'It failed.' }),
    generation: {
      kind: 'failed',
      contentHash: 'a'.repeat(64),
      error: { code: 'TASK_FAILED', message: 'The service said no.' },
    },
    takes: [take(createTextBlock({ text: 'It failed.' }), base, { contentHash: 'a'.repeat(64) })],
  };
  return {
    ...base,
    tracks: {
      speech: {
        blocks: [
          plain,
          unusual,
          generated(usual, base, [usualTake], usualTake),
          generated(lexiconBlock, base, [lexiconTake], lexiconTake),
          generated(twoTakes, base, [first, second], second),
          {
            ...oldAudio,
            generation: {
              kind: 'generated',
              contentHash: 'd'.repeat(64),
              audio: { cacheKey: 'd'.repeat(64), durationMs: 3000, generatedAt: '2023-01-01T00:00:00.000Z' },
            },
            takes: [stale],
          },
          failed,
          {
            id: 'passthrough-1',
            type: 'audio',
            params: { url: 'https://x/a.mp3' },
            pauseAfterMs: 300,
            volumeDb: 0,
            locked: false,
            generation: { kind: 'not-generated' },
          },
        ],
      },
      effects: { blocks: [createSfxBlock({ text: 'Door creaks', startMs: 1000 })] },
      music: { blocks: [{ ...createMusicBlock({ text: 'Calm strings', startMs: 0 }), volumeDb: -12 }] },
    },
  };
}

describe('project wire form', () => {
  it('gives back exactly the project it packed, in every case it distinguishes', () => {
    const project = fixture();
    expect(projectSchema.safeParse(project).success).toBe(true);
    const unpacked = roundTrip(project);
    expect(unpacked).toEqual(asSent(project));
    expect(projectSchema.parse(unpacked)).toEqual(asSent(project));
    // The same keys in the same order: every object has the shape it would have had, sent whole.
    expect(JSON.stringify(unpacked)).toBe(JSON.stringify(project));
  });

  it('marks what repeats in a block: a take’s text and hash, and audio that is one of the takes', () => {
    const project = fixture();
    const packed = packProject(project).project as {
      tracks: { speech: { blocks: Record<string, unknown>[] } };
    };
    const [plain, , usual, lexicon] = packed.tracks.speech.blocks;
    // Nothing repeats in a block without takes: it is sent as it is.
    expect(plain).toBe(project.tracks.speech.blocks[0]);
    expect(usual?.generation).toMatchObject({ kind: 'generated', audio: 'take:0' });
    const [usualTake] = usual?.takes as Record<string, unknown>[];
    expect(usualTake).toMatchObject({ contentHash: '', made: { text: '' } });
    // Made from other text (a lexicon said it differently): kept whole.
    const [lexiconTake] = lexicon?.takes as Record<string, unknown>[];
    expect(lexiconTake?.made).toEqual({ text: 'Sed differently.', params: { voiceId: 'voice-1' } });
  });

  it('sends a project holding a mark as a value of its own as it is, and gives it back the same', () => {
    const project = fixture();
    const [, , usual] = project.tracks.speech.blocks;
    const odd = { ...usual!, takes: [{ ...usual!.takes![0]!, contentHash: '' }] };
    const withEmpty = {
      ...project,
      tracks: {
        ...project.tracks,
        speech: { blocks: project.tracks.speech.blocks.map((b) => (b === usual ? odd : b)) },
      },
    };
    expect(packProject(withEmpty).marked).toBe(false);
    expect(roundTrip(withEmpty)).toEqual(asSent(withEmpty));
  });

  it('marks a take’s params when they equal the previous take’s, and gives them back as one shared object', () => {
    const project = fixture();
    const packed = packProject(project).project as {
      tracks: { speech: { blocks: { takes?: { made: { params: unknown } }[] }[] } };
    };
    const params = packed.tracks.speech.blocks.flatMap((block) =>
      (block.takes ?? []).map((take) => take.made.params),
    );
    // The usual take's; the lexicon take's own; made from the defaults again, then four times the same.
    expect(params.map((value) => (value === '' ? 'same' : 'own'))).toEqual([
      'own',
      'own',
      'own',
      'same',
      'same',
      'same',
    ]);
    const unpacked = roundTrip(project);
    const takes = unpacked.tracks.speech.blocks.flatMap((block) => block.takes ?? []);
    expect(takes[3]!.made!.params).toBe(takes[2]!.made!.params);
    expect(takes[2]!.made!.params).toEqual(project.tracks.speech.blocks[4]!.takes![0]!.made!.params);
  });

  it('sends an audiobook with a quarter of its blocks generated in under four fifths of the bytes', () => {
    const base = fixture();
    const blocks = Array.from({ length: 400 }, (_, index) => {
      // Sentences of ~150 characters, as in the editor benchmark's audiobook.
      const block = createTextBlock({
        text: `Line ${index} of a long book. `.padEnd(150, 'and the sea went on '),
      });
      if (index % 4 !== 0) return block;
      const made = take(block, base);
      return generated(block, base, [made], made);
    });
    const project = { ...base, tracks: { ...base.tracks, speech: { blocks } } };
    const whole = JSON.stringify(project).length;
    const packed = JSON.stringify(packProject(project)).length;
    expect(packed / whole).toBeLessThan(0.8);
    expect(roundTrip(project)).toEqual(asSent(project));
  });

  it('packs a version once and answers the same packed form for it again', () => {
    const project = fixture();
    expect(packProject(project)).toBe(packProject(project));
    expect(packProject({ ...project })).not.toBe(packProject(project));
  });
});
