/**
 * How far the karaoke WebVTT's word times are from when espeak-ng (the stand-in's voice) says the words (issue 40).
 *
 *   npx tsx scripts/bench-karaoke-words.ts
 *
 * The service gives no word timings, so the export estimates them: a sentence's start and end are measured (its
 * take, its pauses) and its words share that time in proportion to their letters (common/readalong, timeWords).
 * Reference: espeak-ng speaks each sentence, then each prefix of it ("The river", "The river rises", …); where a
 * prefix's speech stops is taken as where the next word starts in the whole sentence. That reference is itself
 * late by the lengthening espeak gives a phrase's last word, so the figures are an upper bound on the error of the
 * estimate against espeak's own timing, and say nothing of a cloud voice's rhythm.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { timeWords } from '../common/readalong/readalong-timing.js';
import { espeak, ffmpeg } from '../main/services/export/test-support/media-tools.js';

const SENTENCES = [
  'The first river rises in the hills and runs north for a hundred miles.',
  'Mountains come next, some young and sharp, others old and worn down by rain.',
  'Welcome to the studio, where we will talk about rivers, mountains and the sea.',
  'She opened the letter slowly and read it twice before she said a word.',
  'In the winter of that year the harbour froze from one wall to the other.',
  'Nobody in the village remembered who had built the old stone bridge.',
];

const folder = await mkdtemp(path.join(tmpdir(), 'timbre-bench-karaoke-'));

/** Where speech starts and stops in a WAV, in milliseconds (ffmpeg's silencedetect at −45 dB). */
async function speechSpan(wav: string): Promise<{ startMs: number; endMs: number }> {
  const log = await ffmpeg(['-i', wav, '-af', 'silencedetect=noise=-45dB:d=0.05', '-f', 'null', '-']);
  const duration = /Duration: (\d+):(\d+):([\d.]+)/u.exec(log);
  const totalMs = duration
    ? (Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])) * 1000
    : 0;
  const starts = [...log.matchAll(/silence_start: ([\d.]+)/gu)].map((match) => Number(match[1]) * 1000);
  const ends = [...log.matchAll(/silence_end: ([\d.]+)/gu)].map((match) => Number(match[1]) * 1000);
  const startMs = starts[0] !== undefined && starts[0] < 5 ? (ends[0] ?? 0) : 0;
  const trailing = starts.at(-1);
  const endMs =
    trailing !== undefined && trailing > startMs && ends.length < starts.length ? trailing : totalMs;
  return { startMs, endMs };
}

const errors: number[] = [];
/** Estimate minus reference: negative when the estimate lights a word up before espeak's prefix says it ends. */
const signed: number[] = [];
try {
  for (const [index, sentence] of SENTENCES.entries()) {
    const whole = path.join(folder, `s${index}.wav`);
    await espeak(sentence, whole);
    const span = await speechSpan(whole);
    const estimated = timeWords({ text: sentence, startMs: span.startMs, endMs: span.endMs });
    const words = sentence.split(' ');
    for (let count = 1; count < words.length; count += 1) {
      const prefix = path.join(folder, `s${index}-${count}.wav`);
      await espeak(words.slice(0, count).join(' '), prefix);
      const reference = (await speechSpan(prefix)).endMs;
      signed.push(estimated[count]!.startMs - reference);
      errors.push(Math.abs(estimated[count]!.startMs - reference));
    }
  }
} finally {
  await rm(folder, { recursive: true, force: true });
}

const sorted = [...errors].sort((a, b) => a - b);
const at = (fraction: number): number =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!);
const mean = Math.round(errors.reduce((sum, error) => sum + error, 0) / errors.length);
console.log(`Word starts compared: ${errors.length} (${SENTENCES.length} sentences, espeak-ng en)`);
const bias = Math.round(signed.reduce((sum, error) => sum + error, 0) / signed.length);
console.log(`Mean signed difference (estimate − reference), ms: ${bias}`);
console.log(
  `Error of the letter-proportional estimate, ms: mean ${mean}, median ${at(0.5)}, 90th percentile ${at(0.9)}, max ${at(1)}`,
);
