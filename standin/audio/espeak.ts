import { WORK_SAMPLE_RATE, int16BufferToFloat, resampleLinear } from './pcm.js';
import { runProcess } from './run-process.js';
import { parseWavPcm16 } from './wav.js';

export interface EspeakRequest {
  text: string;
  /** eSpeak NG voice, e.g. `en+f3` (language + variant). */
  voice: string;
  /** 0..99. */
  pitch: number;
  /** 80..450 words per minute. */
  wordsPerMinute: number;
}

const ESPEAK_MIN_WPM = 80;
const ESPEAK_MAX_WPM = 450;

/** Synthesises one piece of text with the Debian `espeak-ng` CLI and returns mono samples at the working rate. */
export async function synthesizeWithEspeak(request: EspeakRequest): Promise<Float32Array> {
  const pitch = Math.round(Math.min(99, Math.max(0, request.pitch)));
  const wpm = Math.round(Math.min(ESPEAK_MAX_WPM, Math.max(ESPEAK_MIN_WPM, request.wordsPerMinute)));
  // Text goes through stdin so that text starting with '-' is never read as an option.
  const { stdout } = await runProcess(
    'espeak-ng',
    ['-b', '1', '-v', request.voice, '-p', String(pitch), '-s', String(wpm), '--stdout'],
    request.text,
  );
  const wav = parseWavPcm16(stdout);
  const samples = int16BufferToFloat(wav.data);
  return resampleLinear(samples, wav.sampleRate, WORK_SAMPLE_RATE);
}
