import { knownBlockMemo } from './block-memo.js';
import { playableDurationMs } from './takes.js';
import type { SendContext } from './send-context.js';
import type { Block } from './project-schema.js';
import { resolvedSpeechRate, spokenText } from './resolve-params.js';

/**
 * Speaking speed at rate 1, in characters per second, by script. Characters of a text are classified one by one,
 * so mixed-script text (English names in Chinese, say) is estimated part by part.
 * - Latin, Cyrillic and other alphabetic scripts: ~15 chars/s (≈150–160 words a minute with ~6 characters a word
 *   including the space, the usual narration pace); spaces and punctuation count as characters here.
 * - Han (Chinese characters, also kanji): ~4.5 chars/s (≈270 characters a minute, Mandarin narration pace).
 * - Japanese kana: ~7 chars/s (a kana is about one mora; Japanese runs at ~7–8 morae a second).
 * - Hangul syllables: ~6 chars/s.
 * CJK punctuation and spaces between CJK text cost a short beat (like a Latin character).
 * These are estimates for layout before generation; real durations replace them once audio exists.
 */
const CHARS_PER_SECOND = { latin: 15, han: 4.5, kana: 7, hangul: 6 } as const;

type ScriptClass = keyof typeof CHARS_PER_SECOND;

/** Any character classifyChar may not count as Latin (every one outside the BMP, where Han extensions live). */
const SLOWER_SCRIPT =
  /[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9d\u{10000}-\u{10ffff}]/u;

/** Placeholder lengths used until audio exists and no length was requested. */
export const DEFAULT_SFX_ESTIMATE_MS = 5_000;
export const DEFAULT_MUSIC_ESTIMATE_MS = 30_000;
/** Read-only blocks (audio, scene, …) without text give no hint at all; show them at this length. */
export const DEFAULT_PASSTHROUGH_ESTIMATE_MS = 3_000;

/** Slowest and fastest rates the estimate accepts, so a bad value cannot produce a zero or infinite block. */
const MIN_RATE = 0.25;
const MAX_RATE = 4;

/** Estimated milliseconds to speak `text` at `speechRate` (1 = neutral; 2 = twice as fast). */
export function estimateSpeechMs(text: string, speechRate = 1): number {
  const spoken = spokenText(text);
  return atRate(isLatinOnly(spoken) ? latinSeconds(spoken) : classifiedSeconds(spoken), speechRate);
}

/** Most scripts hold no character of the slower classes: they are counted in one go. */
function isLatinOnly(spoken: string): boolean {
  return !SLOWER_SCRIPT.test(spoken);
}

function latinSeconds(spoken: string): number {
  return spoken.length / CHARS_PER_SECOND.latin;
}

/** Character by character (laying out a 1,500,000-character audiobook this way took ~60 ms of its opening). */
function classifiedSeconds(spoken: string): number {
  let seconds = 0;
  for (const char of spoken) seconds += 1 / CHARS_PER_SECOND[classifyChar(char)];
  return seconds;
}

function atRate(seconds: number, speechRate: number): number {
  const rate = Number.isFinite(speechRate) ? Math.min(MAX_RATE, Math.max(MIN_RATE, speechRate)) : 1;
  return Math.round((seconds * 1000) / rate);
}

function classifyChar(char: string): ScriptClass {
  const code = char.codePointAt(0) ?? 0;
  if (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x20000 && code <= 0x2ebef) ||
    (code >= 0xf900 && code <= 0xfaff)
  ) {
    return 'han';
  }
  if (
    (code >= 0x3040 && code <= 0x30ff) ||
    (code >= 0x31f0 && code <= 0x31ff) ||
    (code >= 0xff66 && code <= 0xff9d)
  ) {
    return 'kana';
  }
  if (
    (code >= 0xac00 && code <= 0xd7af) ||
    (code >= 0x1100 && code <= 0x11ff) ||
    (code >= 0x3130 && code <= 0x318f)
  ) {
    return 'hangul';
  }
  return 'latin';
}

export interface BlockDuration {
  durationMs: number;
  /** 'audio' once the block has audio for its current content; 'estimate' before that (or when stale). */
  source: 'audio' | 'estimate';
}

/**
 * How long the block lasts on the timeline: the real audio length when its audio matches the current content,
 * otherwise an estimate (a stale block will be regenerated, so its new text's length is the better guess).
 */
export function blockDuration(block: Block, context: SendContext): BlockDuration {
  // Remembered only on a block that already has a record (its hash is known: every block, once an opened project
  // is hashed), so the first layout of a book makes no records. Later layouts, one per followed edit, then
  // re-read only the edited block: estimating 10,000 blocks' texts again was ~4 of the layout's ~7 ms.
  const memo = knownBlockMemo(block);
  const known = memo?.duration;
  if (known !== undefined && known.context === context) return known.duration;
  const audioMs = playableDurationMs(block, context);
  const duration: BlockDuration =
    audioMs !== undefined
      ? { durationMs: audioMs, source: 'audio' }
      : { durationMs: estimateBlockMs(block, context), source: 'estimate' };
  if (memo !== undefined) memo.duration = { context, duration };
  return duration;
}

/**
 * Estimates of text in the slower scripts, counted character by character, are memoised per block object and
 * speech rate (blocks are immutable values, see contentHash): laying out a long project after one keystroke then
 * re-reads only the edited block's text. Latin-only text is estimated from its length at once, which costs less
 * than a memo entry (making 10,000 of them was ~10 ms of an audiobook's first layout).
 */
const classifiedEstimates = new WeakMap<Block, { speechRate: number; ms: number }>();

/** The block's length estimated from its text (or requested length), whether or not it has audio. */
export function estimateBlockMs(block: Block, context: SendContext): number {
  switch (block.type) {
    case 'text': {
      const speechRate = resolvedSpeechRate(block, context);
      const spoken = spokenText(block.text);
      if (isLatinOnly(spoken)) return atRate(latinSeconds(spoken), speechRate);
      const cached = classifiedEstimates.get(block);
      if (cached !== undefined && cached.speechRate === speechRate) return cached.ms;
      const ms = atRate(classifiedSeconds(spoken), speechRate);
      classifiedEstimates.set(block, { speechRate, ms });
      return ms;
    }
    case 'sfx':
      return requestedLengthMs(block.sfx_length) ?? DEFAULT_SFX_ESTIMATE_MS;
    case 'music':
      return requestedLengthMs(block.sfx_length) ?? DEFAULT_MUSIC_ESTIMATE_MS;
    default: {
      const text = block.params.text;
      return typeof text === 'string' && text.trim() !== ''
        ? estimateSpeechMs(text)
        : DEFAULT_PASSTHROUGH_ESTIMATE_MS;
    }
  }
}

/** sfx_length is sent in seconds; a missing or meaningless value gives no estimate. */
function requestedLengthMs(seconds: number | undefined): number | undefined {
  return seconds !== undefined && Number.isFinite(seconds) && seconds > 0
    ? Math.round(seconds * 1000)
    : undefined;
}
