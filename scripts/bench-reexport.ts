/**
 * Re-export benchmark (issue 42, target 3): a book of `--hours` (10) in `--chapters` (30) titled chapters of
 * espeak-ng speech segments (the bench-export pool: MP3 24 kHz mono, as the stand-in makes them), exported through
 * the real ProjectExporter and export engine (its worker bundled as the app's build does), MP3 128 kbps, podcast
 * loudness. For each job it times:
 *
 *   - the first export (cold: the PCM cache is built);
 *   - a full export again (warm PCM cache, every part rendered and encoded: the reference);
 *   - the export again after ONE block got another take (a new audio file, in chapter `--edit-chapter`, default the
 *     middle one): the figure the target is about, ≤ 10 % of the full export's time.
 *
 *   npx tsx scripts/bench-reexport.ts [--hours 10] [--chapters 30] [--pool 40] [--jobs mix,chapters]
 *                                     [--edit-chapter N] [--keep] [--work DIR]
 *
 * Jobs: `mix` (one MP3 with ID3 chapters), `chapters` (per-chapter files in a folder, replaced in place),
 * `m4b` (a hook for the M4B export's reuse: `--jobs m4b` once audiobook-export keeps its parts).
 * Blocks share the pool's 40 files (ten hours of distinct sources would be ~6 GB of PCM cache), so the cold export
 * decodes 40 files; the figures that matter are the warm ones. The 1-minute load average is printed beside every
 * figure: this machine is shared.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bundleExportWorker } from './bench-support/app-bundle.js';
import { defaultProjectExportSettings } from '../common/export/project-export-settings.js';
import type { ProjectExportSettings } from '../common/export/project-export-settings.js';
import type { Project } from '../common/project/index.js';
import { setGenerationState } from '../common/project/block-edits.js';
import { makeProject } from '../main/services/batch/test-support/batch-fakes.js';
import type { AudioCache } from '../main/services/audio-cache/index.js';
import { ExportEngine } from '../main/services/export/index.js';
import { makeSpeechPool, type SpeechSegment } from '../main/services/export/test-support/speech-pool.js';
import { noServiceLexicons } from '../main/services/pronunciation/test-support/no-lexicons.js';
import { ProjectExporter } from '../main/services/project-export/project-exporter.js';
import type { ExportMode } from '../common/export/export-mode.js';
import { DEFAULT_CHAPTER_NAME_TEMPLATE } from '../common/export/chapter-split.js';

interface Options {
  hours: number;
  chapters: number;
  pool: number;
  jobs: string[];
  editChapter: number | undefined;
  keep: boolean;
  work: string | undefined;
}

function parseOptions(argv: string[]): Options {
  const options: Options = {
    hours: 10,
    chapters: 30,
    pool: 40,
    jobs: ['mix', 'chapters'],
    editChapter: undefined,
    keep: false,
    work: undefined,
  };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    const value = argv[index + 1] ?? '';
    const take = (): string => {
      index += 1;
      return value;
    };
    if (flag === '--hours') options.hours = Number(take());
    else if (flag === '--chapters') options.chapters = Number(take());
    else if (flag === '--pool') options.pool = Number(take());
    else if (flag === '--jobs') options.jobs = take().split(',');
    else if (flag === '--edit-chapter') options.editChapter = Number(take());
    else if (flag === '--keep') options.keep = true;
    else if (flag === '--work') options.work = take();
    else throw new Error(`unknown option ${flag}: see the comment at the top of scripts/bench-reexport.ts`);
  }
  return options;
}

const load = (): string => os.loadavg()[0]!.toFixed(2);

/** A book of `blocks` generated blocks, block i playing pool segment i mod pool, `chapters` titled chapters. */
function makeBook(pool: readonly SpeechSegment[], blocks: number, chapters: number): Project {
  const texts = Array.from({ length: blocks }, (_, index) => pool[index % pool.length]!.text);
  let project = makeProject('Bench book', texts, true);
  const perChapter = Math.ceil(blocks / chapters);
  project.tracks.speech.blocks.forEach((block, index) => {
    if (block.generation.kind !== 'generated') throw new Error('bench: every block is generated');
    const segment = pool[index % pool.length]!;
    project = setGenerationState(project, block.id, {
      ...block.generation,
      audio: {
        ...block.generation.audio,
        cacheKey: `pool-${index % pool.length}`,
        durationMs: segment.durationMs,
      },
    });
  });
  const speech = project.tracks.speech.blocks.map((block, index) =>
    index % perChapter === 0 ? { ...block, chapterTitle: `Chapter ${index / perChapter + 1}` } : block,
  );
  return { ...project, tracks: { ...project.tracks, speech: { blocks: speech } } };
}

