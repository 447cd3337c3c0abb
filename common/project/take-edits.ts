import { assertUnlocked } from './block-guards.js';
import { requireBlock, withBlockReplaced } from './block-lookup.js';
import { ProjectEditError } from './edit-error.js';
import type { Project } from './project-schema.js';
import { takesOf, withPinnedTake, withoutTake } from './takes.js';

/*
 * The user's edits of takes, undoable like any other edit. A locked block keeps its audio too: what a locked
 * block plays cannot change until it is unlocked.
 */

function requireTake(project: Project, blockId: string, cacheKey: string) {
  const location = requireBlock(project, blockId);
  if (!takesOf(location.block).some((take) => take.cacheKey === cacheKey)) {
    throw new ProjectEditError({
      field: 'takes',
      rule: 'not-found',
      blockId,
      message: 'That take is no longer part of this block (it may have been deleted).',
    });
  }
  return location;
}

/** Pins a take: it plays and exports while the block's content matches it, whatever takes come later. */
export function pinTake(project: Project, blockId: string, cacheKey: string): Project {
  const location = requireTake(project, blockId, cacheKey);
  assertUnlocked(location.block, 'pin a take');
  return withBlockReplaced(project, location, withPinnedTake(location.block, cacheKey));
}

/** Unpins: the newest take of the current content plays again. */
export function unpinTake(project: Project, blockId: string): Project {
  const location = requireBlock(project, blockId);
  assertUnlocked(location.block, 'unpin a take');
  return withBlockReplaced(project, location, withPinnedTake(location.block, undefined));
}

/** Removes takes from the block (their audio stays in the cache until the cache is cleaned up). */
export function deleteTakes(project: Project, blockId: string, cacheKeys: readonly string[]): Project {
  let next = project;
  for (const cacheKey of cacheKeys) {
    const location = requireTake(next, blockId, cacheKey);
    assertUnlocked(location.block, 'delete a take');
    next = withBlockReplaced(next, location, withoutTake(location.block, cacheKey));
  }
  return next;
}
