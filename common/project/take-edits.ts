import { assertUnlocked } from './block-guards.js';
import { requireBlock, withBlockReplaced } from './block-lookup.js';
import { ProjectEditError } from './edit-error.js';
import { TAKE_FLAG_KINDS } from '../audio/take-checks.js';
import type { TakeFlagKind } from '../audio/take-checks.js';
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

/**
 * Marks review flags of a take as heard and fine ("Sounds fine"): the review leaves those kinds alone on this
 * take, whatever its later measures say. Not what plays, so a locked block takes it too.
 */
export function acceptTakeFlags(
  project: Project,
  blockId: string,
  cacheKey: string,
  kinds: readonly TakeFlagKind[],
): Project {
  const location = requireTake(project, blockId, cacheKey);
  const takes = takesOf(location.block).map((take) => {
    if (take.cacheKey !== cacheKey) return take;
    const accepted = new Set([...(take.acceptedFlags ?? []), ...kinds]);
    return { ...take, acceptedFlags: TAKE_FLAG_KINDS.filter((kind) => accepted.has(kind)) };
  });
  return withBlockReplaced(project, location, { ...location.block, takes });
}

/** Takes back every "Sounds fine" of a take: the review judges it again. */
export function reopenTakeFlags(project: Project, blockId: string, cacheKey: string): Project {
  const location = requireTake(project, blockId, cacheKey);
  const takes = takesOf(location.block).map((take) => {
    if (take.cacheKey !== cacheKey) return take;
    const { acceptedFlags: _accepted, ...rest } = take;
    return rest;
  });
  return withBlockReplaced(project, location, { ...location.block, takes });
}
