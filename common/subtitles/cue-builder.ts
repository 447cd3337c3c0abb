import { splitIntoPieces, splitSpan, type FitsOneCue, type TextPiece } from './cue-pieces.js';
import { breakIntoLines } from './line-breaking.js';
import { buildSpeechTimeMap, type SpeechTimeMap } from './speech-time-map.js';
import { displayLength, normaliseSubtitleText, spokenWeight } from './text-segmentation.js';
import {
  defaultSubtitleSettings,
  type SubtitleCue,
  type SubtitleSettings,
  type SubtitleSource,
} from './subtitle-types.js';

// Re-cutting pieces that run longer than maxCueMs converges in one or two rounds; the bound only guards.
const MAX_RECUT_ROUNDS = 4;
// BBC: a subtitle should not stay up more than 1.5 s after the speech it carries has ended.
const MAX_LINGER_AFTER_SPEECH_MS = 1500;

interface TimedPiece {
  readonly piece: TextPiece;
  readonly startMs: number;
  readonly endMs: number;
}

/**
 * Builds the subtitle cues of an export from its spoken blocks. Each block's text is cut at sentences,
 * then clauses, then words into cues that fit the line limits; each cue is timed from the pauses in the
 * block's audio (see buildSpeechTimeMap) and placed at the block's position on the timeline. Finally,
 * across all blocks, cues are kept on screen long enough to read (reading speed, minimum duration),
 * never longer than the maximum, and separated by the minimum gap. `audioEndMs` is where the file's audio ends:
 * no cue stays up past it (the last cue, lengthened for reading time, would otherwise outlast the audio).
 */
export function buildCues(
  sources: readonly SubtitleSource[],
  settings: SubtitleSettings = defaultSubtitleSettings,
  audioEndMs = Number.POSITIVE_INFINITY,
): SubtitleCue[] {
  const ordered = [...sources].sort((a, b) => a.startMs - b.startMs);
  const cues = ordered.flatMap((source) => cuesOfBlock(source, settings));
  const lanes = new Map(sources.map((source) => [source.blockId, source.lane ?? 0]));
  return settleTiming(cues, settings, audioEndMs, (cue) => lanes.get(cue.blockId) ?? 0);
}

function cuesOfBlock(source: SubtitleSource, settings: SubtitleSettings): SubtitleCue[] {
  const text = normaliseSubtitleText(source.text);
  if (spokenWeight(text) === 0 || source.durationMs <= 0) return [];
  const map = buildSpeechTimeMap(text, source.durationMs, source.silences);
  const fits: FitsOneCue = (candidate) =>
    breakIntoLines(candidate, settings.maxCharsPerLine, settings.maxLines) !== undefined;
  const pieces = splitIntoPieces(text, fits).filter((piece) => spokenWeight(piece.text) > 0);
  const recut = recutOverlongPieces(
    text,
    pieces.map((piece) => timePiece(piece, map)),
    map,
    fits,
    settings,
  );
  const timed = mergeUnreadablyShort(text, recut, fits, settings);
  return timed.map(({ piece, startMs, endMs }) => ({
    blockId: source.blockId,
    startMs: source.startMs + startMs,
    endMs: source.startMs + endMs,
    lines: breakIntoLines(piece.text, settings.maxCharsPerLine, settings.maxLines) ?? [piece.text],
  }));
}

function timePiece(piece: TextPiece, map: SpeechTimeMap): TimedPiece {
  const startMs = map.startOf(piece.start);
  const endMs = Math.max(startMs, map.endOf(piece.end));
  return { piece, startMs, endMs };
}

/** A piece spoken for longer than maxCueMs is cut again, into as many parts as its duration needs. */
function recutOverlongPieces(
  text: string,
  timed: TimedPiece[],
  map: SpeechTimeMap,
  fits: FitsOneCue,
  settings: SubtitleSettings,
): TimedPiece[] {
  let current = timed;
  for (let round = 0; round < MAX_RECUT_ROUNDS; round += 1) {
    let changed = false;
    current = current.flatMap((entry) => {
      const duration = entry.endMs - entry.startMs;
      if (duration <= settings.maxCueMs || !entry.piece.text.includes(' ')) return [entry];
      const parts = Math.ceil(duration / settings.maxCueMs);
      const cap = Math.max(1, Math.floor(displayLength(entry.piece.text) / parts));
      const fitsShorter: FitsOneCue = (candidate) => displayLength(candidate) <= cap && fits(candidate);
      const pieces = splitSpan(text, entry.piece, fitsShorter, 'clause');
      if (pieces.length <= 1) return [entry];
      changed = true;
      return pieces.filter((piece) => spokenWeight(piece.text) > 0).map((piece) => timePiece(piece, map));
    });
    if (!changed) break;
  }
  return current;
}

