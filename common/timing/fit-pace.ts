import { estimateSpeechMs } from '../project/duration-estimate.js';
import type { Block, TextBlock } from '../project/project-schema.js';
import { resolvedSpeechRate, resolvedVoiceId, sentText } from '../project/resolve-params.js';
import type { SendContext } from '../project/send-context.js';
import { canonicalJson } from '../project/canonical-json.js';
import { activeTake, madeFrom, takesOf } from '../project/takes.js';
import { median } from '../audio/take-checks.js';

/** A voice's pace is believed once this many of its takes are measured (as the timeline's learned pace). */
const MIN_SAMPLES = 3;

/**
 * The pause between two sentences of one line, at rate 1: speech engines stop for about a third of a second
 * (the stand-in 350 ms, scaled by the rate like its speech; services 300–600 ms). Counted apart from the
 * characters, because the first takes a voice learns from are often one sentence each, and a three-sentence
 * line was then estimated a good tenth short (benchmark).
 */
const SENTENCE_PAUSE_MS = 350;

/** A sentence's end with more text after it: `.`, `!`, `?`, `…` and their CJK forms. */
const SENTENCE_BREAK = /[.!?…。！？](?=[\s"'”’»)]*\S)/gu;

function sentenceBreaks(text: string): number {
  return text.match(SENTENCE_BREAK)?.length ?? 0;
}

/**
 * How long a voice takes to say a line, learned from the project's measured takes (README.md, "The estimate"):
 * `edgeMs` of silence around the speech (the service's lead-in and tail, the same whatever the line), then speech
 * of `(interceptMs + slope × generic + pauses) ÷ rate`, where `generic` is the generic estimate of the text as sent
 * at rate 1 and `pauses` those between its sentences. The intercept is what every line costs beyond its characters (a one-word line still takes a third of a
 * second); fitted by least squares over the voice's takes, so a few short first lines do not make every long line
 * look slow, as a single ratio did (benchmark: scripts/bench-fit-estimate.ts).
 */
export interface VoicePace {
  edgeMs: number;
  interceptMs: number;
  slope: number;
}

interface PaceSample {
  edgeMs: number;
  /** Generic estimate of the text as sent, at rate 1. */
  generic: number;
  /** Speech time (the take less its edge silences) × its rate, less its pauses between sentences, at rate 1. */
  speechAtRate1: number;
}

/** Each voice's pace from the takes that play (`hasAudio(index)`: the layout measured the block's audio). */
export function learnFitPaces(
  blocks: readonly Block[],
  hasAudio: (index: number) => boolean,
  context: SendContext,
): Map<string, VoicePace> {
  const samples = new Map<string, PaceSample[]>();
  for (let index = 0; index < blocks.length; index += 1) {
    const block = blocks[index]!;
    if (block.type !== 'text' || !hasAudio(index)) continue;
    const sample = paceSample(block, context);
    const voiceId = resolvedVoiceId(block, context);
    if (sample === undefined || voiceId === null) continue;
    const list = samples.get(voiceId);
    if (list) list.push(sample);
    else samples.set(voiceId, [sample]);
  }
  const paces = new Map<string, VoicePace>();
  for (const [voiceId, list] of samples) {
    if (list.length >= MIN_SAMPLES) paces.set(voiceId, fitted(list));
  }
  return paces;
}

/** The length of `block` at `pace`, from its text as sent at the rate it is sent with. */
export function pacedEstimateMs(block: TextBlock, context: SendContext, pace: VoicePace): number {
  const sent = sentText(block, context);
  const generic = estimateSpeechMs(sent, 1);
  const rate = resolvedSpeechRate(block, context);
  const speech = pace.interceptMs + pace.slope * generic + SENTENCE_PAUSE_MS * sentenceBreaks(sent);
  return Math.round(pace.edgeMs + Math.max(0, speech) / rate);
}

/**
 * The length of `block` from its own earlier take of the same text as sent, voice and settings at another rate
 * (the newest such take): that take's length × its rate ÷ the rate now. After "Faster take at 1.12" or a rate
 * remedy the take is stale, yet it is the best evidence there is of how long this line runs (the voice's pace over
 * other lines is an average), and the needed rate was worked out from it in the same proportion, so the line is
 * then seen to fit. Undefined when the line has no such take.
 */
export function ownTakeEstimateMs(block: TextBlock, context: SendContext): number | undefined {
  const takes = takesOf(block);
  if (takes.length === 0) return undefined;
  const now = madeFrom(block, context);
  const rate = resolvedSpeechRate(block, context);
  const settings = settingsBesidesRate(now.params);
  for (let index = takes.length - 1; index >= 0; index -= 1) {
    const take = takes[index]!;
    const made = take.made;
    const takeRate = made?.params['speechRate'];
    if (made === undefined || made.text !== now.text || typeof takeRate !== 'number' || takeRate <= 0)
      continue;
    if (settingsBesidesRate(made.params) !== settings) continue;
    return Math.round((take.durationMs * takeRate) / rate);
  }
  return undefined;
}

/** A take's settings other than its rate and seed (another seed says the same words at the same pace). */
function settingsBesidesRate(params: Readonly<Record<string, unknown>>): string {
  const { speechRate: _rate, seed: _seed, ...rest } = params;
  return canonicalJson(rest);
}

function paceSample(block: TextBlock, context: SendContext): PaceSample | undefined {
  const take = activeTake(block, context);
  const measures = take?.measures;
  if (take === undefined || measures === undefined) return undefined;
  const edgeMs = measures.leadingSilenceMs + measures.trailingSilenceMs;
  const speech = take.durationMs - edgeMs;
  const sent = sentText(block, context);
  const generic = estimateSpeechMs(sent, 1);
  if (speech <= 0 || generic <= 0) return undefined;
  const speechAtRate1 =
    speech * resolvedSpeechRate(block, context) - SENTENCE_PAUSE_MS * sentenceBreaks(sent);
  return { edgeMs, generic, speechAtRate1: Math.max(0, speechAtRate1) };
}

/**
 * Least squares of speech on generic length. A fit that makes no sense (a line's cost falling with its length,
 * or below nothing for an empty one: takes of one length only, or odd takes) gives way to the ratio of the sums,
 * in which long lines weigh most.
 */
function fitted(samples: readonly PaceSample[]): VoicePace {
  const edgeMs = median(samples.map((sample) => sample.edgeMs));
  const count = samples.length;
  const meanX = samples.reduce((sum, sample) => sum + sample.generic, 0) / count;
  const meanY = samples.reduce((sum, sample) => sum + sample.speechAtRate1, 0) / count;
  let covariance = 0;
  let variance = 0;
  for (const sample of samples) {
    covariance += (sample.generic - meanX) * (sample.speechAtRate1 - meanY);
    variance += (sample.generic - meanX) ** 2;
  }
  const slope = variance > 0 ? covariance / variance : 0;
  const interceptMs = meanY - slope * meanX;
  if (slope > 0 && interceptMs >= 0) return { edgeMs, interceptMs, slope };
  return { edgeMs, interceptMs: 0, slope: meanY / meanX };
}
