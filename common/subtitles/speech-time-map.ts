import { alignPauses } from './pause-alignment.js';
import { findBreakPoints, spokenWeight } from './text-segmentation.js';
import type { SilenceSpan } from './subtitle-types.js';

/** Where a position of a block's text is spoken, in milliseconds from the start of the block's audio. */
export interface SpeechTimeMap {
  /** When speech resumes at this text position (after any pause there): a cue's start. */
  startOf(position: number): number;
  /** When speech stops at this text position (before any pause there): a cue's end. */
  endOf(position: number): number;
}

// Silences this close to the start or the end of the audio are its lead-in and tail, not pauses in the text.
const EDGE_TOLERANCE_MS = 40;

interface Anchor {
  readonly weight: number;
  /** Time the speech before this point ends. */
  readonly before: number;
  /** Time the speech after this point starts. */
  readonly after: number;
}

/**
 * Builds the text-to-time map of one block. The block's pauses are matched to its punctuation
 * (alignPauses); between matched pauses, time runs in proportion to letters spoken, skipping any
 * silence the text does not explain. Without silences this falls back to letters spread evenly.
 */
export function buildSpeechTimeMap(
  text: string,
  durationMs: number,
  silences: readonly SilenceSpan[] = [],
): SpeechTimeMap {
  const spans = normaliseSilences(silences, durationMs);
  let speechStart = 0;
  let speechEnd = durationMs;
  const first = spans[0];
  if (first && first.startMs <= EDGE_TOLERANCE_MS) speechStart = first.endMs;
  const last = spans[spans.length - 1];
  if (last && last.endMs >= durationMs - EDGE_TOLERANCE_MS) speechEnd = last.startMs;
  // Audio that is one silence from end to end has no speech to place: spread the text over all of it.
  if (speechEnd <= speechStart) {
    speechStart = 0;
    speechEnd = durationMs;
  }
  const interior = spans.filter((span) => span.startMs > speechStart && span.endMs < speechEnd);
  const clock = new SpeechClock(speechStart, speechEnd, interior);
  const anchors = buildAnchors(text, clock, interior, speechStart, speechEnd);
  return {
    startOf: (position) => timeAt(text, anchors, clock, position, 'start'),
    endOf: (position) => timeAt(text, anchors, clock, position, 'end'),
  };
}

/** Sorted, clamped and merged silences. */
function normaliseSilences(silences: readonly SilenceSpan[], durationMs: number): SilenceSpan[] {
  const sorted = silences
    .map((span) => ({ startMs: clamp(span.startMs, 0, durationMs), endMs: clamp(span.endMs, 0, durationMs) }))
    .filter((span) => span.endMs > span.startMs)
    .sort((a, b) => a.startMs - b.startMs);
  const merged: SilenceSpan[] = [];
  for (const span of sorted) {
    const previous = merged[merged.length - 1];
    if (previous && span.startMs <= previous.endMs) {
      merged[merged.length - 1] = { startMs: previous.startMs, endMs: Math.max(previous.endMs, span.endMs) };
    } else {
      merged.push(span);
    }
  }
  return merged;
}

function buildAnchors(
  text: string,
  clock: SpeechClock,
  interior: SilenceSpan[],
  speechStart: number,
  speechEnd: number,
): Anchor[] {
  const totalWeight = Math.max(1, spokenWeight(text));
  const points = findBreakPoints(text).map((point) => ({
    ...point,
    weight: spokenWeight(text.slice(0, point.position)),
  }));
  const candidates = points.map((point) => ({
    fraction: point.weight / totalWeight,
    strength: point.strength,
  }));
  const pauses = interior.map((span) => ({
    fraction: clock.total > 0 ? clock.toSpeech(span.startMs) / clock.total : 0,
    durationMs: span.endMs - span.startMs,
  }));
  const anchors: Anchor[] = [{ weight: 0, before: speechStart, after: speechStart }];
  for (const match of alignPauses(candidates, pauses)) {
    const point = points[match.candidate];
    const span = interior[match.pause];
    if (point && span) anchors.push({ weight: point.weight, before: span.startMs, after: span.endMs });
  }
  anchors.push({ weight: totalWeight, before: speechEnd, after: speechEnd });
  return anchors;
}

function timeAt(
  text: string,
  anchors: Anchor[],
  clock: SpeechClock,
  position: number,
  side: 'start' | 'end',
): number {
  const weight = spokenWeight(text.slice(0, Math.max(0, position)));
  const same = anchors.filter((anchor) => anchor.weight === weight);
  if (same.length > 0) {
    return side === 'start' ? (same[same.length - 1]?.after ?? 0) : (same[0]?.before ?? 0);
  }
  let index = 0;
  while (index + 1 < anchors.length && (anchors[index + 1]?.weight ?? 0) < weight) index += 1;
  const from = anchors[index];
  const to = anchors[index + 1];
  if (!from || !to) return from?.after ?? 0;
  const fraction = (weight - from.weight) / Math.max(1, to.weight - from.weight);
  const fromSpeech = clock.toSpeech(from.after);
  const toSpeech = clock.toSpeech(to.before);
  return clock.toReal(fromSpeech + fraction * (toSpeech - fromSpeech), side);
}

/**
 * Speech time: the block's time with every interior silence cut out, so that letters map to speech
 * evenly and a position never lands inside a pause.
 */
class SpeechClock {
  readonly total: number;

  constructor(
    private readonly start: number,
    end: number,
    private readonly silences: SilenceSpan[],
  ) {
    this.total = this.toSpeech(end);
  }

  toSpeech(realMs: number): number {
    let speech = realMs - this.start;
    for (const span of this.silences) {
      if (span.startMs >= realMs) break;
      speech -= Math.min(realMs, span.endMs) - span.startMs;
    }
    return Math.max(0, speech);
  }

  toReal(speechMs: number, side: 'start' | 'end'): number {
    let real = this.start + speechMs;
    for (const span of this.silences) {
      // A position exactly at a cut-out silence starts after it and ends before it.
      const reaches = side === 'start' ? span.startMs <= real : span.startMs < real;
      if (!reaches) break;
      real += span.endMs - span.startMs;
    }
    return real;
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
