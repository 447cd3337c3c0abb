import { contentHash, hasContentHash } from '../../../common/project/content-hash.js';
import type { Block } from '../../../common/project/project-schema.js';
import type { SendContext } from '../../../common/project/send-context.js';

/** Longest stretch of hashing between two yields: short enough that a keystroke waiting behind it is not felt. */
const SLICE_MS = 8;

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Computes the content hashes of `blocks` not known yet, in slices of at most ~8 ms with a yield to the event
 * loop before each (so a caller in a render's effects does not delay that render's paint). Hashing a
 * 10,000-block audiobook takes ~400 ms in one go; after an edit, all but the edited blocks are known and this
 * answers at once. Hashes are memoised per block, so every later reader gets them free. `cancelled` is asked
 * after every yield: an abandoned run stops early and answers false.
 */
export async function hashInSlices(
  blocks: readonly Block[],
  context: SendContext,
  cancelled: () => boolean,
  now: () => number = () => performance.now(),
): Promise<boolean> {
  let sliceStart: number | undefined;
  for (const block of blocks) {
    if (hasContentHash(block, context)) continue;
    if (sliceStart === undefined || now() - sliceStart >= SLICE_MS) {
      await nextTask();
      if (cancelled()) return false;
      sliceStart = now();
    }
    contentHash(block, context);
  }
  return true;
}

/** The content hashes of `blocks` in order, computed as hashInSlices does; null when cancelled. */
export async function contentHashesInSlices(
  blocks: readonly Block[],
  context: SendContext,
  cancelled: () => boolean,
  now?: () => number,
): Promise<string[] | null> {
  if (!(await hashInSlices(blocks, context, cancelled, now))) return null;
  return blocks.map((block) => contentHash(block, context));
}
