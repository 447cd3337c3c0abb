import { access, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../common/project/project-schema.js';
import { readBack, timbre, useCliWorld } from './test-support/timbre-process.js';

const world = useCliWorld();

/** A project whose lines are timed at the given starts (lane 0, fixed unless told), cue ends where given. */
function timedProject(title: string, lines: { text: string; startMs: number; cueEndMs?: number }[]): Project {
  const base = world.project(
    title,
    lines.map((line) => line.text),
  );
  return {
    ...base,
    tracks: {
      ...base.tracks,
      speech: {
        blocks: base.tracks.speech.blocks.map((block, index) => ({
          ...block,
          timing: {
            startMs: lines[index]!.startMs,
            ...(lines[index]!.cueEndMs === undefined ? {} : { cueEndMs: lines[index]!.cueEndMs }),
            lane: 0,
            fit: 'fixed' as const,
          },
        })),
      },
    },
  };
}

const LONG_LINE = 'The river runs north through the old town, then turns east towards the sea at last.';

describe('timbre import (timed scripts)', () => {
  it('makes a timed project from an SRT, one block per cue with its start and speaker, and never overwrites unasked', async () => {
    const srt = path.join(world.workDir, 'dub.srt');
    await writeFile(
      srt,
      '1\n00:00:01,000 --> 00:00:03,500\nANNA: Guten Morgen.\n\n2\n00:00:04,000 --> 00:00:06,000\nBEN: Wie geht es dir?\n',
    );
    const out = path.join(world.projectsDir, 'imported', 'dub.timbre');
    const result = await timbre(['import', srt, '--out', out, '--title', 'Dub DE']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Imported 2 lines (2 timed) from dub.srt');
    const project = await readBack(out);
    expect(project.title).toBe('Dub DE');
    const blocks = project.tracks.speech.blocks;
    expect(blocks.map((block) => (block.type === 'text' ? block.timing?.startMs : undefined))).toEqual([
      1_000, 4_000,
    ]);
    expect(blocks.map((block) => (block.type === 'text' ? block.text : ''))).toEqual([
      'Guten Morgen.',
      'Wie geht es dir?',
    ]);
    const names = new Map(project.cast.map((speaker) => [speaker.id, speaker.name]));
    expect(blocks.map((block) => (block.type === 'text' ? names.get(block.speakerId ?? '') : ''))).toEqual([
      expect.stringMatching(/^anna$/iu),
      expect.stringMatching(/^ben$/iu),
    ]);

    const again = await timbre(['import', srt, '--out', out]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists; nothing was written (add --overwrite to replace it)');
  });

  it('refuses a broken SRT naming its line and the rule, and writes nothing', async () => {
    const srt = path.join(world.workDir, 'broken.srt');
    await writeFile(srt, '1\n00:00:05,000 --> 00:00:03,000\nBackwards.\n');
    const out = path.join(world.workDir, 'broken-out', 'broken.timbre');
    const result = await timbre(['import', srt, '--out', out]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/broken\.srt.*line 2/iu);
    expect(result.stderr).toContain('Nothing was created');
    await expect(access(out)).rejects.toThrow();
  });

  it('refuses a script that is not timed and an export flag, as usage errors', async () => {
    const text = await timbre(['import', 'notes.txt', '--out', 'x.timbre']);
    expect(text.code).toBe(2);
    expect(text.stderr).toContain('import reads a timed script');
    const flag = await timbre(['import', 'a.srt', '--out', 'x.timbre', '--srt']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--srt applies to export');
  });
});

describe('timbre export --fit and lane overlaps', () => {
  it('--fit report lists the line that runs past its slot with its overrun, needed rate and suggestion, and exports nothing', async () => {
    const file = await world.saveProject(
      'fit-report.timbre',
      timedProject('Fit', [
        { text: LONG_LINE, startMs: 0, cueEndMs: 3_500 },
        { text: 'Short.', startMs: 10_000 },
      ]),
    );
    const result = await timbre(['export', file, '--fit', 'report', '--data', world.dataDir]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Fit: 2 timed lines, 1 runs past its slot.');
    expect(result.stdout).toMatch(
      /Line 1 runs past its 3\.5 s slot by \d+\.\d s \(estimate\): needs rate \d\.\d\d \(now 1\.00; (inside|outside) the 0\.5–2 the app sends\); suggestion: /u,
    );
    expect(result.stdout).not.toContain('Line 2 runs past');
    expect(result.stdout).not.toContain('exported');
  });

  it('--fit apply takes the suggestion into the project file before exporting', async () => {
    const file = await world.saveProject(
      'fit-apply.timbre',
      timedProject('Apply', [
        { text: LONG_LINE, startMs: 0, cueEndMs: 3_500 },
        { text: 'Short.', startMs: 10_000 },
      ]),
    );
    const outDir = path.join(world.workDir, 'out-fit');
    const result = await timbre(['export', file, '--out', outDir, '--fit', 'apply', '--data', world.dataDir]);
    expect(result.stdout).toMatch(/Fit applied: 1 line changed \(1 (rate|stretch|run-on|rewrite)\)/u);
    const [first] = (await readBack(file)).tracks.speech.blocks;
    if (first?.type !== 'text') throw new Error('the first block is text');
    const remedied =
      first.speechRate !== undefined ||
      first.timing?.allowStretch === true ||
      first.timing?.fit === 'dynamic' ||
      first.timing?.rewrite === true;
    expect(remedied).toBe(true);
    const report = await timbre(['export', file, '--fit', 'report', '--data', world.dataDir]);
    expect(report.stdout).not.toContain('suggestion:');
  });

  it('names lines that overlap in a lane before exporting, as the export dialog does', async () => {
    const file = await world.saveProject(
      'overlap.timbre',
      timedProject('Overlap', [
        { text: LONG_LINE, startMs: 0 },
        { text: 'Short.', startMs: 1_000 },
      ]),
    );
    const outDir = path.join(world.workDir, 'out-overlap');
    const result = await timbre(['export', file, '--out', outDir, '--data', world.dataDir]);
    expect(result.stdout).toMatch(/note: Overlap: Lines 1 and 2 overlap by \d+\.\d s in lane 1/u);
    expect(await readdir(world.projectsDir)).toContain('overlap.timbre');
  });
});
