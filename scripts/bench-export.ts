/**
 * Export benchmark (issue 7, "Performance"): a 90-minute, 600-block project of real speech segments as
 * the stand-in makes them (espeak-ng, MP3 24 kHz mono; a pool of 40 reused), a looped music bed and 50
 * effects, exported to WAV and to MP3 128 kbps by the export engine and, in the same run, mixed by
 * Debian's ffmpeg as the reference. Prints wall time, CPU time and peak memory of both and the ratios.
 *
 *   npx tsx scripts/bench-export.ts [--lengths 5,30,90,600] [--runs 1] [--formats wav,mp3] [--pool 40]
 *                                   [--shared-sources] [--warm] [--ahead] [--keep] [--work DIR]
 *   npx tsx scripts/bench-export.ts --minutes 90 [--blocks 600] [--effects 50]   (one length)
 *
 * The sweep (issue 42) exports each length in minutes with blocks and effects scaled to it as the 90-minute
 * project has them (600 blocks and 50 effects per 90 minutes), runs the whole sweep --runs times with one
 * bundle, and ends with one table: length, format, engine time, ffmpeg time, ratio, both peaks and the
 * 1-minute load average when the pair ran. Each length's PCM caches and outputs are deleted after it (10 hours
 * of float32 is ~6 GB per cache).
 *
 * --ahead exports each length twice more, 1.5 s after the export dialog opened (AHEAD_MS): with the worker started
 * then (ExportEngine.startWorkerAhead), and with the sources decoded then as well, as the app does
 * (ExportEngine.prepareAhead; a cold PCM cache of its own each), and prints the exports' time from Export to done (the main
 * table's engine time is the whole child process's, from its spawn).
 *
 * Every block is its own source (as in a real project, where each block has its own audio) unless
 * --shared-sources is given, so the engine decodes 600 files just as ffmpeg does. The engine runs from
 * an esbuild bundle in a child process, as in the built app, so its memory is measured without tsx.
 * Targets (issue 16): WAV at most ffmpeg's time, MP3 at most 0.8× (ffmpeg's libmp3lame uses one core; the
 * engine may use both), peak memory at most 200 MB.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { bundleExportWorker, bundleRunner } from './bench-support/app-bundle.js';
import type { RenderClip, RenderPlan } from '../common/export/render-plan.js';
import type { SubtitleSource } from '../common/subtitles/subtitle-types.js';
import type { ExportRequest } from '../main/services/export/export-types.js';
import { probeDuration } from '../main/services/export/test-support/media-tools.js';
import {
  makeEffects,
  makeMusicBed,
  makeSpeechPool,
} from '../main/services/export/test-support/speech-pool.js';

const execFileAsync = promisify(execFile);

interface Options {
  lengths: number[];
  runs: number;
  formats: ('wav' | 'mp3')[];
  /** Only with --minutes: the blocks and effects as given, not scaled. */
  blocks: number | undefined;
  effects: number | undefined;
  pool: number;
  sharedSources: boolean;
  warm: boolean;
  ahead: boolean;
  keep: boolean;
  work: string | undefined;
}

