/**
 * Book zip bomb benchmark (issue 37): each bomb (made here, as `zip-bombs.test.ts` makes them) is previewed by
 * main's ProjectService, as the import dialog does, in a process of its own, which prints its peak memory
 * (`process.resourceUsage().maxRSS`, the process's high-water mark: threads included) and the longest its event
 * loop was blocked (`perf_hooks.monitorEventLoopDelay`, max). A 100,000-word EPUB with a 5 MiB cover is the
 * reference: what a real book costs.
 *
 *   npx tsx scripts/bench-book-bombs.ts [--rss-cap-mb 4096] [--only <case>]
 *
 * A process that passes --rss-cap-mb is killed (the code before the caps took a 19 GB bomb all the way): its row
 * says so, with how long it had run. Before/after figures: README of main/services/book-import.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { strFromU8, strToU8, unzipSync } from 'fflate';
import { BOOK_ZIP_LIMITS } from '../main/services/book-import/book-zip.js';
import { longBook, makeEpub } from '../main/services/book-import/test-support/make-books.js';
import type { PackedPart } from '../main/services/book-import/test-support/zip-bombs.js';
import {
  bombDocx,
  bombEpub,
  hugeDocumentXml,
  lying,
  zeros,
  zipParts,
} from '../main/services/book-import/test-support/zip-bombs.js';
import { ProjectService } from '../main/services/projects/project-service.js';

const MiB = 1024 * 1024;

const parts = (count: number, packed: PackedPart): Record<string, PackedPart> =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`OEBPS/extra/${index}.xhtml`, packed]));

/** The cases: a file name (its extension picks the reader) and how to make it. */
const CASES: Record<string, { fileName: string; make: () => Uint8Array }> = {
  'real book: 100,000 words, 5 MiB cover': { fileName: 'long.epub', make: realBook },
  'EPUB: 3,800 unread parts of 5 MiB (19 GB)': {
    fileName: 'padded.epub',
    make: () => bombEpub({ parts: parts(3800, zeros(5)) }),
  },
  'EPUB: 300 unread parts of 5 MiB (1.5 GB)': {
    fileName: 'padded-small.epub',
    make: () => bombEpub({ parts: parts(300, zeros(5)) }),
  },
  'EPUB: 3,800 parts of 5 MiB in the spine': {
    fileName: 'spine.epub',
    make: () => bombEpub({ parts: parts(3800, zeros(5)), inSpine: true }),
  },
  'EPUB: one 1 GiB chapter': {
    fileName: 'gigabyte.epub',
    make: () => bombEpub({ replace: { 'OEBPS/text/ch1.xhtml': zeros(1024) } }),
  },
  'EPUB: 1 GiB chapter stating 1 KiB': {
    fileName: 'liar.epub',
    make: () => bombEpub({ replace: { 'OEBPS/text/ch1.xhtml': lying(zeros(1024), 1024) } }),
  },
  'DOCX: one unread 1 GiB part': {
    fileName: 'gigabyte.docx',
    make: () => bombDocx({ 'word/media/image1.png': zeros(1024) }),
  },
  'DOCX: 600 MiB document.xml': {
    fileName: 'huge.docx',
    make: () => bombDocx({ 'word/document.xml': hugeDocumentXml(600) }),
  },
};

function realBook(): Uint8Array {
  const files = unzipSync(makeEpub(longBook(100_000, 30)));
  const cover = new Uint8Array(randomBytes(5 * MiB));
  cover.set([0x89, 0x50, 0x4e, 0x47]);
  const opf = strFromU8(files['OEBPS/content.opf']!).replace(
    '</manifest>',
    '<item id="cover" href="cover.png" media-type="image/png" properties="cover-image"/></manifest>',
  );
  return zipParts({ ...files, 'OEBPS/content.opf': strToU8(opf), 'OEBPS/cover.png': cover }, {});
}

