import { z } from 'zod';
import { formatTimecode } from '../project/timecode.js';
import { explicitWordsSchema } from './explicit-words.js';
import type { TimedBlock } from '../readalong/readalong-timing.js';

/** The length the studio proposes for a retail sample when the user names none: ~3 minutes, inside ACX's 1–5. */
export const DEFAULT_SAMPLE_SECONDS = 180;

/**
 * Where the user wants the retail sample (the dialog's fields, the CLI's --sample-start/--sample-length): from a
 * block's first sentence (its number on the speech track, as the editor shows it) or from the first sentence that
 * starts at or after a time; absent, the studio proposes one. `explicitWords` is the user's list (app settings).
 */
export const retailSampleRequestSchema = z.strictObject({
  start: z
    .union([
      z.strictObject({ blockNumber: z.number().int().min(1, 'must be a block number from 1') }),
      z.strictObject({ atMs: z.number().min(0, 'must be 0 or more milliseconds') }),
    ])
    .optional(),
  lengthSeconds: z.number().positive('must be more than 0 seconds').optional(),
  explicitWords: explicitWordsSchema.optional(),
});
export type RetailSampleRequest = z.infer<typeof retailSampleRequestSchema>;

/** The speech a sample is cut from: the spoken blocks timed on the export timeline (the read-along's timing). */
export interface SampleSpeech {
  /** In the order they are heard. */
  readonly blocks: readonly TimedBlock[];
  /** Each block's number on the speech track (1-based), to name it as the editor does. */
  readonly blockNumbers: ReadonlyMap<string, number>;
  /** The blocks that are credits (retailSampleCredits): a sample never contains them. */
  readonly credits: ReadonlySet<string>;
  /** The blocks imported as front matter (title page, copyright…): a proposed sample starts after them too. */
  readonly frontMatter: ReadonlySet<string>;
}

/**
 * Whether the studio may propose a sample starting in this block: not credits, nor front matter, whose title and
 * author read close to credits (ACX forbids those in a sample). A start the user picks may still be front matter.
 */
export function mayOpenProposal(
  speech: Pick<SampleSpeech, 'credits' | 'frontMatter'>,
  blockId: string,
): boolean {
  return !speech.credits.has(blockId) && !speech.frontMatter.has(blockId);
}

/** The part of one block a sample holds: its sentences in the sample, joined. */
export interface SamplePassage {
  readonly blockId: string;
  readonly blockNumber: number;
  readonly text: string;
}

/** A retail sample: where it sits on the export timeline (a sentence's start to a sentence's end) and its text. */
export interface RetailSample {
  readonly startMs: number;
  readonly endMs: number;
  readonly passages: readonly SamplePassage[];
}

export type SampleChoice = { ok: true; sample: RetailSample } | { ok: false; problem: string };

interface Sentence {
  readonly blockId: string;
  readonly blockNumber: number;
  readonly credit: boolean;
  /** The studio may propose a sample starting here (mayOpenProposal). */
  readonly proposable: boolean;
  readonly text: string;
  readonly startMs: number;
  readonly endMs: number;
}

/**
 * Chooses the retail sample: from the sentence the request names (else the first sentence outside the credits and
 * any front matter, which is the first chapter's after any opening credits and title page) through as many whole sentences as fit the length
 * (else DEFAULT_SAMPLE_SECONDS, kept inside the profile's bounds), plus any needed to reach the profile's minimum.
 * It stops before any credits, so credits are never in it, and it is refused, in a sentence naming the rule, when
 * it cannot last the profile's minimum.
 */
