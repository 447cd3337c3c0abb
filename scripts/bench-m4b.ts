/**
 * The M4B export against ffmpeg, in the same run: a book mix (espeak-ng speech looped to `--hours`, 44.1 kHz mono
 * 16-bit WAV, made at run time and cached in /tmp) encoded as AAC 64 kbps into an M4B with 40 chapters and the
 * book's tags by the app (main/services/audiobook-export/audiobook-file.ts: libav.js's AAC in two lanes,
 * mediabunny's muxer, the chapter track and Nero list), and by Debian's native ffmpeg:
 * `ffmpeg -i mix.wav -c:a aac -b:a 64k -f ipod book.m4b`. The app's side runs from an esbuild bundle in a child
 * process, as in the built app, so its wall time and peak memory (GNU time's maximum resident set, worker threads
 * included) are its own. Targets (issue 40): ≤ 1.5× ffmpeg's time, ≤ 300 MB. Rendering the mix is the export
 * engine's (scripts/bench-export.ts), the same whatever the format, so it is not counted here.
 *
 *   npx tsx scripts/bench-m4b.ts [--hours 10] [--keep] [--fast-coder-too] [--app-only]
 *   npx tsx scripts/bench-m4b.ts --reexport [--hours 10] [--runs 1]
 *
 * `--app-only` skips native ffmpeg's run (for the app's peak memory alone, e.g. after a change to the muxer).
 *
 * `--reexport` (issue 42, target 3): the export again after one edit. Per run, in the same run: the full export as
 * it was before parts (two lanes, no cache: the reference), the full export part-wise with an empty part cache
 * (aac-part-encode.ts: what a first export now costs), then one block "edited" — three seconds of chapter 15 given
 * other speech of the same length, in a copy of the mix — and the book exported again with the cache the full
 * export filled. Prints each time with the 1-minute load average, and the re-export's share of the full export's
 * time (target ≤ 10 %). Encode and mux only, as above: the render is the engine's.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { bundleExportWorker, bundleRunner } from './bench-support/app-bundle.js';

const execFileAsync = promisify(execFile);
const hoursFlag = process.argv.indexOf('--hours');
const hours = hoursFlag > 0 ? Number(process.argv[hoursFlag + 1]) : 10;
const seconds = Math.round(hours * 3600);
const RATE = 44_100;
const CHAPTERS = 40;
const cache = '/tmp/timbre-bench-m4b';
/** ffmpeg's WAV header before the samples (pcm_s16le, no extra chunks). */
const WAV_HEADER = 78;

interface Measured {
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  bytes: number;
  decodedSeconds: number;
}

async function ffmpeg(args: string[]): Promise<void> {
  await execFileAsync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args], { maxBuffer: 16 * 1024 * 1024 });
}

/** The book's mix: a minute of espeak-ng speech with pauses, looped to the length; kept for the next run. */
async function bookMix(): Promise<string> {
  await mkdir(cache, { recursive: true });
  const mix = path.join(cache, `mix-${seconds}s.wav`);
  if (existsSync(mix)) return mix;
  const speech = path.join(cache, 'speech.wav');
  const text =
    'The river rises in the hills and runs north, then east, for a hundred miles. ' +
    'Mountains come next; some are young and sharp, others old and worn down by the rain. ' +
    'At the coast the water slows, spreads into marshes, and meets the sea under a grey sky.';
  await execFileAsync('espeak-ng', ['-v', 'en', '-s', '160', '-g', '8', '-w', speech, text]);
  await ffmpeg([
    ...['-stream_loop', '-1', '-i', speech, '-t', String(seconds)],
    ...['-ar', String(RATE), '-ac', '1', '-c:a', 'pcm_s16le', mix],
  ]);
  return mix;
}

