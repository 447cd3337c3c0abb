import { findBlock } from '../../../common/project/block-lookup.js';
import type { Block } from '../../../common/project/project-schema.js';
import { useFollowedProject } from './use-followed-project.js';

/**
 * The block as the followed project has it (see useFollowedProject): for the inspector's lines that summarise
 * the text (its characters and credits, the text as sent), which then follow typing as the status bar does
 * rather than on every keystroke. The inspector scrolls as one painted layer: a line of it changed in a
 * keystroke's frame made Blink paint the whole panel again (~0.2 ms of paint and ~0.1 ms of compositing inputs
 * per frame in the editor benchmark, half the frame's paint). A block the followed project does not have yet
 * (just added) is shown as it is.
 */
export function useFollowedBlock<Kind extends Block>(block: Kind): Kind {
  const followed = useFollowedProject();
  const shown = followed === null ? undefined : findBlock(followed, block.id)?.block;
  return shown !== undefined && shown.type === block.type ? (shown as Kind) : block;
}
