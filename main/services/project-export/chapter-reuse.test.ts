import { appendFile, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultProjectExportSettings } from '../../../common/export/index.js';
import type { ProjectExportSettings } from '../../../common/export/index.js';
import type { Project } from '../../../common/project/index.js';
import { setGenerationState } from '../../../common/project/block-edits.js';
import { makeProject } from '../batch/test-support/batch-fakes.js';
import { CHAPTER_MANIFEST_NAME } from './chapter-manifest.js';
import { checkDestination } from './output-destination.js';
import { recordingExporter } from './test-support/recording-engine.js';

let dir: string;
let folder: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-chapter-reuse-'));
  folder = path.join(dir, 'Book');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const FILES = ['01 One.wav', '02 Two.wav', '03 Three.wav'];

/**
 * Six generated blocks in three titled chapters of two blocks each. Every call makes new block ids, so the tests
 * also show that ids (which never decide a sample) do not make a chapter look changed.
 */
function book(): Project {
  const project = makeProject('Book', ['A.', 'B.', 'C.', 'D.', 'E.', 'F.'], true);
  const titles = new Map([
    [0, 'One'],
    [2, 'Two'],
    [4, 'Three'],
  ]);
  const blocks = project.tracks.speech.blocks.map((block, index) =>
    titles.has(index) ? { ...block, chapterTitle: titles.get(index)! } : block,
  );
  return { ...project, tracks: { ...project.tracks, speech: { blocks } } };
}

/** The project with another take chosen for block `index`: same text, other audio. */
function withOtherTake(project: Project, index: number): Project {
  const block = project.tracks.speech.blocks[index]!;
  if (block.generation.kind !== 'generated') throw new Error('the test block must be generated');
  const { generation } = block;
  return setGenerationState(project, block.id, {
    ...generation,
    audio: { ...generation.audio, cacheKey: `${generation.audio.cacheKey}-take-2` },
  });
}

/** Exports per chapter into `folder` (replacing, after the first), answering what the engine rendered. */
async function exportChapters(
  project: Project,
  settings: ProjectExportSettings = defaultProjectExportSettings,
  appVersion = '1.0.0',
) {
  const { exporter, engine } = recordingExporter({ appVersion });
  const prepared = await exporter.prepare(project, settings);
  const overwrite = (await readdir(dir)).includes('Book');
  const outputs = await exporter.export(prepared, { outputPath: folder, mode: 'chapters-folder', overwrite });
  return { outputs, rendered: engine.calls.map((call) => call.outputPath) };
}

/** Each file's identity on disk: a file rendered again is a new file (moved in from staging), a kept one is not. */
async function identities(): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const name of FILES) {
    const stats = await stat(path.join(folder, name));
    found.set(name, `${stats.ino}:${stats.mtimeMs}:${stats.size}`);
  }
  return found;
}

