import type { SentenceTiming } from '../state/schema.js';
import { synthesizeWithEspeak } from './espeak.js';
import { WORK_SAMPLE_RATE, concat, silence, trimSilence } from './pcm.js';
import { splitSentences } from './sentences.js';

export interface SpeechRequest {
  text: string;
  espeakVoice: string;
  pitch: number;
  /** Words per minute at speechRate 1. */
  wordsPerMinute: number;
  /** 0.5..2; scales both the speaking speed and the pauses between sentences. */
  speechRate: number;
}

export interface SpeechResult {
  samples: Float32Array;
  sentences: SentenceTiming[];
}

const LEAD_IN_S = 0.05;
const SENTENCE_PAUSE_S = 0.35;
const TAIL_S = 0.15;

/**
 * Speaks a block sentence by sentence and joins the sentences with measured pauses, so the exact start and end
 * of every sentence inside the segment is known (the subtitles and the timing ledger use these figures).
 */
export async function synthesizeSpeech(request: SpeechRequest): Promise<SpeechResult> {
  const sentenceTexts = splitSentences(request.text);
  const pause = silence(SENTENCE_PAUSE_S / request.speechRate);
  const parts: Float32Array[] = [silence(LEAD_IN_S)];
  const sentences: SentenceTiming[] = [];
  let cursor = parts[0]?.length ?? 0;
  for (const [index, text] of sentenceTexts.entries()) {
    const spoken = trimSilence(
      await synthesizeWithEspeak({
        text,
        voice: request.espeakVoice,
        pitch: request.pitch,
        wordsPerMinute: request.wordsPerMinute * request.speechRate,
      }),
    );
    if (index > 0) {
      parts.push(pause);
      cursor += pause.length;
    }
    sentences.push({
      index,
      text,
      startS: cursor / WORK_SAMPLE_RATE,
      endS: (cursor + spoken.length) / WORK_SAMPLE_RATE,
    });
    parts.push(spoken);
    cursor += spoken.length;
  }
  parts.push(silence(TAIL_S));
  return { samples: concat(parts), sentences };
}