function parseOptions(argv: string[]): Options {
  const options: Options = {
    lengths: [5, 30, 90, 600],
    runs: 1,
    formats: ['wav', 'mp3'],
    blocks: undefined,
    effects: undefined,
    pool: 40,
    sharedSources: false,
    warm: false,
    ahead: false,
    keep: false,
    work: undefined,
  };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    const value = argv[index + 1];
    const number = (): number => {
      const parsed = Number(value);
      if (!Number.isFinite(parsed) || parsed <= 0)
        throw new Error(`${flag}: expected a positive number, got ${value}`);
      index += 1;
      return parsed;
    };
    if (flag === '--minutes') options.lengths = [number()];
    else if (flag === '--lengths') {
      options.lengths = (value ?? '').split(',').map((part) => {
        const minutes = Number(part);
        if (!Number.isFinite(minutes) || minutes <= 0)
          throw new Error(`--lengths: expected minutes separated by commas, got ${value}`);
        return minutes;
      });
      index += 1;
    } else if (flag === '--runs') options.runs = Math.round(number());
    else if (flag === '--formats') {
      options.formats = (value ?? '').split(',').map((part) => {
        if (part !== 'wav' && part !== 'mp3') throw new Error(`--formats: wav and/or mp3, got ${value}`);
        return part;
      });
      index += 1;
    } else if (flag === '--blocks') options.blocks = Math.round(number());
    else if (flag === '--effects') options.effects = Math.round(number());
    else if (flag === '--pool') options.pool = Math.round(number());
    else if (flag === '--shared-sources') options.sharedSources = true;
    else if (flag === '--warm') options.warm = true;
    else if (flag === '--ahead') options.ahead = true;
    else if (flag === '--keep') options.keep = true;
    else if (flag === '--work') {
      options.work = value;
      index += 1;
    } else throw new Error(`unknown option ${flag}`);
  }
  return options;
}

/** One length of the sweep: the 90-minute project's 600 blocks and 50 effects, scaled to the length. */
interface Shape {
  minutes: number;
  blocks: number;
  effects: number;
  pool: number;
  sharedSources: boolean;
}

function shapeFor(minutes: number, options: Options): Shape {
  const scaled = (per90: number): number => Math.max(1, Math.round((per90 * minutes) / 90));
  return {
    minutes,
    blocks: options.blocks ?? scaled(600),
    effects: options.effects ?? scaled(50),
    pool: options.pool,
    sharedSources: options.sharedSources,
  };
}

interface Project {
  plan: RenderPlan;
  sources: Record<string, string>;
  /** ffmpeg's view of the same timeline: concat lists with each entry's slot length. */
  speechList: string;
  effectsList: string;
  musicPath: string;
  effectsStartMs: number;
}

const SAMPLE_RATE = 44100;
const MUSIC_GAIN_DB = -18;
const EFFECT_GAIN_DB = -6;
const MUSIC_FADE_IN_MS = 3000;
const MUSIC_FADE_OUT_MS = 5000;
/** How long the user takes in the export dialog before pressing Export, in --ahead's exports. */
const AHEAD_MS = 1500;

interface Materials {
  pool: Awaited<ReturnType<typeof makeSpeechPool>>;
  effects: Awaited<ReturnType<typeof makeEffects>>;
  musicPath: string;
}

async function makeMaterials(work: string, pool: number): Promise<Materials> {
  const musicPath = path.join(work, 'music.mp3');
  await makeMusicBed(musicPath, 180);
  return {
    pool: await makeSpeechPool(path.join(work, 'speech'), pool),
    effects: await makeEffects(path.join(work, 'effects'), 5),
    musicPath,
  };
}

