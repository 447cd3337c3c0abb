/**
 * The texts a generation task sent, and what sending them again may cost. The contract finds a task only by its
 * id; a task whose answer was lost before its id came back can only be recognised in the service's own records
 * by what it said, so the app keeps these texts with the job and shows them.
 */
import { CREDITS_PER_CHARACTER } from '../project/project-stats.js';
import { codePointLength } from '../text/index.js';
import type { TaskRequestBody } from '../rules/index.js';
import type { JobView } from './job-view.js';

/** One text of a task as it went on the wire (pronunciation rules applied), with its block's type. */
export interface SentText {
  /** The content block's type (`text`, `sfx`, `music`…), or `text` for a task sent as one text. */
  type: string;
  text: string;
}

/** A task's texts with their estimated credits, as main answers `jobs.texts`. */
export interface JobTexts {
  texts: SentText[];
  characters: number;
  credits: number;
}

/** Every text the task's body carries, in the order sent (blocks without one, such as pasted audio, are left out). */
export function sentTexts(body: TaskRequestBody): SentText[] {
  if (!('contents' in body)) return [{ type: 'text', text: body.text }];
  return body.contents.flatMap((block) =>
    typeof block.text === 'string' && block.text !== '' ? [{ type: block.type, text: block.text }] : [],
  );
}

/**
 * Characters and credits of texts counted the way the studio estimates a generation (project-stats.ts): code
 * points of every text sent, spoken or a sound's description, at CREDITS_PER_CHARACTER.
 */
export function jobTexts(texts: SentText[]): JobTexts {
  const characters = texts.reduce((sum, { text }) => sum + codePointLength(text), 0);
  return { texts, characters, credits: creditsFor(characters) };
}

/** The credits the studio estimates for this many characters sent. */
export function creditsFor(characters: number): number {
  return characters * CREDITS_PER_CHARACTER;
}

/**
 * Whether submitting the job again may pay for it twice: its outcome is unknown (the service may have frozen
 * its credits without the app learning its id; cancelling that job locally changes nothing at the service), or
 * the service has it but kept answering a status the app cannot read (credits stay frozen until it fails).
 */
export function mayChargeTwice(job: Pick<JobView, 'status' | 'outcomeUnknownAt'>): boolean {
  return (
    job.status === 'unknown-outcome' ||
    job.status === 'stuck' ||
    (job.status === 'cancelled' && job.outcomeUnknownAt !== undefined)
  );
}

/** Of a task's blocks, how many no longer read as it sent them in the open project (edited or deleted since). */
export interface BlocksSinceSent {
  changed: number;
  total: number;
}

/**
 * Whether a task's blocks still read as it sent them, in the project open now (`hashOf`: a block's content hash
 * there, undefined when it is gone). Submitting a task again sends its texts as they were then: a block edited
 * since gets none of that audio. `undefined` when the open project is not the task's, or the job does not say
 * what it sent.
 */
export function blocksSinceSent(
  job: Pick<JobView, 'projectId' | 'blockIds' | 'sentHashes'>,
  open: { projectId: string; hashOf(blockId: string): string | undefined },
): BlocksSinceSent | undefined {
  const { blockIds, sentHashes } = job;
  if (job.projectId !== open.projectId || blockIds === undefined || sentHashes === undefined)
    return undefined;
  if (blockIds.length === 0 || sentHashes.length !== blockIds.length) return undefined;
  const changed = blockIds.filter((blockId, index) => open.hashOf(blockId) !== sentHashes[index]).length;
  return { changed, total: blockIds.length };
}
