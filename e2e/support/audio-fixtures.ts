import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Real speech made at test time with espeak-ng (no recordings are committed), as a WAV file. */
export async function makeSpeechWav(
  text: string,
  options: { rate?: number; sampleRate?: number; padSeconds?: number } = {},
): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'timbre-e2e-audio-'));
  const raw = path.join(dir, 'speech-raw.wav');
  const out = path.join(dir, 'speech.wav');
  execFileSync('espeak-ng', ['-s', String(options.rate ?? 150), '-w', raw, text]);
  const pad = String(options.padSeconds ?? 0.5);
  // 48 kHz mono 16-bit, with a little silence around it, as a microphone would record.
  execFileSync('sox', [
    raw,
    '-r',
    String(options.sampleRate ?? 48000),
    '-c',
    '1',
    '-b',
    '16',
    out,
    'pad',
    pad,
    pad,
  ]);
  return out;
}

export const readingScript =
  'The quick brown fox jumps over the lazy dog. She sells sea shells by the sea shore, and the shells she sells are surely sea shells. ' +
  'A journey of a thousand miles begins with a single step. Peter Piper picked a peck of pickled peppers.';
