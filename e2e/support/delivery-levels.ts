import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffmpeg } from '../../main/services/export/test-support/media-tools.js';

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
  /** RMS of the quietest 500 ms window (astats' RMS trough), the way ACX's checker reads the noise floor. */
  readonly noiseFloorDb: number;
  /** Room tone before the first sound and after the last, in seconds (silencedetect at −50 dBFS). */
  readonly headSeconds: number;
  readonly tailSeconds: number;
  readonly durationSeconds: number;
}

function astat(log: string, name: string): number {
  // The overall figures come last in astats' log (its per-window lines are off).
  const matches = [...log.matchAll(new RegExp(`${name}: (-?[\\d.]+|-inf)`, 'gu'))];
  const value = matches.at(-1)?.[1];
  if (value === undefined) throw new Error(`ffmpeg's astats printed no "${name}"`);
  return value === '-inf' ? Number.NEGATIVE_INFINITY : Number(value);
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
      'stream=codec_name,sample_rate,channels,bit_rate:format=duration:packet=size',
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
    format: { duration: string };
  };
}

/** Measures a delivery file with ffprobe (format, packets) and ffmpeg (astats, silencedetect). */
export async function measureDelivery(filePath: string): Promise<MeasuredDelivery> {
  const probed = await probeAudio(filePath);
  const stream = probed.streams[0];
  if (!stream) throw new Error(`${filePath} has no audio stream`);
  const sizes = probed.packets.map((packet) => Number(packet.size));
  const log = await ffmpeg([
    '-i',
    filePath,
    '-af',
    'astats=length=0.5:measure_perchannel=none,silencedetect=n=-50dB:d=0.1',
    '-f',
    'null',
    '-',
  ]);
  const durationSeconds = Number(probed.format.duration);
  const starts = [...log.matchAll(/silence_start: (-?[\d.]+)/gu)].map((match) => Number(match[1]));
  const ends = [...log.matchAll(/silence_end: ([\d.]+)/gu)].map((match) => Number(match[1]));
  const firstStart = starts[0] ?? Number.POSITIVE_INFINITY;
  const lastStart = starts.at(-1) ?? durationSeconds;
  const lastEnd = ends.at(-1) ?? 0;
  return {
    codec: stream.codec_name,
    sampleRate: Number(stream.sample_rate),
    channels: stream.channels,
    bitrateKbps: Number(stream.bit_rate) / 1000,
    packetBytes: { min: Math.min(...sizes), max: Math.max(...sizes) },
    peakDb: astat(log, 'Peak level dB'),
    rmsDb: astat(log, 'RMS level dB'),
    noiseFloorDb: astat(log, 'RMS trough dB'),
    // Silence from the very start: the head ends where the first silence does.
    headSeconds: firstStart <= 0.05 ? (ends[0] ?? 0) : 0,
    // Silence still running at the end of the file (silencedetect closes it at the end, or leaves it open).
    tailSeconds: lastEnd >= durationSeconds - 0.05 || lastStart > lastEnd ? durationSeconds - lastStart : 0,
    durationSeconds,
  };
}