async function buildProject(work: string, options: Shape, materials: Materials): Promise<Project> {
  const totalMs = options.minutes * 60_000;
  const { pool, effects, musicPath } = materials;
  const clips: RenderClip[] = [];
  const cues: SubtitleSource[] = [];
  const sources: Record<string, string> = {};
  const speechLines: string[] = ['ffconcat version 1.0'];
  const slotMs = totalMs / options.blocks;
  for (let block = 0; block < options.blocks; block += 1) {
    const segment = pool[block % pool.length]!;
    const startMs = Math.round(block * slotMs);
    const nextMs = Math.round((block + 1) * slotMs);
    const sourceKey = options.sharedSources ? `segment-${block % pool.length}` : `block-${block}`;
    sources[sourceKey] = segment.path;
    const durationMs = Math.min(segment.durationMs, nextMs - startMs);
    clips.push({
      id: `block-${block}`,
      track: 'speech',
      sourceKey,
      startMs,
      durationMs,
      gainDb: 0,
      fadeInMs: 0,
      fadeOutMs: 0,
    });
    cues.push({
      blockId: `block-${block}`,
      clipId: `block-${block}`,
      text: segment.text,
      startMs,
      durationMs,
    });
    speechLines.push(`file '${segment.path}'`, `duration ${((nextMs - startMs) / 1000).toFixed(3)}`);
  }
  const effectLines: string[] = ['ffconcat version 1.0'];
  const effectSlotMs = totalMs / options.effects;
  const effectsStartMs = Math.round(effectSlotMs / 2);
  for (let index = 0; index < options.effects; index += 1) {
    const effect = effects[index % effects.length]!;
    const startMs = effectsStartMs + Math.round(index * effectSlotMs);
    const sourceKey = `effect-${index % effects.length}`;
    sources[sourceKey] = effect.path;
    clips.push({
      id: `effect-${index}`,
      track: 'effects',
      sourceKey,
      startMs,
      durationMs: effect.durationMs,
      gainDb: EFFECT_GAIN_DB,
      fadeInMs: 0,
      fadeOutMs: 0,
    });
    effectLines.push(`file '${effect.path}'`, `duration ${(Math.round(effectSlotMs) / 1000).toFixed(3)}`);
  }
  sources.music = musicPath;
  clips.push({
    id: 'music',
    track: 'music',
    sourceKey: 'music',
    startMs: 0,
    durationMs: totalMs,
    gainDb: MUSIC_GAIN_DB,
    fadeInMs: MUSIC_FADE_IN_MS,
    fadeOutMs: MUSIC_FADE_OUT_MS,
    loop: true,
  });
  const speechList = path.join(work, 'speech.ffconcat');
  const effectsList = path.join(work, 'effects.ffconcat');
  await writeFile(speechList, `${speechLines.join('\n')}\n`);
  await writeFile(effectsList, `${effectLines.join('\n')}\n`);
  const plan: RenderPlan = { sampleRate: SAMPLE_RATE, channels: 2, durationMs: totalMs, clips, cues };
  return { plan, sources, speechList, effectsList, musicPath, effectsStartMs };
}

/** The same mix as an ffmpeg filter graph: concat-placed speech and effects, looped music bed, summed. */
function ffmpegArgs(project: Project, totalSeconds: number, output: string, codec: string[]): string[] {
  const placed =
    'aresample=44100:async=1:min_hard_comp=0.01:first_pts=0,aformat=sample_fmts=fltp:channel_layouts=stereo';
  const graph = [
    `[0]${placed}[speech]`,
    `[1]${placed},adelay=${project.effectsStartMs}:all=1,volume=${EFFECT_GAIN_DB}dB[effects]`,
    `[2]atrim=0:${totalSeconds},aformat=sample_fmts=fltp:channel_layouts=stereo,volume=${MUSIC_GAIN_DB}dB,` +
      `afade=t=in:d=${MUSIC_FADE_IN_MS / 1000},afade=t=out:st=${totalSeconds - MUSIC_FADE_OUT_MS / 1000}:d=${MUSIC_FADE_OUT_MS / 1000}[music]`,
    `[speech][effects][music]amix=inputs=3:normalize=0:duration=longest,atrim=0:${totalSeconds}[mix]`,
  ].join(';');
  return [
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    project.speechList,
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    project.effectsList,
    '-stream_loop',
    '-1',
    '-i',
    project.musicPath,
    '-filter_complex',
    graph,
    '-map',
    '[mix]',
    ...codec,
    output,
  ];
}

interface Measured {
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  bytes: number;
  durationS: number;
}

