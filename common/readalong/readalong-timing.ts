import { sentenceBreaks } from '../text/index.js';
import { buildSpeechTimeMap } from '../subtitles/speech-time-map.js';
import { normaliseSubtitleText, spokenWeight } from '../subtitles/text-segmentation.js';
import type { SubtitleSource } from '../subtitles/subtitle-types.js';

/** One sentence of a block and where it is heard in the audio file, in milliseconds. */
export interface TimedSentence {
  readonly text: string;
  readonly startMs: number;
  readonly endMs: number;
  /** Its words and when each starts (estimated, see wordsOf); the first starts with the sentence. */
  readonly words: readonly TimedWord[];
}

/**
 * One spoken block for a read-along book: its text (whitespace collapsed) cut into sentences, each timed. When a
 * sentence cannot be placed (its time would be empty or run backwards), the block is one timed piece instead
 * (`wholeBlock`); a block with no audio to place at all has no sentences and is shown without highlighting.
 */
export interface TimedBlock {
  readonly blockId: string;
  readonly text: string;
  readonly sentences: readonly TimedSentence[];
  readonly wholeBlock: boolean;
}

/** One word of a sentence and when it starts (estimated: see wordsOf). */
export interface TimedWord {
  readonly text: string;
  readonly startMs: number;
}

/**
 * Times every sentence of the spoken blocks of one audio file. This is the subtitles' timing (common/subtitles):
 * each block sits where its real take sits in the file, and inside a block the pauses found in its audio are
 * matched to its punctuation, so a sentence starts where speech resumes after the pause before it; between
 * pauses time runs in proportion to letters. Sentences never overlap and never pass `audioEndMs`.
 */
export function timeReadAlong(sources: readonly SubtitleSource[], audioEndMs: number): TimedBlock[] {
  const ordered = [...sources].sort((a, b) => a.startMs - b.startMs);
  let lastEndMs = 0;
  return ordered.map((source) => {
    const block = timeBlock(source, lastEndMs, audioEndMs);
    const last = block.sentences[block.sentences.length - 1];
    if (last) lastEndMs = last.endMs;
    return block;
  });
}

function timeBlock(source: SubtitleSource, notBeforeMs: number, audioEndMs: number): TimedBlock {
  const text = normaliseSubtitleText(source.text);
  const spans = sentenceSpans(text);
  const base = { blockId: source.blockId, text };
  if (spans.length === 0 || source.durationMs <= 0) return { ...base, sentences: [], wholeBlock: false };
  const map = buildSpeechTimeMap(text, source.durationMs, source.silences);
  const clamp = (ms: number): number => Math.round(Math.min(audioEndMs, source.startMs + ms));
  const timeAt = (position: number): number => clamp(map.startOf(position));
  const sentences: TimedSentence[] = [];
  let previousEnd = notBeforeMs;
  for (const span of spans) {
    const startMs = Math.max(previousEnd, clamp(map.startOf(span.start)));
    const endMs = clamp(map.endOf(span.end));
    if (endMs <= startMs) break;
    sentences.push({
      text: text.slice(span.start, span.end),
      startMs,
      endMs,
      words: wordsOf(text, span, startMs, endMs, timeAt),
    });
    previousEnd = endMs;
  }
  if (sentences.length === spans.length) return { ...base, sentences, wholeBlock: false };
  // A sentence could not be placed: highlight the block as one piece, over all of its speech.
  const startMs = Math.max(notBeforeMs, clamp(map.startOf(0)));
  const endMs = clamp(map.endOf(text.length));
  if (endMs <= startMs) return { ...base, sentences: [], wholeBlock: false };
  const words = wordsOf(text, { start: 0, end: text.length }, startMs, endMs, timeAt);
  return { ...base, sentences: [{ text, startMs, endMs, words }], wholeBlock: true };
}

/**
 * The sentences of normalised text as [start, end) spans without their surrounding spaces, cut where the script
 * importer and the subtitles cut them; a piece with nothing spoken in it (a lone dash) joins the sentence before.
 */
function sentenceSpans(text: string): { start: number; end: number }[] {
  const cuts = [0, ...sentenceBreaks(text), text.length];
  const spans: { start: number; end: number }[] = [];
  let pendingStart: number | undefined;
  for (let index = 0; index + 1 < cuts.length; index += 1) {
    let start = cuts[index]!;
    let end = cuts[index + 1]!;
    while (start < end && text[start] === ' ') start += 1;
    while (end > start && text[end - 1] === ' ') end -= 1;
    if (end <= start) continue;
    const previous = spans[spans.length - 1];
    if (spokenWeight(text.slice(start, end)) > 0) {
      spans.push({ start: pendingStart ?? start, end });
      pendingStart = undefined;
    } else if (previous) previous.end = end;
    else pendingStart ??= start;
  }
  return spans;
}

/**
 * When each word of a sentence starts, estimated from the block's time map: a word after a pause the audio has
 * (a comma's) starts where speech resumes; between pauses, time runs in proportion to letters (the subtitles'
 * rule), since the service gives no word timings. Kept inside the sentence and never earlier than the word before.
 */
function wordsOf(
  text: string,
  span: { start: number; end: number },
  startMs: number,
  endMs: number,
  timeAt: (position: number) => number,
): TimedWord[] {
  const words: TimedWord[] = [];
  let previous = startMs;
  for (const match of text.slice(span.start, span.end).matchAll(/\S+/gu)) {
    const at =
      words.length === 0 ? startMs : Math.min(endMs, Math.max(previous, timeAt(span.start + match.index)));
    words.push({ text: match[0], startMs: at });
    previous = at;
  }
  return words;
}
