import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Writes a WAV of synthetic speech with espeak-ng (a system dependency of the project), so voice creation can
 * be tested against the stand-in's speech meter with a real recording rather than a tone.
 */
export async function writeSpeechWav(dir: string, name: string, text: string): Promise<string> {
  const filePath = path.join(dir, name);
  await run('espeak-ng', ['-w', filePath, text]);
  return filePath;
}

export const LONG_SPEECH =
  'The quick brown fox jumps over the lazy dog. She sells sea shells by the sea shore. ' +
  'Peter Piper picked a peck of pickled peppers, and the rain in Spain stays mainly in the plain.';
export const SHORT_SPEECH = 'Hi.';
