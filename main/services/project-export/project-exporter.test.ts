import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultProjectExportSettings } from '../../../common/export/index.js';
import { exportModeSchema } from '../../../common/export/export-mode.js';
import { makeProject } from '../batch/test-support/batch-fakes.js';
import { ProjectNotReadyError } from './project-not-ready-error.js';
import { recordingExporter } from './test-support/recording-engine.js';

let dir: string;

/** Every mode this fake engine can run: the video mode remuxes a real video (main/services/video-export tests). */
const AUDIO_MODES = exportModeSchema.options.filter((mode) => mode !== 'video');

/** Each mode's destination in the test's folder: a file, a folder, or a zip or book package. */
function outputName(mode: (typeof AUDIO_MODES)[number]): string {
  const files: Partial<Record<(typeof AUDIO_MODES)[number], string>> = {
    mix: 'Show.wav',
    'karaoke-vtt': 'Karaoke.wav',
    'epub-read-along': 'Book.epub',
    'lpf-audiobook': 'Book.lpf',
  };
  return files[mode] ?? (mode.endsWith('zip') ? `${mode}.zip` : mode);
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-project-exporter-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ProjectExporter.export, the one entry point', () => {
  const project = makeProject('Show', ['One.', 'Two.'], true);
  const settings = defaultProjectExportSettings;

  it('turns every mode into its files, from one prepared project, without preparing again', async () => {
    const { exporter, engine } = recordingExporter();
    const prepare = vi.spyOn(exporter, 'prepare');
    const prepared = await exporter.prepare(project, settings);
    const written: Record<string, { method: string; outputPath: string }[]> = {};
    for (const mode of AUDIO_MODES) {
      const outputPath = path.join(dir, outputName(mode));
      const before = engine.calls.length;
      const result = await exporter.export(prepared, { outputPath, mode, overwrite: false });
      expect(result.outputPath).toBe(outputPath);
      written[mode] = engine.calls.slice(before);
    }
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(written).toEqual({
      mix: [{ method: 'exportMix', outputPath: 'Show.wav' }],
      'blocks-folder': [{ method: 'exportClipFiles', outputPath: 'blocks-folder' }],
      'blocks-zip': [{ method: 'exportClipFiles', outputPath: 'blocks-zip.zip' }],
      // One file per chapter (this project has one), written in a staging folder renamed or zipped into place.
      'chapters-folder': [{ method: 'exportMix', outputPath: expect.stringMatching(/\.wav$/u) as string }],
      'chapters-zip': [{ method: 'exportMix', outputPath: expect.stringMatching(/\.wav$/u) as string }],
      // The mix with its karaoke WebVTT beside it; a read-along book's chapters rendered as MP3 and packaged.
      'karaoke-vtt': [{ method: 'exportMix', outputPath: 'Karaoke.wav' }],
      'epub-read-along': [{ method: 'exportMix', outputPath: 'chapter-001.mp3' }],
      'lpf-audiobook': [{ method: 'exportMix', outputPath: 'chapter-001.mp3' }],
    });
    expect((await readdir(dir)).sort()).toEqual(
      [
        'Show.wav',
        'blocks-folder',
        'blocks-zip.zip',
        'chapters-folder',
        'chapters-zip.zip',
        'Karaoke.wav',
        'Karaoke.vtt',
        'Book.epub',
        'Book.lpf',
      ].sort(),
    );
  });

  it('passes overwrite to every mode: an existing destination is refused without it and replaced with it', async () => {
    const { exporter, engine } = recordingExporter();
    const prepared = await exporter.prepare(project, settings);
    const existing = {
      mix: 'Show.wav',
      'blocks-folder': 'blocks',
      'blocks-zip': 'blocks.zip',
      'chapters-folder': 'chapters',
      'chapters-zip': 'chapters.zip',
    } as const;
    await mkdir(path.join(dir, existing['chapters-folder']));
    await writeFile(path.join(dir, existing['chapters-zip']), 'old');
    for (const mode of ['chapters-folder', 'chapters-zip'] as const) {
      const target = { outputPath: path.join(dir, existing[mode]), mode };
      await expect(exporter.export(prepared, { ...target, overwrite: false })).rejects.toThrow(
        /already exists/u,
      );
      await exporter.export(prepared, { ...target, overwrite: true });
    }
    expect(await readFile(path.join(dir, existing['chapters-zip']), 'utf8')).not.toBe('old');
    // The chapter file and the list of chapter files the next export compares with (chapter-reuse.test.ts).
    expect(await readdir(path.join(dir, existing['chapters-folder']))).toHaveLength(2);
    // The engine replaces a mix or a block's files itself, told so by the request.
    for (const overwrite of [false, true]) {
      for (const mode of ['mix', 'blocks-folder', 'blocks-zip'] as const) {
        const before = engine.requests.length;
        await exporter.export(prepared, { outputPath: path.join(dir, existing[mode]), mode, overwrite });
        expect(engine.requests.slice(before).map((request) => request.overwrite)).toEqual([overwrite]);
      }
    }
  });

  it('embeds the chosen cover in the mix and in every chapter file; a block’s clips carry no tags', async () => {
    const { exporter, engine } = recordingExporter();
    const prepared = await exporter.prepare(project, settings);
    const coverPath = path.join(dir, 'front.jpg');
    // Read before anything renders by the read-along book, which carries it in its package.
    await writeFile(coverPath, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0xff, 0xd9]));
    const covers: Record<string, (string | undefined)[]> = {};
    for (const mode of AUDIO_MODES) {
      const before = engine.requests.length;
      const outputPath = path.join(dir, outputName(mode));
      await exporter.export(prepared, { outputPath, mode, overwrite: false, coverPath });
      covers[mode] = engine.requests.slice(before).map((request) => request.coverPath);
    }
    expect(covers).toEqual({
      mix: [coverPath],
      'chapters-folder': [coverPath],
      'chapters-zip': [coverPath],
      'blocks-folder': [undefined],
      'blocks-zip': [undefined],
      'karaoke-vtt': [coverPath],
      // A read-along book carries the cover once, in its package, not in its chapters' tags.
      'epub-read-along': [undefined],
      'lpf-audiobook': [undefined],
    });
  });

  it('refuses a video export whose video the user never chose here, before anything is rendered or read', async () => {
    const chosen = path.join(dir, 'chosen.mp4');
    const { exporter, engine } = recordingExporter({ videos: { allows: (file) => file === chosen } });
    // A project someone sent names another file of this machine as its video.
    const sent = { ...project, video: { path: '/home/someone/private.mp4', durationMs: 5_000 } };
    const prepared = await exporter.prepare(sent, settings);
    const target = { outputPath: path.join(dir, 'Show.mp4'), mode: 'video' as const, overwrite: false };
    await expect(exporter.export(prepared, target)).rejects.toThrow(
      /“private\.mp4” of “Show” was not chosen in Timbre Studio on this computer/u,
    );
    // A picture named for the export (a batch item's) is held to the same rule.
    await expect(
      exporter.export(prepared, { ...target, videoPath: '/home/someone/other.mov' }),
    ).rejects.toThrow(/“other\.mov” of “Show” was not chosen/u);
    expect(engine.calls).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses in prepare a project whose blocks lack audio, before anything is written', async () => {
    const { exporter, engine } = recordingExporter();
    await expect(exporter.prepare(makeProject('Raw', ['Not yet.']), settings)).rejects.toBeInstanceOf(
      ProjectNotReadyError,
    );
    expect(engine.calls).toEqual([]);
  });

  it('marks chapters only in a project that has them, so a batch’s form and the dialog’s write one file', async () => {
    const { exporter, engine } = recordingExporter();
    // The dialog asks a project without chapter titles for no markers ("Nothing to mark"); a batch's one form,
    // covering projects with and without chapters, keeps the box as ticked.
    const chapters = { markers: true, json: true, nameTemplate: '{n} {chapter}' };
    const batchForm = { ...settings, chapters };
    const dialogForm = { ...settings, chapters: { ...chapters, markers: false, json: false } };
    const mixTags = async (from: typeof settings, of = project): Promise<unknown> => {
      const before = engine.requests.length;
      const prepared = await exporter.prepare(of, from);
      await exporter.export(prepared, {
        outputPath: path.join(dir, 'Show.wav'),
        mode: 'mix',
        overwrite: true,
      });
      return engine.requests.slice(before)[0]?.tags;
    };
    expect(await mixTags(batchForm)).toEqual(await mixTags(dialogForm));
    // No title tag (WAV INFO) and no cue point named after the title: nothing is tagged at all.
    expect(await mixTags(batchForm)).toBeUndefined();

    const [first, ...rest] = project.tracks.speech.blocks;
    const chaptered = {
      ...project,
      tracks: {
        ...project.tracks,
        speech: { blocks: [{ ...first!, chapterTitle: 'Opening' }, ...rest] },
      },
    };
    expect(await mixTags(batchForm, chaptered)).toMatchObject({
      markers: true,
      chaptersJson: true,
      chapters: [{ title: 'Opening', startMs: 0 }],
    });
  });
});
