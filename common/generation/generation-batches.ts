import type { Project, WireContentBlock } from '../project/index.js';
import type { SendContext } from '../project/send-context.js';
import { allBlocks, characterCount, needsGeneration, projectContents, takeKey } from '../project/index.js';
import { heldForRewrite } from '../project/rewrite-holds.js';

/**
 * Tasks are kept to at most 50 blocks and 5,000 characters. The contract states no limit, but a task is all or
 * nothing: one bad block fails it (TTS_CONTENTS_INVALID never says which), so smaller tasks lose less work, show
 * progress sooner and freeze fewer credits at a time; 50 blocks of an average script is ~5 minutes of speech.
 */
export const MAX_BLOCKS_PER_TASK = 50;
export const MAX_CHARACTERS_PER_TASK = 5_000;

/**
 * One task to submit: its `contents` and, for each content, the block it came from, the block's content hash and
 * the audio cache key its audio files under (the content hash itself, or a take key for another take).
 */
export interface GenerationBatch {
  contents: WireContentBlock[];
  blockIds: string[];
  contentHashes: string[];
  cacheKeys: string[];
  characters: number;
}

export interface GenerationSelection {
  /** Only these blocks (e.g. the selection); every block when undefined. */
  blockIds?: readonly string[] | undefined;
  /**
   * Another take: send the chosen blocks again even when they have current audio, each with a new seed, filed
   * under a new cache key so the takes before it are kept.
   */
  newTake?: { seed(): number };
  /** Content hashes already available (cached, or on their way in another job): never sent again. */
  skipHashes?: ReadonlySet<string>;
}

export interface GenerationBatchPlan {
  batches: GenerationBatch[];
  /** Blocks whose audio will come from elsewhere: already current, in the cache, or pending in a job. */
  reused: { blockId: string; contentHash: string }[];
  characters: number;
}

/**
 * What a Generate click sends: blocks not yet generated or stale (or all selected for another take), one content per
 * distinct content hash (two identical blocks cost once), nothing already cached, cut into tasks in timeline order.
 * Timed lines marked to rewrite shorter are never sent (rewrite-holds.ts), even when chosen.
 */
export function planGenerationBatches(
  project: Project,
  context: SendContext,
  selection: GenerationSelection = {},
): GenerationBatchPlan {
  const wanted = selection.blockIds === undefined ? undefined : new Set(selection.blockIds);
  const blocks = allBlocks(project).filter(
    (block) => (wanted === undefined || wanted.has(block.id)) && !heldForRewrite(block),
  );
  const needed = new Set(
    blocks
      .filter((block) => selection.newTake !== undefined || needsGeneration(block, context))
      .map((block) => block.id),
  );
  const charactersOf = new Map(blocks.map((block) => [block.id, characterCount(block, context)]));
  const reused: GenerationBatchPlan['reused'] = [];
  const sent = new Set<string>();
  const batches: GenerationBatch[] = [];
  let current: GenerationBatch | undefined;
  let total = 0;
  for (const item of projectContents(project, context, [...needed])) {
    const skip = selection.newTake === undefined && selection.skipHashes?.has(item.contentHash) === true;
    if (skip || sent.has(item.contentHash)) {
      reused.push({ blockId: item.blockId, contentHash: item.contentHash });
      continue;
    }
    sent.add(item.contentHash);
    const characters = charactersOf.get(item.blockId) ?? 0;
    if (
      current === undefined ||
      current.contents.length >= MAX_BLOCKS_PER_TASK ||
      (current.characters + characters > MAX_CHARACTERS_PER_TASK && current.contents.length > 0)
    ) {
      current = { contents: [], blockIds: [], contentHashes: [], cacheKeys: [], characters: 0 };
      batches.push(current);
    }
    const seed = selection.newTake?.seed();
    current.contents.push(seed === undefined ? item.content : { ...item.content, seed });
    current.blockIds.push(item.blockId);
    current.contentHashes.push(item.contentHash);
    current.cacheKeys.push(seed === undefined ? item.contentHash : takeKey(item.contentHash, seed));
    current.characters += characters;
    total += characters;
  }
  return { batches, reused, characters: total };
}