/** The book with another take (a new file, same words) for the middle block of chapter `chapter` (1-based). */
function withOneEdit(project: Project, chapter: number, chapters: number): Project {
  const blocks = project.tracks.speech.blocks;
  const perChapter = Math.ceil(blocks.length / chapters);
  const block = blocks[(chapter - 1) * perChapter + Math.floor(perChapter / 2)]!;
  if (block.generation.kind !== 'generated') throw new Error('bench: every block is generated');
  return setGenerationState(project, block.id, {
    ...block.generation,
    audio: { ...block.generation.audio, cacheKey: 'edited-take' },
  });
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const work = options.work ?? (await mkdtemp(path.join(os.tmpdir(), 'timbre-bench-reexport-')));
  console.log(`work folder ${work}; load ${load()} at start`);
  const pool = await makeSpeechPool(path.join(work, 'pool'), options.pool);
  const files = new Map(pool.map((segment, index) => [`pool-${index}`, segment.path]));
  const edited = path.join(work, 'edited-take.mp3');
  await copyFile(pool[1]!.path, edited);
  files.set('edited-take', edited);
  const audio = {
    lookup: (_service: string, key: string) => {
      const filePath = files.get(key);
      return Promise.resolve(filePath === undefined ? undefined : { filePath });
    },
  } as unknown as AudioCache;
  const workerEntry = await bundleExportWorker(path.join(work, 'bundle'));
  const engine = new ExportEngine({ workerEntry: new URL(`file://${workerEntry}`) });
  const exporter = new ProjectExporter({
    engine,
    audio,
    pcmCacheDir: path.join(work, 'pcm-cache'),
    lexicons: noServiceLexicons,
    appVersion: 'bench',
  });
  const settings: ProjectExportSettings = {
    ...defaultProjectExportSettings,
    options: { ...defaultProjectExportSettings.options, audio: { format: 'mp3', bitrateKbps: 128 } },
    chapters: { markers: true, json: false, nameTemplate: DEFAULT_CHAPTER_NAME_TEMPLATE },
  };
  // Blocks for the length asked: measured on a small book (the segments and the pauses the plan puts between).
  const probe = await exporter.prepare(makeBook(pool, 200, 2), settings);
  const blocks = Math.max(
    options.chapters,
    Math.round((options.hours * 3_600_000 * 200) / probe.plan.durationMs),
  );
  const book = makeBook(pool, blocks, options.chapters);
  const editChapter = options.editChapter ?? Math.ceil(options.chapters / 2);
  const editedBook = withOneEdit(book, editChapter, options.chapters);
  const prepared = await exporter.prepare(book, settings);
  console.log(
    `book: ${(prepared.plan.durationMs / 3_600_000).toFixed(2)} h, ${blocks} blocks, ${prepared.chapters.length} chapters; the edit is in chapter ${editChapter}`,
  );
  const modes: Record<string, { mode: ExportMode; name: string } | undefined> = {
    mix: { mode: 'mix', name: 'Book.mp3' },
    chapters: { mode: 'chapters-folder', name: 'Book' },
  };
  const rows: string[] = [];
  for (const job of options.jobs) {
    const chosen = modes[job];
    if (!chosen) {
      rows.push(`| ${job} | not measured: this export keeps no parts yet (the M4B export's hook) | | | |`);
      continue;
    }
    const outputPath = path.join(work, chosen.name);
    const timed = async (label: string, project: Project, all: boolean) => {
      const ready = await exporter.prepare(project, {
        ...settings,
        ...(all ? { rerenderAllChapters: true } : {}),
      });
      const before = load();
      const started = performance.now();
      const outputs = await exporter.export(ready, { outputPath, mode: chosen.mode, overwrite: true });
      const seconds = (performance.now() - started) / 1000;
      console.log(`${job} ${label}: ${seconds.toFixed(1)} s (load ${before}) ${outputs.summary ?? ''}`);
      return { seconds, load: before };
    };
    const cold = await timed('first export (cold)', book, true);
    const full = await timed('full export (warm)', book, true);
    const again = await timed('re-export after one edit', editedBook, false);
    const ratio = again.seconds / full.seconds;
    rows.push(
      `| ${job} | ${cold.seconds.toFixed(1)} s (${cold.load}) | ${full.seconds.toFixed(1)} s (${full.load}) | ${again.seconds.toFixed(1)} s (${again.load}) | ${(ratio * 100).toFixed(1)} % (≤ 10 %) |`,
    );
  }
  console.log(
    '\n| job | first export (load) | full export (load) | re-export after one edit (load) | ratio |',
  );
  console.log('| --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
  if (!options.keep && options.work === undefined) await rm(work, { recursive: true, force: true });
}

await main();
