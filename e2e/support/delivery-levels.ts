import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeWithFfmpeg, ffmpeg } from '../../main/services/export/test-support/media-tools.js';

const run = promisify(execFile);

/** A delivery file as ffmpeg and ffprobe measure it, independently of the app's own pre-flight measurement. */
export interface MeasuredDelivery {
  readonly codec: string;
  readonly sampleRate: number;
  readonly channels: number;
  /** The stream's bit rate in kbps. */
  readonly bitrateKbps: number;
  /** Smallest and largest audio packet in bytes: a CBR MP3's frames differ by at most the padding byte. */
  readonly packetBytes: { readonly min: number; readonly max: number };
  readonly peakDb: number;
  readonly rmsDb: number;
  /** RMS of the quietest 500 ms window, the way ACX's checker reads the noise floor. */
  readonly noiseFloorDb: number;
  /** Room tone before the first sound and after the last, in seconds (silencedetect at −50 dBFS). */
  readonly headSeconds: number;
  readonly tailSeconds: number;
  /** The length heard, from the decoded samples. */
  readonly durationSeconds: number;
}

const FLOOR_WINDOW_SECONDS = 0.5;
const FLOOR_HOP_SECONDS = 0.01;

function toDb(amplitude: number): number {
  return 20 * Math.log10(amplitude);
}

/**
 * Sample peak, RMS and the RMS of the quietest 500 ms (windows 10 ms apart) of the decoded samples. Computed here
 * rather than read from ffmpeg's astats: its "RMS trough" over a 0.5 s window does not slide over the whole file
 * (ffmpeg 5.1 gave −39 dB for a file whose last 2 s measure −72 dB).
 */
function levelsOf(samples: Float32Array, sampleRate: number) {
  let peak = 0;
  let sum = 0;
  const squares = new Float64Array(samples.length + 1);
  for (const [index, sample] of samples.entries()) {
    peak = Math.max(peak, Math.abs(sample));
    sum += sample * sample;
    squares[index + 1] = sum;
  }
  const window = Math.round(FLOOR_WINDOW_SECONDS * sampleRate);
  const hop = Math.round(FLOOR_HOP_SECONDS * sampleRate);
  let quietest = Number.POSITIVE_INFINITY;
  for (let start = 0; start + window <= samples.length; start += hop)
    quietest = Math.min(quietest, (squares[start + window]! - squares[start]!) / window);
  return {
    peakDb: toDb(peak),
    rmsDb: toDb(Math.sqrt(sum / Math.max(1, samples.length))),
    noiseFloorDb: toDb(Math.sqrt(quietest)),
  };
}

async function probeAudio(filePath: string) {
  const { stdout } = await run(
    'ffprobe',
    [
      '-v',
      'error',
      '-select_streams',
      'a:0',
      '-show_entries',
      'stream=codec_name,sample_rate,channels,bit_rate:packet=size',
      '-show_packets',
      '-of',
      'json',
      filePath,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as {
    streams: { codec_name: string; sample_rate: string; channels: number; bit_rate: string }[];
    packets: { size: string }[];
  };
}

/** Measures a delivery file with ffprobe (format, packets) and ffmpeg (its decoded samples, silencedetect). */
export async function measureDelivery(filePath: string): Promise<MeasuredDelivery> {
  const probed = await probeAudio(filePath);
  const stream = probed.streams[0];
  if (!stream) throw new Error(`${filePath} has no audio stream`);
  const sizes = probed.packets.map((packet) => Number(packet.size));
  const log = await ffmpeg(['-i', filePath, '-af', 'silencedetect=n=-50dB:d=0.1', '-f', 'null', '-']);
  const sampleRate = Number(stream.sample_rate);
  const folder = await mkdtemp(path.join(tmpdir(), 'timbre-levels-'));
  const samples = await decodeWithFfmpeg(filePath, sampleRate, 1, path.join(folder, 'mono.f32')).finally(() =>
    rm(folder, { recursive: true, force: true }),
  );
  // The length heard: the decoded samples (the container's duration adds the MP3 decoder's start offset).
  const durationSeconds = samples.length / sampleRate;
  const starts = [...log.matchAll(/silence_start: (-?[\d.]+)/gu)].map((match) => Number(match[1]));
  const ends = [...log.matchAll(/silence_end: ([\d.]+)/gu)].map((match) => Number(match[1]));
  const firstStart = starts[0] ?? Number.POSITIVE_INFINITY;
  const lastStart = starts.at(-1) ?? durationSeconds;
  const lastEnd = ends.at(-1) ?? 0;
  return {
    codec: stream.codec_name,
    sampleRate,
    channels: stream.channels,
    bitrateKbps: Number(stream.bit_rate) / 1000,
    packetBytes: { min: Math.min(...sizes), max: Math.max(...sizes) },
    ...levelsOf(samples, sampleRate),
    // Silence from the very start: the head ends where the first silence does.
    headSeconds: firstStart <= 0.05 ? (ends[0] ?? 0) : 0,
    // Silence still running at the end of the file (silencedetect closes it at the end, or leaves it open).
    tailSeconds: lastEnd >= durationSeconds - 0.05 || lastStart > lastEnd ? durationSeconds - lastStart : 0,
    durationSeconds,
  };
}
