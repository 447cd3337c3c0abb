import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutTimeline } from '../../common/project/index.js';
import { contextOf } from '../../common/project/test-support.js';
import { probeDuration, probeFile } from '../services/export/test-support/media-tools.js';
import { TOKEN_VARIABLE, readBack, timbre, useCliWorld } from './test-support/timbre-process.js';

/** `timbre export --format m4b|m4a` against the stand-in: an audiobook with its chapters, and one M4A per chapter. */
const world = useCliWorld();
const { project, saveProject } = world;

describe('timbre export --format m4b / m4a', () => {
  it('writes an M4B with its chapters and book tags, and one M4A per chapter with --split chapters', async () => {
    const base = project('The Book', [
      'The first chapter starts here.',
      'It goes on for a while.',
      'The second chapter is short.',
      'The third chapter ends the book.',
    ]);
    const titled = [0, 2, 3];
    const book = await saveProject('book.timbre', {
      ...base,
      tracks: {
        ...base.tracks,
        speech: {
          blocks: base.tracks.speech.blocks.map((block, index) =>
            titled.includes(index)
              ? { ...block, chapterTitle: `Chapter ${titled.indexOf(index) + 1}` }
              : block,
          ),
        },
      },
    });
    const common = ['--generate', '--token-env', TOKEN_VARIABLE, '--data', world.dataDir];
    const outDir = path.join(world.workDir, 'out-m4b');
    const run = await timbre([
      'export',
      book,
      '--out',
      outDir,
      '--format',
      'm4b',
      '--channels',
      '1',
      '--author',
      'A. Writer',
      '--narrator',
      'N. Reader',
      '--series',
      'The Saga',
      '--part',
      '1',
      ...common,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code, run.stdout).toBe(0);
    expect(await readdir(outDir)).toEqual(['The Book.m4b']);
    const probed = await probeFile(path.join(outDir, 'The Book.m4b'));
    expect(probed.chapters.map((chapter) => chapter.tags.title)).toEqual([
      'Chapter 1',
      'Chapter 2',
      'Chapter 3',
    ]);
    const exported = await readBack(book);
    const layout = layoutTimeline(exported, contextOf(exported));
    const starts = titled.map((index) => layout.speech[index]!.startMs / 1000);
    probed.chapters.forEach((chapter, index) => {
      expect(Number(chapter.start_time)).toBeCloseTo(starts[index]!, 2);
    });
    expect(probed.format.tags).toMatchObject({
      title: 'The Book',
      artist: 'A. Writer',
      composer: 'N. Reader',
      media_type: '2',
      SERIES: 'The Saga',
      'SERIES-PART': '1',
    });

    const splitDir = path.join(world.workDir, 'out-m4a-split');
    const split = await timbre([
      'export',
      book,
      '--out',
      splitDir,
      '--format',
      'm4a',
      '--split',
      'chapters',
      ...common,
    ]);
    expect(split.code, split.stdout).toBe(0);
    const names = ['01 Chapter 1', '02 Chapter 2', '03 Chapter 3'];
    expect((await readdir(path.join(splitDir, 'The Book'))).sort()).toEqual([
      '.timbre-chapters.json',
      ...names.map((name) => `${name}.m4a`),
    ]);
    const ends = [...starts.slice(1), layout.totalMs / 1000];
    for (const [index, name] of names.entries()) {
      const filePath = path.join(splitDir, 'The Book', `${name}.m4a`);
      expect(await probeDuration(filePath)).toBeCloseTo(ends[index]! - starts[index]!, 1);
      const file = await probeFile(filePath);
      expect(file.format.tags).toMatchObject({ title: `Chapter ${index + 1}`, track: `${index + 1}/3` });
      expect(file.streams[0]).toMatchObject({ codec_name: 'aac' });
    }
  }, 240_000);
});