describe('per-chapter export into a folder an earlier export wrote', () => {
  it('renders every chapter again after an app update, whose engine may write other bytes', async () => {
    await exportChapters(book());
    const same = await exportChapters(book(), defaultProjectExportSettings, '1.0.0');
    expect(same.rendered).toEqual([]);
    const updated = await exportChapters(book(), defaultProjectExportSettings, '1.0.1');
    expect(updated.rendered).toEqual(FILES);
    expect(updated.outputs.summary).toBe('Wrote all 3 chapters.');
  });

  it('renders again only the chapter whose take changed, keeps the others untouched and says which', async () => {
    const first = await exportChapters(book());
    expect(first.rendered).toEqual(FILES);
    expect(first.outputs.summary).toBe('Wrote all 3 chapters.');
    expect((await readdir(folder)).sort()).toEqual([CHAPTER_MANIFEST_NAME, ...FILES].sort());
    const before = await identities();

    const second = await exportChapters(withOtherTake(book(), 3));
    expect(second.rendered).toEqual(['02 Two.wav']);
    expect(second.outputs.summary).toBe('Wrote 1 chapter (2); kept 2 unchanged.');
    expect(second.outputs.warnings).toEqual([]);
    const after = await identities();
    expect(after.get('01 One.wav')).toBe(before.get('01 One.wav'));
    expect(after.get('03 Three.wav')).toBe(before.get('03 Three.wav'));
    expect(after.get('02 Two.wav')).not.toBe(before.get('02 Two.wav'));
    // The durations of kept chapters come from the list: the export's length is still the whole book's.
    expect(second.outputs.durationMs).toBe(first.outputs.durationMs);

    const third = await exportChapters(withOtherTake(book(), 3));
    expect(third.rendered).toEqual([]);
    expect(third.outputs.summary).toBe('Kept all 3 chapters unchanged; none was written again.');
  });

  it('renders again a chapter file changed since it was written (its size differs from the list)', async () => {
    await exportChapters(book());
    await appendFile(path.join(folder, '03 Three.wav'), 'edited');
    const again = await exportChapters(book());
    expect(again.rendered).toEqual(['03 Three.wav']);
    expect(again.outputs.summary).toBe('Wrote 1 chapter (3); kept 2 unchanged.');
  });

  it('renders every chapter, with a warning naming the list and its fault, when the list is garbled', async () => {
    await exportChapters(book());
    const manifest = path.join(folder, CHAPTER_MANIFEST_NAME);
    await writeFile(manifest, JSON.stringify({ kind: 'timbre-chapter-files', version: 1, chapters: [{}] }));
    const garbled = await exportChapters(book());
    expect(garbled.rendered).toEqual(FILES);
    expect(garbled.outputs.summary).toBe('Wrote all 3 chapters.');
    expect(garbled.outputs.warnings).toEqual([
      expect.stringMatching(
        /^The list of earlier chapter files \(\.timbre-chapters\.json in “Book”\) could not be used \(chapters\.0\.title .+\), so every chapter was written again\.$/u,
      ),
    ]);
    await writeFile(manifest, '{ not json');
    const broken = await exportChapters(book());
    expect(broken.outputs.warnings).toEqual([expect.stringContaining('(it is not valid JSON)')]);
    // The list is written anew: the next export keeps everything.
    expect((await exportChapters(book())).rendered).toEqual([]);
  });

  it('keeps chapters with the same cover under another path, and renders them all for another cover', async () => {
    const cover = async (name: string, bytes: number[]) => {
      const coverPath = path.join(dir, name);
      await writeFile(coverPath, Buffer.from([0xff, 0xd8, 0xff, ...bytes]));
      return coverPath;
    };
    const run = async (coverPath: string) => {
      const { exporter, engine } = recordingExporter();
      const prepared = await exporter.prepare(book(), defaultProjectExportSettings);
      const overwrite = (await readdir(dir)).includes('Book');
      await exporter.export(prepared, { outputPath: folder, mode: 'chapters-folder', overwrite, coverPath });
      return engine.calls.map((call) => call.outputPath);
    };
    expect(await run(await cover('staged-1.jpg', [1, 2, 3]))).toEqual(FILES);
    // The dialog stages the cover under a new name at every export: the same picture keeps every chapter.
    expect(await run(await cover('staged-2.jpg', [1, 2, 3]))).toEqual([]);
    expect(await run(await cover('staged-3.jpg', [9, 9, 9]))).toEqual(FILES);
  });

  it('renders every chapter when asked to (rerenderAllChapters), and keeps nothing', async () => {
    await exportChapters(book());
    const all = await exportChapters(book(), { ...defaultProjectExportSettings, rerenderAllChapters: true });
    expect(all.rendered).toEqual(FILES);
    expect(all.outputs.warnings).toEqual([]);
  });

  it('removes the files of a chapter the book no longer has, and leaves files it did not write', async () => {
    await exportChapters(book());
    await writeFile(path.join(folder, 'notes.txt'), 'mine');
    const project = book();
    const blocks = project.tracks.speech.blocks.map((block, index) => {
      if (index !== 4) return block;
      const { chapterTitle: _dropped, ...rest } = block;
      return rest;
    });
    const shorter = await exportChapters({ ...project, tracks: { ...project.tracks, speech: { blocks } } });
    // Chapter 2 now runs to the end, and both files' track numbers are now n/2: both are written again.
    expect(shorter.rendered).toEqual(['01 One.wav', '02 Two.wav']);
    expect((await readdir(folder)).sort()).toEqual(
      [CHAPTER_MANIFEST_NAME, '01 One.wav', '02 Two.wav', 'notes.txt'].sort(),
    );
  });

  it('still refuses to replace a folder holding other files and no list of an earlier export', async () => {
    await mkdir(folder);
    await writeFile(path.join(folder, 'notes.txt'), 'mine');
    await expect(exportChapters(book())).rejects.toThrow(/already exists \(only an empty one/u);
  });

  it('asks before replacing such a folder, saying that Replace updates it', async () => {
    await exportChapters(book());
    const asked = await checkDestination(folder, defaultProjectExportSettings, 'chapters-folder', 'ask');
    expect(asked).toMatchObject({ ok: false, conflicts: [folder] });
    expect(!asked.ok && asked.message).toBe(
      `“Book” in ${dir} holds the chapter files of an earlier export. Replace to update it (only the chapters whose audio, name or tags changed are written again; files you added stay), or keep both and save as Book (2).`,
    );
    const all = { ...defaultProjectExportSettings, rerenderAllChapters: true };
    const askedAll = await checkDestination(folder, all, 'chapters-folder', 'ask');
    expect(!askedAll.ok && askedAll.message).toMatch(
      /Replace to update it \(every chapter is written into it again;/u,
    );
  });
});
