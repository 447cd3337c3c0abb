import { describe, expect, it } from 'vitest';
import { defaultsOnlyContext } from './send-context.js';
import { blockState } from './block-state.js';
import { contentHash } from './content-hash.js';
import { gainToDb } from './migrate-v0-to-v1.js';
import { setGenerationState } from './block-edits.js';
import { acceptTakeFlags } from './take-edits.js';
import { readProjectFile, writeProjectFile } from './project-file.js';
import { CURRENT_SCHEMA_VERSION } from './project-schema.js';
import type { Project, TextBlock } from './project-schema.js';
import { VOICE_A, VOICE_B, contextOf, sampleProject } from './test-support.js';

const NOW = () => '2030-05-05T05:05:05.000Z';

/** Sets (or, with undefined, deletes) a value deep inside parsed JSON. */
function setAt(root: unknown, path: readonly (string | number)[], value: unknown): void {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

function read(text: string) {
  return readProjectFile(text, { now: NOW });
}

function expectProject(text: string): { project: Project; migratedFrom: number | undefined } {
  const result = read(text);
  if (!result.ok) throw new Error(`expected a project, got: ${result.message}`);
  return { project: result.project, migratedFrom: result.migratedFrom };
}

/** A prototype (schema version 0) file: one flat list of blocks, seconds, linear volume. */
const v0File = JSON.stringify({
  schemaVersion: 0,
  id: 'legacy-1',
  name: '  Old radio play ',
  createdAt: '2023-03-03T03:03:03.000Z',
  voiceId: VOICE_A,
  voiceName: 'Ava',
  language: 'en',
  blocks: [
    { id: 'a', type: 'text', text: 'It was a dark night.', voiceId: VOICE_A, pause: 0.5, volume: 0.5 },
    {
      id: 'b',
      type: 'music',
      text: 'rain ambience',
      length: 60,
      startTime: 0,
      volume: 0.25,
      fadeIn: 2,
      fadeOut: 3,
    },
    {
      id: 'c',
      type: 'text',
      text: 'Someone knocked.',
      voiceId: VOICE_B,
      speechRate: 1.1,
      audio: { cacheKey: 'cache-c', durationMs: 1500, url: 'https://svc.example/c.mp3' },
    },
    { id: 'd', type: 'sfx', text: 'three knocks', length: 2, startTime: 1.25 },
  ],
});

describe('readProjectFile and writeProjectFile', () => {
  it('round-trips a current project exactly', () => {
    const project = sampleProject();
    const text = writeProjectFile(project);
    const { project: reread, migratedFrom } = expectProject(text);
    expect(reread).toEqual(project);
    expect(migratedFrom).toBeUndefined();
    expect(writeProjectFile(reread)).toBe(text);
  });

  it('migrates a version 1 file to takes: the audio a block has becomes its first take', () => {
    const project = sampleProject();
    const t1 = project.tracks.speech.blocks[0]!;
    const hash = contentHash(t1, defaultsOnlyContext(project.defaults));
    const generated = setGenerationState(project, 't1', {
      kind: 'generated',
      contentHash: hash,
      audio: { cacheKey: hash, durationMs: 1234, generatedAt: NOW(), taskId: 'task-1' },
    });
    const v1 = { ...JSON.parse(writeProjectFile(generated)), schemaVersion: 1 };
    const { project: migrated, migratedFrom } = expectProject(JSON.stringify(v1));
    expect(migratedFrom).toBe(1);
    expect(migrated.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(migrated.tracks.speech.blocks[0]?.takes).toEqual([
      { cacheKey: hash, contentHash: hash, durationMs: 1234, generatedAt: NOW(), taskId: 'task-1' },
    ]);
    expect(migrated.tracks.speech.blocks[1]?.takes).toBeUndefined();
  });

  it('migrates a version 2 file to a cast and a lexicon without making any block stale', () => {
    const project = sampleProject();
    const hash = contentHash(project.tracks.speech.blocks[0]!, contextOf(project));
    const generated = setGenerationState(project, 't1', {
      kind: 'generated',
      contentHash: hash,
      audio: { cacheKey: hash, durationMs: 900, generatedAt: NOW() },
    });
    const { cast: _cast, lexicon: _lexicon, ...rest } = JSON.parse(writeProjectFile(generated)) as Project;
    const { project: migrated, migratedFrom } = expectProject(JSON.stringify({ ...rest, schemaVersion: 2 }));
    expect(migratedFrom).toBe(2);
    expect(migrated.cast).toEqual([
      { id: 'narrator', name: 'Narrator', colour: expect.stringMatching(/^#/u) },
    ]);
    expect(migrated.lexicon).toEqual([]);
    expect(blockState(migrated.tracks.speech.blocks[0]!, contextOf(migrated))).toBe('generated');
  });

  it('migrates a version 3 file as it is, and keeps the flags accepted on a take through a save and reopen', () => {
    const project = sampleProject();
    const block = project.tracks.speech.blocks[0]!;
    const hash = contentHash(block, contextOf(project));
    const take = { cacheKey: hash, contentHash: hash, durationMs: 900, generatedAt: NOW() };
    const withTake: Project = {
      ...project,
      tracks: { ...project.tracks, speech: { blocks: [{ ...block, takes: [take] }] } },
    };
    const v3 = { ...(JSON.parse(writeProjectFile(withTake)) as Project), schemaVersion: 3 };
    const { project: migrated, migratedFrom } = expectProject(JSON.stringify(v3));
    expect(migratedFrom).toBe(3);
    expect(migrated.tracks.speech.blocks[0]?.takes).toEqual([take]);

    const accepted = acceptTakeFlags(migrated, block.id, hash, ['loudness', 'duration']);
    const { project: reread } = expectProject(writeProjectFile(accepted));
    expect(reread.tracks.speech.blocks[0]?.takes?.[0]?.acceptedFlags).toEqual(['duration', 'loudness']);
  });

  it('migrates a version 4 file as it is, and keeps a book’s author, language and cover through a save and reopen', () => {
    const project = sampleProject();
    const v4 = { ...(JSON.parse(writeProjectFile(project)) as Project), schemaVersion: 4 };
    const { project: migrated, migratedFrom } = expectProject(JSON.stringify(v4));
    expect(migratedFrom).toBe(4);
    expect(migrated.metadata).toBeUndefined();
    expect(blockState(migrated.tracks.speech.blocks[0]!, contextOf(migrated))).toBe(
      blockState(project.tracks.speech.blocks[0]!, contextOf(project)),
    );

    const metadata = {
      author: 'Ada Writer',
      language: 'en-GB',
      cover: { mime: 'image/jpeg' as const, sha256: 'a'.repeat(64) },
    };
    const { project: reread } = expectProject(writeProjectFile({ ...migrated, metadata }));
    expect(reread.metadata).toEqual(metadata);
    const damaged = JSON.parse(writeProjectFile({ ...migrated, metadata })) as Project;
    setAt(damaged, ['metadata', 'cover', 'sha256'], 'cover.jpg');
    expect(read(JSON.stringify(damaged))).toMatchObject({
      ok: false,
      fieldPath: 'metadata.cover.sha256',
    });
  });

  it('migrates a version 5 file with every block flowing and none stale, and keeps timing and a video through a save', () => {
    const project = sampleProject();
    const v5 = { ...(JSON.parse(writeProjectFile(project)) as Project), schemaVersion: 5 };
    const { project: migrated, migratedFrom } = expectProject(JSON.stringify(v5));
    expect(migratedFrom).toBe(5);
    expect(migrated.video).toBeUndefined();
    for (const block of migrated.tracks.speech.blocks) {
      expect(block.type === 'text' ? block.timing : undefined).toBeUndefined();
      expect(blockState(block, contextOf(migrated))).toBe(
        blockState(
          project.tracks.speech.blocks.find((other) => other.id === block.id)!,
          contextOf(project),
        ),
      );
    }

    const [first, ...rest] = migrated.tracks.speech.blocks;
    if (first?.type !== 'text') throw new Error('the sample starts with a text block');
    const timed = { ...first, timing: { startMs: 1_250, cueEndMs: 3_400, lane: 1, fit: 'fixed' as const } };
    const video = { path: '/videos/clip.mp4', durationMs: 60_000, width: 1280, height: 720, frameRate: 25 };
    const edited = {
      ...migrated,
      video,
      tracks: { ...migrated.tracks, speech: { blocks: [timed, ...rest] } },
    };
    const { project: reread } = expectProject(writeProjectFile(edited));
    expect(reread.video).toEqual(video);
    expect(reread.tracks.speech.blocks[0]).toMatchObject({ timing: timed.timing });
    // Timing is where a line plays, not what it says: it never makes the audio stale.
    expect(blockState(reread.tracks.speech.blocks[0]!, contextOf(reread))).toBe(
      blockState(first, contextOf(migrated)),
    );

    const badLane = JSON.parse(writeProjectFile(edited)) as Project;
    setAt(badLane, ['tracks', 'speech', 'blocks', 0, 'timing', 'lane'], 9);
    expect(read(JSON.stringify(badLane))).toMatchObject({
      ok: false,
      fieldPath: 'tracks.speech.blocks[0].timing.lane',
    });
  });

  it('reads a file with a byte-order mark', () => {
    expect(read(`\uFEFF${writeProjectFile(sampleProject())}`).ok).toBe(true);
  });

  it('migrates a version 0 file to the current version', () => {
    const { project, migratedFrom } = expectProject(v0File);
    expect(migratedFrom).toBe(0);
    expect(project.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(project.title).toBe('Old radio play');
    expect(project.createdAt).toBe('2023-03-03T03:03:03.000Z');
    expect(project.defaults).toEqual({
      voiceId: VOICE_A,
      voiceName: 'Ava',
      promptId: 'default',
      preset: 'balance',
      language: 'en',
      speechRate: 1,
    });
    const [first, second] = project.tracks.speech.blocks;
    expect(project.tracks.speech.blocks.map((block) => block.id)).toEqual(['a', 'c']);
    // The prototype wrote the project voice on every block; only a different voice stays an override.
    expect(first).toMatchObject({ type: 'text', pauseAfterMs: 500, volumeDb: -6 });
    expect(first && 'voiceId' in first).toBe(false);
    expect(second).toMatchObject({ voiceId: VOICE_B, speechRate: 1.1, pauseAfterMs: 0, volumeDb: 0 });
    expect(project.tracks.music.blocks).toEqual([
      expect.objectContaining({
        id: 'b',
        sfx_length: 60,
        startMs: 0,
        volumeDb: -12,
        fadeInMs: 2000,
        fadeOutMs: 3000,
      }),
    ]);
    expect(project.tracks.effects.blocks).toEqual([
      expect.objectContaining({ id: 'd', type: 'sfx', sfx_length: 2, startMs: 1250 }),
    ]);
  });

  it('keeps version 0 audio as generated for the migrated content', () => {
    const { project } = expectProject(v0File);
    const knocked = project.tracks.speech.blocks[1]!;
    expect(knocked.generation).toEqual({
      kind: 'generated',
      contentHash: contentHash(knocked, defaultsOnlyContext(project.defaults)),
      audio: {
        cacheKey: 'cache-c',
        durationMs: 1500,
        remoteUrl: 'https://svc.example/c.mp3',
        generatedAt: '2023-03-03T03:03:03.000Z',
      },
    });
    expect(blockState(knocked, defaultsOnlyContext(project.defaults))).toBe('generated');
    expect(blockState(project.tracks.speech.blocks[0]!, defaultsOnlyContext(project.defaults))).toBe(
      'not-generated',
    );
  });

  it('treats a file without schemaVersion as the prototype format and fills a missing date', () => {
    const legacy: unknown = JSON.parse(v0File);
    setAt(legacy, ['schemaVersion'], undefined);
    setAt(legacy, ['createdAt'], undefined);
    const { project, migratedFrom } = expectProject(JSON.stringify(legacy));
    expect(migratedFrom).toBe(0);
    expect(project.createdAt).toBe(NOW());
  });

  it('converts linear gain to decibels with a floor for silence', () => {
    expect(gainToDb(1)).toBe(0);
    expect(gainToDb(2)).toBe(6);
    expect(gainToDb(0.1)).toBe(-20);
    expect(gainToDb(0)).toBe(-60);
    expect(gainToDb(0.00001)).toBe(-60);
  });

  it('refuses a newer file with a "made by a newer version" message', () => {
    const newer: unknown = JSON.parse(writeProjectFile(sampleProject()));
    setAt(newer, ['schemaVersion'], 7);
    setAt(newer, ['newField'], true);
    const result = read(JSON.stringify(newer));
    expect(result).toMatchObject({ ok: false, problem: 'newer-version', schemaVersion: 7 });
    expect(!result.ok && result.message).toMatch(
      /made by a newer version of Timbre Studio \(file format 7; this version reads up to 6\)/,
    );
  });

  it.each([
    [
      'cut off in a string',
      '{"schemaVersion": 1, "title": "cut off',
      ' (it ends too early, as a file cut short does)',
    ],
    ['cut off after a comma', '{"schemaVersion": 1,', ' (it ends too early, as a file cut short does)'],
    ['broken in the middle', '{"schemaVersion": 1\n  "title": "x"}', ' (it goes wrong at character 23)'],
    ['not JSON at all', '\u0000\u0001 binary bytes', ''],
    ['words', 'not json', ''],
  ])('reports text that is not JSON (%s), and where only where it knows', (_label, text, detail) => {
    const result = read(text);
    expect(result).toMatchObject({ ok: false, problem: 'not-json' });
    expect(!result.ok && result.message).toBe(`The project file is damaged: it is not valid JSON${detail}.`);
  });

  it('names the first bad field of a file that fails the schema', () => {
    const broken: unknown = JSON.parse(writeProjectFile(sampleProject()));
    setAt(broken, ['tracks', 'speech', 'blocks', 1, 'text'], 42);
    const result = read(JSON.stringify(broken));
    expect(result).toMatchObject({
      ok: false,
      problem: 'invalid',
      fieldPath: 'tracks.speech.blocks[1].text',
    });
    expect(!result.ok && result.message).toBe(
      'The project file is damaged: tracks.speech.blocks[1].text invalid input: expected string, received number.',
    );
  });

  it('names an unknown key, a wrong block type and a wrong generation kind', () => {
    const cases: [path: (string | number)[], value: unknown, expectedPath: string][] = [
      [['tracks', 'effects', 'blocks', 0, 'speechRate'], 1, 'tracks.effects.blocks[0].speechRate'],
      [['tracks', 'speech', 'blocks', 0, 'type'], 'poem', 'tracks.speech.blocks[0].type'],
      [
        ['tracks', 'music', 'blocks', 0, 'generation'],
        { kind: 'done' },
        'tracks.music.blocks[0].generation.kind',
      ],
      [['defaults', 'language'], undefined, 'defaults.language'],
    ];
    for (const [path, value, expectedPath] of cases) {
      const file: unknown = JSON.parse(writeProjectFile(sampleProject()));
      setAt(file, path, value);
      const result = read(JSON.stringify(file));
      expect(result.ok ? '' : result.fieldPath).toBe(expectedPath);
      expect(result.ok ? '' : result.message).toContain(expectedPath);
    }
  });

  it('refuses duplicate block ids across tracks', () => {
    const file: unknown = JSON.parse(writeProjectFile(sampleProject()));
    setAt(file, ['tracks', 'music', 'blocks', 0, 'id'], 't2');
    const result = read(JSON.stringify(file));
    expect(result).toMatchObject({ ok: false, fieldPath: 'tracks.music.blocks[0].id' });
    expect(!result.ok && result.message).toMatch(/duplicate block id "t2"/);
  });

  it('refuses a non-object, a bad version and a damaged legacy file, naming the field', () => {
    expect(read('[1,2]')).toMatchObject({ ok: false, problem: 'invalid', fieldPath: '' });
    expect(read('{"schemaVersion":"1"}')).toMatchObject({ ok: false, fieldPath: 'schemaVersion' });
    expect(read('{"schemaVersion":1.5}')).toMatchObject({ ok: false, fieldPath: 'schemaVersion' });
    const legacy: unknown = JSON.parse(v0File);
    setAt(legacy, ['blocks', 2, 'startTime'], 'soon');
    setAt(legacy, ['blocks', 2, 'type'], 'sfx');
    expect(read(JSON.stringify(legacy))).toMatchObject({
      ok: false,
      problem: 'invalid',
      fieldPath: 'blocks[2].startTime',
      schemaVersion: 0,
    });
  });

  it('keeps values that break service rules loadable (they are validation findings, not damage)', () => {
    const project = sampleProject();
    const odd: Project = {
      ...project,
      tracks: {
        ...project.tracks,
        speech: {
          blocks: [
            {
              ...(project.tracks.speech.blocks[0] as TextBlock),
              emo_switch: [11, 2],
              language: 'xx',
              seed: 1.5,
            },
          ],
        },
      },
    };
    expect(expectProject(writeProjectFile(odd)).project).toEqual(odd);
  });

  it('refuses to write an invalid project', () => {
    const project = sampleProject();
    const invalid = { ...project, title: 5 } as unknown as Project;
    expect(() => writeProjectFile(invalid)).toThrow(/Refusing to save an invalid project: title/);
  });
});