export function chooseRetailSample(
  speech: SampleSpeech,
  bounds: { readonly minSeconds: number; readonly maxSeconds: number },
  request: RetailSampleRequest = {},
): SampleChoice {
  const seconds =
    request.lengthSeconds ?? Math.min(bounds.maxSeconds, Math.max(bounds.minSeconds, DEFAULT_SAMPLE_SECONDS));
  if (seconds < bounds.minSeconds || seconds > bounds.maxSeconds) {
    return {
      ok: false,
      problem: `Sample length: ${seconds} s is outside the ${bounds.minSeconds}–${bounds.maxSeconds} s the retailer takes for a retail sample.`,
    };
  }
  const sentences = sentencesOf(speech);
  const first = startIndex(sentences, request);
  if (typeof first === 'string') return { ok: false, problem: first };
  const startMs = sentences[first]!.startMs;
  // Every sentence that ends within the length; past it, only as many as reach the minimum, never past the maximum.
  let last = first - 1;
  for (let index = first; index < sentences.length; index += 1) {
    const sentence = sentences[index]!;
    const lengthMs = sentence.endMs - startMs;
    if (sentence.credit || lengthMs > bounds.maxSeconds * 1000) break;
    const reached = last >= first && sentences[last]!.endMs - startMs >= bounds.minSeconds * 1000;
    if (lengthMs > seconds * 1000 && reached) break;
    last = index;
  }
  const from = `The sample from block ${sentences[first]!.blockNumber} (${clock(startMs)})`;
  if (last < first) {
    return {
      ok: false,
      problem: `${from} cannot end at a sentence end within ${bounds.maxSeconds} s: its first sentence is longer. Start it elsewhere.`,
    };
  }
  const endMs = sentences[last]!.endMs;
  if (endMs - startMs < bounds.minSeconds * 1000) {
    const stop = sentences[last + 1]?.credit === true ? 'the credits' : 'the end of the speech';
    return {
      ok: false,
      problem: `${from} lasts only ${clock(endMs - startMs)} before ${stop}: a retail sample must last at least ${bounds.minSeconds} s. Start it earlier.`,
    };
  }
  return { ok: true, sample: { startMs, endMs, passages: passagesOf(sentences.slice(first, last + 1)) } };
}

/** The sample's first words, to show it in the dialog and name it in messages. */
export function sampleOpening(sample: RetailSample, words = 8): string {
  const all = sample.passages.flatMap((passage) => passage.text.split(/\s+/u)).filter(Boolean);
  return all.length > words ? `${all.slice(0, words).join(' ')}…` : all.join(' ');
}

/** m:ss (h:mm:ss from an hour), rounded down to the second: how the dialog and the messages give sample times. */
export function clock(ms: number): string {
  return formatTimecode(Math.floor(ms / 1000) * 1000).replace(/\.000$/u, '');
}

function sentencesOf(speech: SampleSpeech): Sentence[] {
  return speech.blocks.flatMap((block) =>
    block.sentences.map((sentence) => ({
      blockId: block.blockId,
      blockNumber: speech.blockNumbers.get(block.blockId) ?? 0,
      credit: speech.credits.has(block.blockId),
      proposable: mayOpenProposal(speech, block.blockId),
      text: sentence.text,
      startMs: sentence.startMs,
      endMs: sentence.endMs,
    })),
  );
}

/** The index of the sample's first sentence, or why there is none. */
function startIndex(sentences: readonly Sentence[], request: RetailSampleRequest): number | string {
  const start = request.start;
  if (start !== undefined && 'blockNumber' in start) {
    const index = sentences.findIndex((sentence) => sentence.blockNumber === start.blockNumber);
    if (index < 0)
      return `Sample start: block ${start.blockNumber} has no spoken text with audio to start a sample at.`;
    if (sentences[index]!.credit)
      return `Sample start: block ${start.blockNumber} is part of the credits, and a retail sample must not contain credits.`;
    return index;
  }
  if (start === undefined) {
    // Proposed: the first chapter after the opening credits and any front matter; a book that is all front matter
    // (and credits) is sampled from its first sentence outside the credits.
    const proposed = sentences.findIndex((sentence) => sentence.proposable);
    if (proposed >= 0) return proposed;
  }
  const notBefore = start?.atMs ?? 0;
  const index = sentences.findIndex((sentence) => !sentence.credit && sentence.startMs >= notBefore);
  if (index >= 0) return index;
  return start === undefined
    ? 'Retail sample: the project has no spoken sentence outside the credits to make a sample of.'
    : `Sample start: no sentence outside the credits starts at or after ${clock(notBefore)}.`;
}

function passagesOf(sentences: readonly Sentence[]): SamplePassage[] {
  const passages: { blockId: string; blockNumber: number; texts: string[] }[] = [];
  for (const sentence of sentences) {
    const current = passages[passages.length - 1];
    if (current?.blockId === sentence.blockId) current.texts.push(sentence.text);
    else
      passages.push({ blockId: sentence.blockId, blockNumber: sentence.blockNumber, texts: [sentence.text] });
  }
  return passages.map(({ texts, ...rest }) => ({ ...rest, text: texts.join(' ') }));
}
