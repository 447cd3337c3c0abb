import { contentHash, hasContentHash } from '../../common/project/content-hash.js';
import type { Block, Project } from '../../common/project/project-schema.js';
import { TRACK_NAMES } from '../../common/project/project-schema.js';
import type { SendContext } from '../../common/project/send-context.js';

/** Longest stretch of hashing between two yields: short enough that a keystroke waiting behind it is not felt. */
const SLICE_MS = 8;

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Block lists whose every block's hash is known, under the context they were hashed in. The views that follow a
 * project each walk it after every followed edit; the first walk of a list records it, so the others, and the
 * tracks the edit left as they were, skip it (five walks of an audiobook's 10,000 lookups were ~5 ms of each
 * followed keystroke's work).
 */
const hashedLists = new WeakMap<readonly Block[], SendContext>();

/**
 * Computes the content hashes of `blocks` not known yet, in slices of at most ~8 ms with a yield to the event
 * loop before each (so a caller in a render's effects does not delay that render's paint). Hashing a
 * 10,000-block audiobook takes ~400 ms in one go; after an edit, all but the edited blocks are known and this
 * answers at once. Hashes are memoised per block, so every later reader gets them free. `cancelled` is asked
 * after every yield: an abandoned run stops early and answers false.
 */
async function hashInSlices(
  lists: readonly (readonly Block[])[],
  context: SendContext,
  cancelled: () => boolean,
  now: () => number = () => performance.now(),
): Promise<boolean> {
  let sliceStart: number | undefined;
  // Indexed loops over the lists as they are: this runs after every followed edit of an audiobook, too rarely to
  // be optimised, and an unoptimised for…of (or a copy of all the blocks) allocates for each of 10,000 blocks.
  for (let list = 0; list < lists.length; list += 1) {
    const blocks = lists[list]!;
    if (hashedLists.get(blocks) === context) continue;
    for (let index = 0; index < blocks.length; index += 1) {
      const block = blocks[index]!;
      if (hasContentHash(block, context)) continue;
      if (sliceStart === undefined || now() - sliceStart >= SLICE_MS) {
        await nextTask();
        if (cancelled()) return false;
        sliceStart = now();
      }
      contentHash(block, context);
    }
    hashedLists.set(blocks, context);
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
  if (!(await hashInSlices([blocks], context, cancelled, now))) return null;
  return blocks.map((block) => contentHash(block, context));
}

/**
 * hashInSlices over every block of `project`, track by track without copying them into one list. Each view
 * asking runs its own walk (after an edit, all but the edited block are known, and a walk is ~10,000 lookups),
 * so each view re-renders in its own task once the edited block is hashed. One walk shared by the five views
 * that follow the project made those five renders one long task, and typing in an audiobook waited for it
 * (measured: keystroke p95 +2 to +19 ms over the bare text box, against −1 to +3 without sharing).
 */
export function projectHashedInSlices(
  project: Project,
  context: SendContext,
  cancelled: () => boolean,
  now?: () => number,
): Promise<boolean> {
  const lists = TRACK_NAMES.map((track) => project.tracks[track].blocks);
  return hashInSlices(lists, context, cancelled, now);
}
