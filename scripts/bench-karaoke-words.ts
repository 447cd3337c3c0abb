/**
 * How far the karaoke WebVTT's word times are from when espeak-ng (the stand-in's voice) says the words (issue 40).
 *
 *   npx tsx scripts/bench-karaoke-words.ts
 *
 * The service gives no word timings, so the export estimates them from the take's time map (common/readalong,
 * readalong-timing.ts): a word after a pause the audio has starts where speech resumes, and between pauses time
 * runs in proportion to letters. The pauses come here from ffmpeg's silencedetect (the export finds them while
 * decoding, with its own detector).
 * Reference: espeak-ng speaks each sentence, then each prefix of it ("The river", "The river rises", …); where a
 * prefix's speech stops is taken as where the next word starts in the whole sentence. That reference is itself
 * late by the lengthening espeak gives a phrase's last word, so the figures are an upper bound on the error of the
 * estimate against espeak's own timing, and say nothing of a cloud voice's rhythm.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { timeReadAlong } from '../common/readalong/readalong-timing.js';
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
async function speechSpan(wav: string): Promise<{
  startMs: number;
  endMs: number;
  totalMs: number;
  silences: { startMs: number; endMs: number }[];
}> {
  const log = await ffmpeg(['-i', wav, '-af', 'silencedetect=noise=-45dB:d=0.05', '-f', 'null', '-']);
  const duration = /Duration: (\d+):(\d+):([\d.]+)/u.exec(log);
  const totalMs = duration
    ? (Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])) * 1000
    : 0;
  const starts = [...log.matchAll(/silence_start: ([\d.]+)/gu)].map((match) => Number(match[1]) * 1000);
  const ends = [...log.matchAll(/silence_end: ([\d.]+)/gu)].map((match) => Number(match[1]) * 1000);
  const startMs = starts[0] !== undefined && starts[0] < 5 ? (ends[0] ?? 0) : 0;
  // A silence that runs to the end of the file is the tail, not speech.
  const lastStart = starts.at(-1);
  const lastEnd = ends.at(-1);
  const tail =
    lastStart !== undefined && lastStart > startMs && (lastEnd === undefined || lastEnd >= totalMs - 5);
  const endMs = tail ? lastStart : totalMs;
  const silences = starts.map((start, index) => ({ startMs: start, endMs: ends[index] ?? totalMs }));
  return { startMs, endMs, totalMs, silences };
}

const errors: number[] = [];
/** Estimate minus reference: negative when the estimate lights a word up before espeak's prefix says it ends. */
const signed: number[] = [];
/** The same, for letters spread evenly over the sentence's speech with no regard to its pauses. */
const plain: number[] = [];
try {
  for (const [index, sentence] of SENTENCES.entries()) {
    const whole = path.join(folder, `s${index}.wav`);
    await espeak(sentence, whole);
    const span = await speechSpan(whole);
    const [block] = timeReadAlong(
      [{ blockId: 's', text: sentence, startMs: 0, durationMs: span.totalMs, silences: span.silences }],
      span.totalMs,
    );
    const estimated = block?.sentences.flatMap((timed) => timed.words) ?? [];
    const words = sentence.split(' ');
    const letters = words.map((word) => word.replace(/[^\p{L}\p{N}]/gu, '').length);
    const totalLetters = letters.reduce((sum, count) => sum + count, 0);
    for (let count = 1; count < words.length; count += 1) {
      const prefix = path.join(folder, `s${index}-${count}.wav`);
      await espeak(words.slice(0, count).join(' '), prefix);
      const reference = (await speechSpan(prefix)).endMs;
      signed.push(estimated[count]!.startMs - reference);
      errors.push(Math.abs(estimated[count]!.startMs - reference));
      const before = letters.slice(0, count).reduce((sum, letter) => sum + letter, 0);
      plain.push(Math.abs(span.startMs + (before / totalLetters) * (span.endMs - span.startMs) - reference));
    }
  }
} finally {
  await rm(folder, { recursive: true, force: true });
}

function summary(list: readonly number[]): string {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (fraction: number): number =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!);
  const mean = Math.round(list.reduce((sum, error) => sum + error, 0) / list.length);
  return `mean ${mean}, median ${at(0.5)}, 90th percentile ${at(0.9)}, max ${at(1)}`;
}
console.log(`Word starts compared: ${errors.length} (${SENTENCES.length} sentences, espeak-ng en)`);
const bias = Math.round(signed.reduce((sum, error) => sum + error, 0) / signed.length);
console.log(`Mean signed difference (estimate − reference), ms: ${bias}`);
console.log(`Error of the export's estimate (pauses, then letters), ms: ${summary(errors)}`);
console.log(`Error of letters alone over the sentence, ms: ${summary(plain)}`);
