import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { AudioFormat } from '../options.js';
import { WORK_SAMPLE_RATE, floatToInt16Buffer, int16BufferToFloat } from './pcm.js';
import { runProcess, whyNotStarted } from './run-process.js';

/** The wire's audio: 24 kHz mono. */
const OUTPUT_SAMPLE_RATE = 24_000;

const QUIET = ['-hide_banner', '-loglevel', 'error'];

/**
 * Encodes working-rate samples to MP3 (64 kbps) or 16-bit WAV at 24 kHz mono. Written to a temp name and
 * renamed, so the file server never serves half a file.
 */
export async function encodeSamples(
  samples: Float32Array,
  outPath: string,
  format: AudioFormat,
): Promise<void> {
  await fs.mkdir(path.dirname(outPath), { recursive: true });
  const tempPath = `${outPath}.${randomBytes(4).toString('hex')}.part`;
  const codec =
    format === 'mp3'
      ? ['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3']
      : ['-c:a', 'pcm_s16le', '-f', 'wav'];
  await runProcess(
    'ffmpeg',
    [
      ...QUIET,
      '-f',
      's16le',
      '-ar',
      String(WORK_SAMPLE_RATE),
      '-ac',
      '1',
      '-i',
      'pipe:0',
      '-ar',
      String(OUTPUT_SAMPLE_RATE),
      '-ac',
      '1',
      ...codec,
      '-y',
      tempPath,
    ],
    floatToInt16Buffer(samples),
  );
  await fs.rename(tempPath, outPath);
}

export interface DecodeOptions {
  /** Decode at most this many seconds (protects memory when a 100 MB prompt is used as an audio block). */
  maxSeconds?: number;
  /** An ffmpeg audio filter chain applied while decoding. */
  filter?: string;
}

/** Decodes any audio ffmpeg understands into working-rate mono samples. */
export async function decodeFileToSamples(
  filePath: string,
  options: DecodeOptions = {},
): Promise<Float32Array> {
  const args = [...QUIET, '-nostdin', '-i', filePath];
  if (options.maxSeconds !== undefined) args.push('-t', String(options.maxSeconds));
  if (options.filter !== undefined) args.push('-af', options.filter);
  args.push('-f', 's16le', '-ac', '1', '-ar', String(WORK_SAMPLE_RATE), 'pipe:1');
  const { stdout } = await runProcess('ffmpeg', args);
  return int16BufferToFloat(stdout);
}

export interface DecodedPcmStream {
  /** 16-bit little-endian mono PCM chunks at the requested rate. */
  chunks: AsyncIterable<Buffer>;
  /** Stops decoding early (the reader has what it needs). */
  stop(): void;
  /** Settles when ffmpeg exits: rejects when it failed to decode (and was not stopped). */
  finished: Promise<void>;
}

/** Decodes a file as a stream, so measuring a 100 MB recording never holds it in memory. */
export function streamDecodedPcm(filePath: string, sampleRate: number): DecodedPcmStream {
  const child = spawn(
    'ffmpeg',
    [...QUIET, '-nostdin', '-i', filePath, '-f', 's16le', '-ac', '1', '-ar', String(sampleRate), 'pipe:1'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stopped = false;
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000);
  });
  const finished = new Promise<void>((resolve, reject) => {
    child.on('error', (error) =>
      reject(new Error(`ffmpeg could not start: ${whyNotStarted('ffmpeg', error)}`)),
    );
    child.on('close', (code) => {
      if (code === 0 || stopped) resolve();
      else
        reject(
          new Error(`ffmpeg could not decode the audio: ${stderr.trim().split('\n').slice(-2).join(' | ')}`),
        );
    });
  });
  return {
    chunks: child.stdout,
    stop: () => {
      stopped = true;
      child.kill('SIGKILL');
    },
    finished,
  };
}