/** Runs a command under GNU time, which reports wall time, CPU time and peak resident memory. */
async function timed(
  command: string,
  args: string[],
  output: string,
): Promise<Measured & { stdout: string }> {
  const started = performance.now();
  const { stdout, stderr } = await execFileAsync('/usr/bin/time', ['-v', command, ...args], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallMs = performance.now() - started;
  const field = (label: string): number =>
    Number(new RegExp(`${label}: ([\\d.]+)`, 'u').exec(stderr)?.[1] ?? NaN);
  const cpuMs = (field('User time \\(seconds\\)') + field('System time \\(seconds\\)')) * 1000;
  const peakRssMb = field('Maximum resident set size \\(kbytes\\)') / 1024;
  const bytes = (await stat(output)).size;
  return { wallMs, cpuMs, peakRssMb, bytes, durationS: await probeDuration(output), stdout };
}

/** Bundles the engine and its worker with esbuild, as the app's build does, for a child process to run. */
async function bundleEngine(folder: string): Promise<{ runner: string; worker: string }> {
  const worker = await bundleExportWorker(folder);
  const runner = await bundleRunner(
    folder,
    'run-export',
    `
      import { readFileSync } from 'node:fs';
      import { ExportEngine } from './main/services/export/export-engine.ts';
      const [requestPath, workerPath, ahead] = process.argv.slice(2);
      const AHEAD_MS = ${AHEAD_MS};
      const request = JSON.parse(readFileSync(requestPath, 'utf8'));
      const engine = new ExportEngine({ workerEntry: workerPath });
      if (ahead === 'worker' || ahead === 'decode') {
        // The export dialog opens, and the user takes a moment to choose.
        if (ahead === 'worker') engine.startWorkerAhead();
        else engine.prepareAhead({ plan: request.plan, sources: request.sources, pcmCacheDir: request.pcmCacheDir });
        await new Promise((resolve) => setTimeout(resolve, AHEAD_MS));
      }
      const started = performance.now();
      const result = await engine.exportMix(request);
      console.log(JSON.stringify({ ms: performance.now() - started, result }));
    `,
  );
  return { runner, worker };
}

function ratio(engine: number, reference: number): string {
  return `${(engine / reference).toFixed(2)}×`;
}

function row(label: string, measured: Measured): string {
  return `${label.padEnd(26)} ${(measured.wallMs / 1000).toFixed(1).padStart(7)} s  cpu ${(measured.cpuMs / 1000).toFixed(1).padStart(6)} s  peak ${measured.peakRssMb.toFixed(0).padStart(4)} MB  ${(measured.bytes / 1e6).toFixed(0).padStart(5)} MB  ${measured.durationS.toFixed(2)} s audio`;
}

function oneMinuteLoad(): number {
  return os.loadavg()[0] ?? NaN;
}

interface SweepRow {
  run: number;
  minutes: number;
  format: 'WAV' | 'MP3';
  engine: Measured;
  ffmpeg: Measured;
  /** The 1-minute load average before the pair, and after it. */
  load: [number, number];
}

function lengthLabel(minutes: number): string {
  return minutes >= 120 && minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`;
}

function printTable(rows: SweepRow[]): void {
  const header = [
    'run',
    'length',
    'format',
    'engine',
    'ffmpeg',
    'ratio (target)',
    'cpu: engine / ffmpeg',
    'engine peak',
    'ffmpeg peak',
    'load',
  ];
  const lines = rows.map((entry) => {
    const limit = entry.format === 'WAV' ? 1.0 : 0.8;
    const share = entry.engine.wallMs / entry.ffmpeg.wallMs;
    return [
      String(entry.run),
      lengthLabel(entry.minutes),
      entry.format,
      `${(entry.engine.wallMs / 1000).toFixed(1)} s`,
      `${(entry.ffmpeg.wallMs / 1000).toFixed(1)} s`,
      `${share.toFixed(2)}× (≤ ${limit.toFixed(1)}×)${share <= limit ? '' : ' MISSED'}`,
      `${(entry.engine.cpuMs / 1000).toFixed(1)} s / ${(entry.ffmpeg.cpuMs / 1000).toFixed(1)} s`,
      `${entry.engine.peakRssMb.toFixed(0)} MB${entry.engine.peakRssMb <= 200 ? '' : ' MISSED'}`,
      `${entry.ffmpeg.peakRssMb.toFixed(0)} MB`,
      `${entry.load[0].toFixed(1)}–${entry.load[1].toFixed(1)}`,
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]!.length)),
  );
  const format = (cells: string[]): string =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(format(header));
  console.log(format(widths.map((width) => '-'.repeat(width))));
  for (const line of lines) console.log(format(line));
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const work = options.work ?? (await mkdtemp(path.join(os.tmpdir(), 'timbre-bench-export-')));
  await mkdir(work, { recursive: true });
  console.log(
    `Export benchmark: ${options.lengths.map(lengthLabel).join(', ')}; ${options.runs} run(s); blocks and effects ${options.blocks ? 'as given' : 'scaled as 600 and 50 per 90 min'} (${options.pool} pooled espeak-ng segments, ${options.sharedSources ? 'shared' : 'one source per block'}), looped music bed → 44.1 kHz stereo`,
  );
  console.log(
    `Work folder: ${work}  (cores: ${os.availableParallelism()}, load: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  const rows: SweepRow[] = [];
  try {
    let started = performance.now();
    const materials = await makeMaterials(work, options.pool);
    console.log(`Setup (pool, music, effects): ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    const bundle = await bundleEngine(path.join(work, 'bundle'));
    console.log(`Engine bundled in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    for (let run = 1; run <= options.runs; run += 1) {
      for (const minutes of options.lengths) {
        const shape = shapeFor(minutes, options);
        const lengthWork = path.join(work, `${minutes}-min`);
        await mkdir(lengthWork, { recursive: true });
        const project = await buildProject(lengthWork, shape, materials);
        const totalSeconds = minutes * 60;
        console.log(
          `\nRun ${run}, ${lengthLabel(minutes)}: ${shape.blocks} blocks, ${shape.effects} effects (load ${oneMinuteLoad().toFixed(1)})`,
        );

        const runEngine = async (
          name: string,
          audio: ExportRequest['options']['audio'],
          cacheDir: string,
          ahead?: 'worker' | 'decode',
        ): Promise<Measured & { exportMs: number }> => {
          const outputPath = path.join(lengthWork, `engine-${name.replace(/\W+/gu, '-')}.${audio.format}`);
          await rm(outputPath, { force: true });
          const request: ExportRequest = {
            plan: project.plan,
            sources: project.sources,
            options: { audio, loudness: { kind: 'none' }, subtitles: { srt: true, vtt: false } },
            outputPath,
            pcmCacheDir: cacheDir,
            overwrite: true,
          };
          const requestPath = path.join(lengthWork, `request-${name.replace(/\W+/gu, '-')}.json`);
          await writeFile(requestPath, JSON.stringify(request));
          const measured = await timed(
            process.execPath,
            [bundle.runner, requestPath, bundle.worker, ...(ahead ? [ahead] : [])],
            outputPath,
          );
          const report = JSON.parse(measured.stdout.trim().split('\n').pop() ?? '{}') as {
            ms?: number;
            result?: { timingsMs?: object };
          };
          console.log(row(`engine ${name}`, measured), JSON.stringify(report.result?.timingsMs ?? {}));
          await rm(outputPath, { force: true });
          return { ...measured, exportMs: report.ms ?? NaN };
        };
        const runFfmpeg = async (name: string, codec: string[], extension: string): Promise<Measured> => {
          const output = path.join(lengthWork, `ffmpeg-${name.replace(/\W+/gu, '-')}.${extension}`);
          const measured = await timed('ffmpeg', ffmpegArgs(project, totalSeconds, output, codec), output);
          console.log(row(`ffmpeg ${name}`, measured));
          await rm(output, { force: true });
          return measured;
        };

        // The same export with its worker started ahead (a cold PCM cache of its own), both timed from Export.
        const compareAhead = async (
          name: string,
          audio: ExportRequest['options']['audio'],
          cold: { exportMs: number },
          reference: Measured,
        ): Promise<void> => {
          const cacheDir = path.join(lengthWork, 'cache-ahead');
          const ahead = await runEngine(`${name} (worker ahead)`, audio, cacheDir, 'worker');
          await rm(cacheDir, { recursive: true, force: true });
          const decoded = await runEngine(`${name} (decoded ahead)`, audio, cacheDir, 'decode');
          await rm(cacheDir, { recursive: true, force: true });
          console.log(
            `  ${name}, from Export to done: ${(cold.exportMs / 1000).toFixed(2)} s cold, ` +
              `${(ahead.exportMs / 1000).toFixed(2)} s with the worker started ahead ` +
              `(${ratio(ahead.exportMs, reference.wallMs)} ffmpeg's time), ` +
              `${(decoded.exportMs / 1000).toFixed(2)} s with the sources decoded ahead ` +
              `(${ratio(decoded.exportMs, reference.wallMs)})`,
          );
        };

        // A 16-bit stereo WAV holds at most 4 GiB (~6 h 45 min at 44.1 kHz): the engine refuses longer ones, as it should.
        const wavBytes = totalSeconds * SAMPLE_RATE * 4;
        const wavFits = wavBytes < 2 ** 32 - 1024;
        if (options.formats.includes('wav') && !wavFits)
          console.log(`WAV skipped: ${(wavBytes / 2 ** 30).toFixed(1)} GiB is over the 4 GiB a WAV can hold`);
        if (options.formats.includes('wav') && wavFits) {
          const load = oneMinuteLoad();
          const ffmpegWav = await runFfmpeg('wav', ['-c:a', 'pcm_s16le'], 'wav');
          const engineWav = await runEngine(
            'wav',
            { format: 'wav', bitDepth: 16 },
            path.join(lengthWork, 'cache-wav'),
          );
          rows.push({
            run,
            minutes,
            format: 'WAV',
            engine: engineWav,
            ffmpeg: ffmpegWav,
            load: [load, oneMinuteLoad()],
          });
          if (options.warm) {
            const warm = await runEngine(
              'wav (warm cache)',
              { format: 'wav', bitDepth: 16 },
              path.join(lengthWork, 'cache-wav'),
            );
            console.log(
              `  WAV with the PCM cache already filled: time ${ratio(warm.wallMs, ffmpegWav.wallMs)}`,
            );
          }
          await rm(path.join(lengthWork, 'cache-wav'), { recursive: true, force: true });
          if (options.ahead) await compareAhead('wav', { format: 'wav', bitDepth: 16 }, engineWav, ffmpegWav);
        }
        if (options.formats.includes('mp3')) {
          const load = oneMinuteLoad();
          const ffmpegMp3 = await runFfmpeg('mp3 128k', ['-c:a', 'libmp3lame', '-b:a', '128k'], 'mp3');
          const engineMp3 = await runEngine(
            'mp3 128k',
            { format: 'mp3', bitrateKbps: 128 },
            path.join(lengthWork, 'cache-mp3'),
          );
          rows.push({
            run,
            minutes,
            format: 'MP3',
            engine: engineMp3,
            ffmpeg: ffmpegMp3,
            load: [load, oneMinuteLoad()],
          });
          if (options.ahead)
            await compareAhead('mp3 128k', { format: 'mp3', bitrateKbps: 128 }, engineMp3, ffmpegMp3);
        }
        if (!options.keep) await rm(lengthWork, { recursive: true, force: true });
      }
    }

    const decodedHow = options.sharedSources
      ? `cold PCM cache; blocks share ${options.pool} sources, which ffmpeg decodes once per block`
      : 'cold PCM cache: every source decoded in the run, as ffmpeg does';
    console.log(`\nEngine / ffmpeg, wall time and peak resident memory (${decodedHow}):\n`);
    printTable(rows);
    const met = rows.every(
      (entry) =>
        entry.engine.wallMs <= (entry.format === 'WAV' ? 1.0 : 0.8) * entry.ffmpeg.wallMs &&
        entry.engine.peakRssMb <= 200,
    );
    console.log(
      `\nTargets (WAV ≤ 1.0×, MP3 ≤ 0.8× ffmpeg's time, peak ≤ 200 MB): ${met ? 'all met' : 'NOT all met'}`,
    );
  } finally {
    if (!options.keep && !options.work) await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