/** Runs a command under GNU time, which reports wall time, CPU time and peak resident memory. */
async function timed(command: string, args: string[], output: string): Promise<Measured> {
  const started = performance.now();
  const { stderr } = await execFileAsync('/usr/bin/time', ['-v', command, ...args], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallMs = performance.now() - started;
  const field = (label: string): number =>
    Number(new RegExp(`${label}: ([\\d.]+)`, 'u').exec(stderr)?.[1] ?? NaN);
  const { stdout } = await execFileAsync('ffprobe', [
    ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', output],
  ]);
  return {
    wallMs,
    cpuMs: (field('User time \\(seconds\\)') + field('System time \\(seconds\\)')) * 1000,
    peakRssMb: field('Maximum resident set size \\(kbytes\\)') / 1024,
    bytes: (await stat(output)).size,
    decodedSeconds: Number(stdout.trim()),
  };
}

/** The export worker (whose copies encode the AAC lanes) and a runner, bundled as the app's build does. */
async function bundle(folder: string): Promise<{ runner: string; worker: string }> {
  const worker = await bundleExportWorker(folder);
  const runner = await bundleRunner(
    folder,
    'run-m4b',
    `
      import { readFileSync } from 'node:fs';
      import { pathToFileURL } from 'node:url';
      import { AacPartCache } from './main/services/audiobook-export/aac-part-cache.ts';
      import { writeAudiobookFile } from './main/services/audiobook-export/audiobook-file.ts';
      const [jobPath, workerPath] = process.argv.slice(2);
      const { partCacheDir, ...job } = JSON.parse(readFileSync(jobPath, 'utf8'));
      const parts = partCacheDir ? { cache: new AacPartCache(partCacheDir) } : undefined;
      await writeAudiobookFile({ ...job, parts, workerEntry: pathToFileURL(workerPath) });
    `,
  );
  return { runner, worker };
}

const chapterMs = Math.floor((seconds * 1000) / CHAPTERS);

/** The runner's job: the mix into an M4B with the book's chapters and tags, part-wise when given a part cache. */
function bookJob(wavPath: string, outputPath: string, partCacheDir?: string): object {
  const chapters = Array.from({ length: CHAPTERS }, (_, index) => ({
    title: `Chapter ${index + 1}`,
    startMs: index * chapterMs,
    endMs: index === CHAPTERS - 1 ? seconds * 1000 : (index + 1) * chapterMs,
  }));
  return {
    wavPath,
    outputPath,
    format: 'm4b',
    bitrateKbps: 64,
    frames: seconds * RATE,
    sampleRate: RATE,
    tags: {
      metadata: { title: 'Bench Book', author: 'A. Writer', narrator: 'N. Reader', genre: 'Audiobook' },
      chapters,
      markers: true,
      chaptersJson: false,
    },
    ...(partCacheDir ? { partCacheDir } : {}),
  };
}

function row(label: string, measured: Measured): string {
  const load = loadavg().map((value) => value.toFixed(1));
  return `${label.padEnd(22)} ${(measured.wallMs / 1000).toFixed(1).padStart(7)} s  cpu ${(measured.cpuMs / 1000).toFixed(1).padStart(7)} s  peak ${measured.peakRssMb.toFixed(0).padStart(4)} MB  ${(measured.bytes / 1e6).toFixed(0).padStart(4)} MB  ${measured.decodedSeconds.toFixed(2)} s  load ${load.join(' ')}`;
}

async function main(): Promise<void> {
  const mix = await bookMix();
  if (process.argv.includes('--reexport')) {
    await reexport(mix);
    return;
  }
  const work = path.join(cache, 'run');
  await rm(work, { recursive: true, force: true });
  const { runner, worker } = await bundle(work);
  const ours = path.join(work, 'book.m4b');
  const jobPath = path.join(work, 'job.json');
  await writeFile(jobPath, JSON.stringify(bookJob(mix, ours)));
  const native = path.join(work, 'native.m4b');
  console.log(
    `${hours} h mono 44.1 kHz → AAC 64 kbps M4B (${CHAPTERS} chapters), ${new Date().toISOString()}`,
  );
  const appOnly = process.argv.includes('--app-only');
  const reference = appOnly
    ? null
    : await timed(
        'ffmpeg',
        ['-nostdin', '-v', 'error', '-y', '-i', mix, '-c:a', 'aac', '-b:a', '64k', '-f', 'ipod', native],
        native,
      );
  if (reference) console.log(row('ffmpeg -c:a aac', reference));
  const app = await timed('node', [runner, jobPath, worker], ours);
  console.log(row('Timbre M4B', app));
  const ratio = reference ? `${(app.wallMs / reference.wallMs).toFixed(2)}× time (target ≤ 1.5×), ` : '';
  console.log(`${ratio}peak ${app.peakRssMb.toFixed(0)} MB (target ≤ 300 MB)`);
  // The app encodes with the fast coder (aac-lane-helper.ts): native ffmpeg with the same coder, on request.
  if (process.argv.includes('--fast-coder-too')) await nativeFastCoder(mix, work);
  if (!process.argv.includes('--keep')) await rm(work, { recursive: true, force: true });
}

/** Full export (two lanes, the reference), full export part-wise, then the re-export after one edit. */
async function reexport(mix: string): Promise<void> {
  const work = path.join(cache, 'run-reexport');
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const { runner, worker } = await bundle(work);
  const runsFlag = process.argv.indexOf('--runs');
  const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 1;
  // The edit: three seconds in the middle of chapter 15 replaced by other speech (a take of the same length).
  const edited = path.join(work, 'edited.wav');
  await execFileAsync('cp', ['--reflink=auto', mix, edited]);
  const editAt = Math.round(((14.5 * chapterMs) / 1000) * RATE);
  const handle = await open(edited, 'r+');
  const take = Buffer.alloc(3 * RATE * 2);
  await handle.read(take, 0, take.length, WAV_HEADER + Math.round(editAt / 3) * 2);
  await handle.write(take, 0, take.length, WAV_HEADER + editAt * 2);
  await handle.close();
  console.log(
    `${hours} h mono 44.1 kHz → AAC 64 kbps M4B (${CHAPTERS} chapters), re-export after one edit at ${(editAt / RATE).toFixed(0)} s, ${new Date().toISOString()}`,
  );
  const app = async (label: string, wavPath: string, partCacheDir?: string): Promise<Measured> => {
    const jobPath = path.join(work, 'job.json');
    const output = path.join(work, `${label.replace(/\W+/gu, '-')}.m4b`);
    await writeFile(jobPath, JSON.stringify(bookJob(wavPath, output, partCacheDir)));
    const parts = partCacheDir ? await partFiles(partCacheDir) : 0;
    const measured = await timed('node', [runner, jobPath, worker], output);
    const encoded = partCacheDir ? ` (${(await partFiles(partCacheDir)) - parts} parts encoded)` : '';
    console.log(row(label, measured) + encoded);
    return measured;
  };
  for (let run = 1; run <= runs; run += 1) {
    const partCacheDir = path.join(work, `aac-parts-${run}`);
    const full = await app('full, two lanes', mix);
    const partWise = await app('full, part-wise', mix, partCacheDir);
    const again = await app('re-export, one edit', edited, partCacheDir);
    console.log(
      `run ${run}: re-export ${(again.wallMs / 1000).toFixed(1)} s = ${((100 * again.wallMs) / full.wallMs).toFixed(1)} % of the full export (two lanes; target ≤ 10 %), ` +
        `${((100 * again.wallMs) / partWise.wallMs).toFixed(1)} % of the part-wise one; CPU ${((100 * again.cpuMs) / full.cpuMs).toFixed(1)} %`,
    );
  }
  if (!process.argv.includes('--keep')) await rm(work, { recursive: true, force: true });
}

async function partFiles(dir: string): Promise<number> {
  return (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.aacpart')).length;
}

async function nativeFastCoder(mix: string, work: string): Promise<void> {
  const nativeFast = path.join(work, 'native-fast.m4b');
  const fastArgs = ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '64k', '-f', 'ipod', nativeFast];
  const fast = await timed('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', mix, ...fastArgs], nativeFast);
  console.log(row('ffmpeg -aac_coder fast', fast));
}

await main();
