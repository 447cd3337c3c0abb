import { insertBlocks, STUDIO_LIMITS } from './block-edits.js';
import type { IdFactory } from './block-factory.js';
import { randomId } from './block-factory.js';
import { requireBlock } from './block-lookup.js';
import { CREDITS_TITLES, isCreditsBlock } from './credits-blocks.js';
import { blockDuration } from './duration-estimate.js';
import type { Block, PlacedBlock, Project } from './project-schema.js';
import { defaultsOnlyContext } from './send-context.js';

/**
 * A block copied under a new id, by Duplicate and by Paste alike. A copy of the credits is a plain text block: the
 * credits command updates the one opening and the one closing credits in place, retail samples leave only those
 * out, and a second "Opening Credits" chapter would be a chapter of the book. The title the credits command gave
 * goes with the mark; a title the user typed stays, as on any copy.
 */
export function copyOfBlock<T extends Block>(block: T, id: string): T {
  if (!isCreditsBlock(block)) return { ...block, id };
  const { credits, chapterTitle, ...plain } = block;
  return {
    ...plain,
    ...(chapterTitle !== undefined && chapterTitle !== CREDITS_TITLES[credits] ? { chapterTitle } : {}),
    id,
  } as T;
}

/**
 * Duplicates blocks. Speech copies go right after the last selected speech block, in their original order; sfx
 * and music copies start where their original ends. Copies keep their generation state: the content is the same,
 * so the cached audio still applies. Pass an id factory to learn the new ids.
 */
export function duplicateBlocks(
  project: Project,
  blockIds: readonly string[],
  newId: IdFactory = randomId,
): Project {
  const locations = blockIds.map((id) => requireBlock(project, id));
  const speech = locations
    .filter((location) => location.track === 'speech')
    .sort((a, b) => a.index - b.index);
  let next = project;
  const lastSpeech = speech.at(-1);
  if (lastSpeech !== undefined) {
    const copies = speech.map((location) => copyOfBlock(location.block, newId()));
    next = insertBlocks(next, copies, { afterId: lastSpeech.block.id });
  }
  const placedCopies = locations
    .filter((location) => location.track !== 'speech')
    .map((location) => {
      const block = location.block as PlacedBlock;
      // Effects and music depend on no speaker or pronunciation rule: the defaults alone place them.
      const end = block.startMs + blockDuration(block, defaultsOnlyContext(project.defaults)).durationMs;
      return { ...copyOfBlock(block, newId()), startMs: Math.min(STUDIO_LIMITS.startMs.max, end) };
    });
  return placedCopies.length > 0 ? insertBlocks(next, placedCopies) : next;
}