/**
 * A piece that cannot stay up for minCueMs before the next one starts (a short sentence with no pause
 * after it, as in "Hi. How are you?") joins the next piece when the two fit in one cue together.
 */
function mergeUnreadablyShort(
  text: string,
  timed: TimedPiece[],
  fits: FitsOneCue,
  settings: SubtitleSettings,
): TimedPiece[] {
  const result = [...timed];
  let index = 0;
  while (index + 1 < result.length) {
    const current = result[index];
    const next = result[index + 1];
    if (!current || !next) break;
    const room = next.startMs - settings.minGapMs - current.startMs;
    const merged = text.slice(current.piece.start, next.piece.end);
    const mergedMs = next.endMs - current.startMs;
    if (room < settings.minCueMs && mergedMs <= settings.maxCueMs && fits(merged)) {
      const piece = { start: current.piece.start, end: next.piece.end, text: merged };
      result.splice(index, 2, { piece, startMs: current.startMs, endMs: next.endMs });
    } else {
      index += 1;
    }
  }
  return result;
}

/**
 * Cross-cue rules, in time order: extend a cue that is too short to read (to the reading-speed
 * duration, at least minCueMs) into the silence after it, by at most 1.5 s; cap it at maxCueMs; end it minGapMs before
 * the next cue of its lane starts, and never after the audio ends. A cue of another lane (timed dialogue: another
 * speaker) may cut its reading time short but never its words: a line shows for as long as its take speaks, also
 * when it runs on past its slot while the other speaker starts. Times are rounded to whole milliseconds (the end
 * at the audio's end rounded down, so it is not past the last sample).
 */
function settleTiming(
  cues: SubtitleCue[],
  settings: SubtitleSettings,
  audioEndMs: number,
  laneOf: (cue: SubtitleCue) => number,
): SubtitleCue[] {
  const sorted = [...cues].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  const nextInLane = nextStartsInLane(sorted, laneOf);
  const lastEndMs = Math.floor(audioEndMs);
  return sorted.map((cue, index) => {
    // A cue needs one millisecond before the audio's end to be shown at all.
    const startMs = Math.min(Math.round(cue.startMs), lastEndMs - 1);
    const next = sorted[index + 1];
    const readingMs = (displayLength(cue.lines.join(' ')) / settings.charsPerSecond) * 1000;
    const wantedMs = Math.min(settings.maxCueMs, Math.max(settings.minCueMs, readingMs));
    let endMs = Math.max(cue.endMs, Math.min(cue.startMs + wantedMs, cue.endMs + MAX_LINGER_AFTER_SPEECH_MS));
    endMs = Math.min(endMs, cue.startMs + settings.maxCueMs);
    const laneNextMs = nextInLane[index];
    if (laneNextMs !== undefined) endMs = Math.min(endMs, laneNextMs - settings.minGapMs);
    if (next && laneOf(next) !== laneOf(cue)) {
      endMs = Math.min(endMs, Math.max(cue.endMs, next.startMs - settings.minGapMs));
    }
    endMs = Math.min(Math.round(endMs), lastEndMs);
    // Cues of overlapping blocks can leave no room at all; a cue still lasts at least one millisecond.
    return { ...cue, startMs, endMs: Math.max(startMs + 1, endMs) };
  });
}

/** For each cue (in time order), the start of the next cue of its lane (undefined: the last of its lane). */
function nextStartsInLane(
  sorted: readonly SubtitleCue[],
  laneOf: (cue: SubtitleCue) => number,
): (number | undefined)[] {
  const following = new Map<number, number>();
  const starts: (number | undefined)[] = new Array<number | undefined>(sorted.length);
  for (let index = sorted.length - 1; index >= 0; index -= 1) {
    const cue = sorted[index]!;
    starts[index] = following.get(laneOf(cue));
    following.set(laneOf(cue), cue.startMs);
  }
  return starts;
}
