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
 *
 * `--app-only` skips native ffmpeg's run (for the app's peak memory alone, e.g. after a change to the muxer).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
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
      import { writeAudiobookFile } from './main/services/audiobook-export/audiobook-file.ts';
      const [jobPath, workerPath] = process.argv.slice(2);
      const job = JSON.parse(readFileSync(jobPath, 'utf8'));
      await writeAudiobookFile({ ...job, workerEntry: pathToFileURL(workerPath) });
    `,
  );
  return { runner, worker };
}

function row(label: string, measured: Measured): string {
  const load = loadavg().map((value) => value.toFixed(1));
  return `${label.padEnd(22)} ${(measured.wallMs / 1000).toFixed(1).padStart(7)} s  cpu ${(measured.cpuMs / 1000).toFixed(1).padStart(7)} s  peak ${measured.peakRssMb.toFixed(0).padStart(4)} MB  ${(measured.bytes / 1e6).toFixed(0).padStart(4)} MB  ${measured.decodedSeconds.toFixed(2)} s  load ${load.join(' ')}`;
}

async function main(): Promise<void> {
  const mix = await bookMix();
  const work = path.join(cache, 'run');
  await rm(work, { recursive: true, force: true });
  const { runner, worker } = await bundle(work);
  const chapterMs = Math.floor((seconds * 1000) / CHAPTERS);
  const chapters = Array.from({ length: CHAPTERS }, (_, index) => ({
    title: `Chapter ${index + 1}`,
    startMs: index * chapterMs,
    endMs: index === CHAPTERS - 1 ? seconds * 1000 : (index + 1) * chapterMs,
  }));
  const ours = path.join(work, 'book.m4b');
  const jobPath = path.join(work, 'job.json');
  await writeFile(
    jobPath,
    JSON.stringify({
      wavPath: mix,
      outputPath: ours,
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
    }),
  );
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

async function nativeFastCoder(mix: string, work: string): Promise<void> {
  const nativeFast = path.join(work, 'native-fast.m4b');
  const fastArgs = ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '64k', '-f', 'ipod', nativeFast];
  const fast = await timed('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', mix, ...fastArgs], nativeFast);
  console.log(row('ffmpeg -aac_coder fast', fast));
}

await main();
