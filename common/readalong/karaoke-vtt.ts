import { formatTimestamp } from '../subtitles/subtitle-format.js';
import type { TimedBlock, TimedSentence } from './readalong-timing.js';

/**
 * Below this many milliseconds per word a sentence is spoken too fast for word highlighting to mean anything (the
 * estimate's error is of that order), so the sentence is highlighted whole.
 */
const MIN_MS_PER_WORD = 120;

/**
 * Karaoke-style WebVTT: one cue per sentence, timed from the real takes, and inside it a WebVTT timestamp tag
 * (`<00:00:01.500>`) before each word, so players that style `:past` and `:future` light the words up as they are
 * read. Word times are estimates (readalong-timing.ts); a sentence too quick for them keeps sentence highlighting only.
 */
export function formatKaraokeVtt(blocks: readonly TimedBlock[]): string {
  const cues = blocks.flatMap((block) => block.sentences).map(karaokeCue);
  return ['WEBVTT', '', ...cues].join('\n');
}

function karaokeCue(sentence: TimedSentence): string {
  const timing = `${formatTimestamp(sentence.startMs, '.')} --> ${formatTimestamp(sentence.endMs, '.')}`;
  return `${timing}\n${karaokeText(sentence)}\n`;
}

function karaokeText(sentence: TimedSentence): string {
  const words = sentence.words;
  if ((sentence.endMs - sentence.startMs) / Math.max(1, words.length) < MIN_MS_PER_WORD)
    return escapeCueText(sentence.text);
  let lastTagMs = sentence.startMs;
  return words
    .map((word, index) => {
      const text = escapeCueText(word.text);
      // A tag must fall strictly inside the cue and after the one before it.
      if (index === 0 || word.startMs <= lastTagMs || word.startMs >= sentence.endMs) return text;
      lastTagMs = word.startMs;
      return `<${formatTimestamp(word.startMs, '.')}>${text}`;
    })
    .join(' ');
}

/** Cue text shows `&`, `<` and `>` as typed; a cue's text must not hold the `-->` that ends a timing line. */
function escapeCueText(text: string): string {
  return text.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;');
}