interface Measured {
  fileBytes: number;
  outcome: string;
  seconds: number;
  peakRssMiB: number;
  startRssMiB: number;
  longestBlockMs: number;
}

/** In the child: makes the case's file, previews it through ProjectService, and sends what it measured. */
async function measure(name: string): Promise<Measured> {
  const spec = CASES[name]!;
  const work = await mkdtemp(path.join(tmpdir(), 'timbre-bench-bombs-'));
  try {
    const filePath = path.join(work, spec.fileName);
    const bytes = spec.make();
    await writeFile(filePath, bytes);
    const service = new ProjectService({ dataDir: path.join(work, 'data') });
    const startRssMiB = process.resourceUsage().maxRSS / 1024;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    let outcome: string;
    try {
      const preview = await service.previewImportFile({
        filePath,
        fileName: spec.fileName,
        reading: { speakerLabels: true, quotedDialogue: true },
      });
      outcome = `read: ${preview.chapters.length} chapters`;
    } catch (error) {
      outcome = `refused: ${error instanceof Error ? error.message : String(error)}`;
    }
    const seconds = (performance.now() - started) / 1000;
    // One more turn of the loop, so a block that ended the import is recorded.
    await new Promise((resolve) => setTimeout(resolve, 20));
    delay.disable();
    return {
      fileBytes: bytes.length,
      outcome,
      seconds,
      peakRssMiB: process.resourceUsage().maxRSS / 1024,
      startRssMiB,
      longestBlockMs: delay.max / 1e6,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** In the parent: runs a case in its own process, killing it past the memory cap. */
function runCase(name: string, capMiB: number): Promise<Measured | { killed: string }> {
  return new Promise((resolve) => {
    const child = fork(process.argv[1]!, ['--case', name], { execArgv: process.execArgv, stdio: 'inherit' });
    const started = performance.now();
    let killed: string | undefined;
    const watch = setInterval(() => {
      let rssMiB: number;
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        rssMiB = Number(/VmRSS:\s+(\d+)/u.exec(status)?.[1] ?? 0) / 1024;
      } catch {
        return;
      }
      if (rssMiB > capMiB && !killed) {
        killed = `killed at ${Math.round(rssMiB)} MiB after ${((performance.now() - started) / 1000).toFixed(1)} s (over --rss-cap-mb)`;
        child.kill('SIGKILL');
      }
    }, 100);
    let result: Measured | undefined;
    child.on('message', (message) => (result = message as Measured));
    child.on('exit', (code, signal) => {
      clearInterval(watch);
      resolve(result ?? { killed: killed ?? `died (${signal ?? `exit ${code}`})` });
    });
  });
}

const { values } = parseArgs({
  options: { case: { type: 'string' }, 'rss-cap-mb': { type: 'string' }, only: { type: 'string' } },
});
if (values.case !== undefined) {
  process.send!(await measure(values.case));
} else {
  const capMiB = Number(values['rss-cap-mb'] ?? 4096);
  console.log(
    `Caps: ${BOOK_ZIP_LIMITS.partBytes / MiB} MiB a part, ${BOOK_ZIP_LIMITS.bookBytes / MiB} MiB a book, ${BOOK_ZIP_LIMITS.parts} parts. Each case in its own process.`,
  );
  for (const name of Object.keys(CASES)) {
    if (values.only !== undefined && !name.includes(values.only)) continue;
    const result = await runCase(name, capMiB);
    console.log(`\n${name}`);
    if ('killed' in result) {
      console.log(`  ${result.killed}`);
      continue;
    }
    console.log(
      `  file ${(result.fileBytes / MiB).toFixed(1)} MiB; ${result.seconds.toFixed(2)} s; peak RSS ${Math.round(result.peakRssMiB)} MiB (${Math.round(result.startRssMiB)} MiB before the import); longest event-loop block ${Math.round(result.longestBlockMs)} ms`,
    );
    console.log(`  ${result.outcome.slice(0, 220)}`);
  }
}
