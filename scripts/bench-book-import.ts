/**
 * Book import benchmark (issue 15): a 100,000-word EPUB made here (30 chapters, dialogue in every paragraph) is
 * previewed and imported by main's ProjectService, as the import dialog does, each run with a fresh data folder.
 * Beside it, in the same run, the reference: Debian's `unzip -p` piped into `wc -w`, which only inflates the
 * archive and counts its words (no parsing, no blocks, no project) — the floor any importer sits on.
 *
 *   npm run bench:book-import [-- --words 100000 --runs 5]   (builds first: imports run in the bundled worker)
 *
 * Target: the import (preview + project written) under 5 s.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { longBook, makeEpub } from '../main/services/book-import/test-support/make-books.js';
import { ProjectService } from '../main/services/projects/project-service.js';
import { appImportWorkers } from './bench-support/import-workers.js';

const { values } = parseArgs({ options: { words: { type: 'string' }, runs: { type: 'string' } } });
const words = Number(values.words ?? 100_000);
const runs = Number(values.runs ?? 5);

const work = await mkdtemp(path.join(tmpdir(), 'timbre-bench-book-'));
const book = longBook(words, 30);
const epubPath = path.join(work, 'long.epub');
await writeFile(epubPath, makeEpub(book));
// The same book as a plain text file: "Chapter N" lines and blank-line paragraphs.
const textPath = path.join(work, 'long.txt');
await writeFile(
  textPath,
  book.chapters.map((chapter) => [chapter.title, ...chapter.paragraphs].join('\n\n')).join('\n\n'),
);
const reading = { speakerLabels: true, quotedDialogue: true };

const median = (samples: number[]): number =>
  [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
const previewMs: number[] = [];
const importMs: number[] = [];
const referenceMs: number[] = [];
const textMs: number[] = [];
let blocks = 0;
let chapters = 0;
try {
  for (let run = 0; run < runs; run += 1) {
    const dataDir = await mkdtemp(path.join(work, 'data-'));
    const service = new ProjectService({ dataDir, importWorkers: appImportWorkers().workers });
    let started = performance.now();
    const preview = await service.previewImportFile({ filePath: epubPath, fileName: 'long.epub', reading });
    previewMs.push(performance.now() - started);
    started = performance.now();
    const imported = await service.importTextFile({ filePath: epubPath, fileName: 'long.epub', reading });
    importMs.push(performance.now() - started);
    blocks = imported.project.tracks.speech.blocks.length;
    chapters = preview.chapters.length;
    started = performance.now();
    await service.previewImportFile({ filePath: textPath, fileName: 'long.txt', reading });
    await service.importTextFile({ filePath: textPath, fileName: 'long.txt', reading });
    textMs.push(performance.now() - started);
    await rm(dataDir, { recursive: true, force: true });

    started = performance.now();
    execFileSync('sh', ['-c', `unzip -p "${epubPath}" | wc -w`]);
    referenceMs.push(performance.now() - started);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

const preview = median(previewMs);
const imported = median(importMs);
console.log(
  `Book: ${words.toLocaleString('en-US')} words, ${chapters} chapters → ${blocks.toLocaleString('en-US')} blocks`,
);
console.log(`Median of ${runs} runs, each import in ${appImportWorkers().source}:`);
console.log(`  preview (read + parse + blocks)            ${preview.toFixed(0).padStart(6)} ms`);
console.log(`  import (read + parse + blocks + project)   ${imported.toFixed(0).padStart(6)} ms`);
console.log(
  `  preview + import, as the dialog does       ${(preview + imported).toFixed(0).padStart(6)} ms   (target < 5000 ms)`,
);
console.log(
  `  the same book as plain text, preview + import ${median(textMs).toFixed(0).padStart(6)} ms   (target < 2000 ms)`,
);
console.log(`  reference: unzip -p | wc -w                ${median(referenceMs).toFixed(0).padStart(6)} ms`);
