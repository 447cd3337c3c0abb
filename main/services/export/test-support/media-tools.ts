import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

/**
 * Test and benchmark helpers around the Debian tools (ffmpeg, ffprobe, espeak-ng, sox): run them,
 * read their raw float output, and compare sample arrays. Not used by the engine itself.
 */

const run = promisify(execFile);

export async function ffmpeg(args: readonly string[]): Promise<string> {
  const { stderr } = await run('ffmpeg', ['-nostdin', '-hide_banner', '-y', ...args], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return stderr;
}

export async function espeak(text: string, wavPath: string, voice = 'en'): Promise<void> {
  await run('espeak-ng', ['-v', voice, '-w', wavPath, text]);
}

/**
 * Runs sox in its repeatable mode (-R): by default it dithers every 16-bit output with a fresh random seed, so a
 * test's audio differed from run to run — and with it where an MP3 split into two halves could join (frames
 * 2412–2414 over 8 runs of the same project), which left the join to chance (issue 36).
 */
export async function sox(args: readonly string[]): Promise<void> {
  await run('sox', ['-R', ...args]);
}

/** Duration in seconds, from ffprobe's container information. */
export async function probeDuration(filePath: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    filePath,
  ]);
  return Number(stdout.trim());
}

export async function probeStream(
  filePath: string,
): Promise<{ sampleRate: number; channels: number; codec: string }> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'a:0',
    '-show_entries',
    'stream=sample_rate,channels,codec_name',
    '-of',
    'json',
    filePath,
  ]);
  const parsed = JSON.parse(stdout) as {
    streams?: { sample_rate?: string; channels?: number; codec_name?: string }[];
  };
  const stream = parsed.streams?.[0];
  return {
    sampleRate: Number(stream?.sample_rate),
    channels: Number(stream?.channels),
    codec: String(stream?.codec_name),
  };
}

/** Decodes any file with ffmpeg to interleaved float32 at the given rate and channel count. */
export async function decodeWithFfmpeg(
  filePath: string,
  sampleRate: number,
  channels: number,
  outPath: string,
): Promise<Float32Array> {
  await ffmpeg([
    '-v',
    'error',
    '-i',
    filePath,
    '-ar',
    String(sampleRate),
    '-ac',
    String(channels),
    '-f',
    'f32le',
    outPath,
  ]);
  return readFloat32(outPath);
}

export async function readFloat32(filePath: string): Promise<Float32Array> {
  const bytes = await readFile(filePath);
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return new Float32Array(copy.buffer, 0, Math.floor(bytes.length / 4));
}

export interface Difference {
  readonly maxAbs: number;
  readonly rms: number;
  /** RMS of the difference relative to the RMS of the reference, in dB (−∞ when identical). */
  readonly relativeDb: number;
  readonly compared: number;
}

/** Sample-by-sample comparison of two interleaved signals, over their common length. */
export function compareSamples(actual: Float32Array, reference: Float32Array): Difference {
  const compared = Math.min(actual.length, reference.length);
  let maxAbs = 0;
  let sumDiff = 0;
  let sumRef = 0;
  for (let index = 0; index < compared; index += 1) {
    const diff = actual[index]! - reference[index]!;
    const magnitude = Math.abs(diff);
    if (magnitude > maxAbs) maxAbs = magnitude;
    sumDiff += diff * diff;
    sumRef += reference[index]! * reference[index]!;
  }
  const rms = Math.sqrt(sumDiff / Math.max(1, compared));
  const relativeDb = 10 * Math.log10(sumDiff / Math.max(Number.MIN_VALUE, sumRef));
  return { maxAbs, rms, relativeDb, compared };
}

/** ffmpeg's ebur128 summary: integrated loudness (LUFS) and true peak (dBFS). */
export async function ffmpegLoudness(
  filePath: string,
): Promise<{ integratedLufs: number; truePeakDb: number }> {
  const log = await ffmpeg(['-i', filePath, '-af', 'ebur128=peak=true', '-f', 'null', '-']);
  const summary = log.slice(log.lastIndexOf('Summary:'));
  const integrated = /I:\s+(-?[\d.]+|-inf) LUFS/u.exec(summary)?.[1];
  const peak = /Peak:\s+(-?[\d.]+|-inf) dBFS/u.exec(summary)?.[1];
  if (integrated === undefined || peak === undefined)
    throw new Error(`ebur128 summary not found in ffmpeg output:\n${summary}`);
  const toNumber = (text: string): number => (text === '-inf' ? Number.NEGATIVE_INFINITY : Number(text));
  return { integratedLufs: toNumber(integrated), truePeakDb: toNumber(peak) };
}

export interface ProbedFile {
  format: { duration: string; tags?: Record<string, string> };
  chapters: { start_time: string; end_time: string; time_base?: string; tags: { title: string } }[];
  streams: { codec_type: string; codec_name: string; disposition?: { attached_pic?: number } }[];
}

/** ffprobe's view of a file: its container tags, chapters and streams. */
export async function probeFile(filePath: string): Promise<ProbedFile> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_chapters',
    '-show_format',
    '-show_streams',
    '-of',
    'json',
    filePath,
  ]);
  return JSON.parse(stdout) as ProbedFile;
}
