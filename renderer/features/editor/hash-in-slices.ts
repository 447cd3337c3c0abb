import { contentHash, hasContentHash } from '../../../common/project/content-hash.js';
import type { Block } from '../../../common/project/project-schema.js';
import type { SendContext } from '../../../common/project/send-context.js';

/** Longest stretch of hashing between two yields: short enough that a keystroke waiting behind it is not felt. */
const SLICE_MS = 8;

/**
 * The content hashes of `blocks` (in order), computed in slices of at most ~8 ms with a yield to the event loop
 * between them. Hashing a 10,000-block audiobook takes ~400 ms in one go; opening it would freeze the editor for
 * that long. Hashes are memoised per block, so what is computed here is free for every later reader.
 * `cancelled` is asked after every slice: an abandoned lookup stops early and returns null.
 */
export async function contentHashesInSlices(
  blocks: readonly Block[],
  context: SendContext,
  cancelled: () => boolean,
  now: () => number = () => performance.now(),
): Promise<string[] | null> {
  // Nothing to compute (after an edit, all but the edited blocks are known): answered at once. Otherwise the
  // first slice waits for the next task too, so a caller in a render's effects does not delay that render's paint.
  if (!blocks.every((block) => hasContentHash(block, context))) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (cancelled()) return null;
  }
  const hashes: string[] = [];
  let sliceStart = now();
  for (const block of blocks) {
    if (now() - sliceStart >= SLICE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (cancelled()) return null;
      sliceStart = now();
    }
    hashes.push(contentHash(block, context));
  }
  return hashes;
}
