import { ProjectEditError } from './edit-error.js';
import type { BlockLocation } from './block-lookup.js';
import type { Block, PlacedBlock } from './project-schema.js';

export function assertUnlocked(block: Block, action: string): void {
  if (block.locked) {
    throw new ProjectEditError({
      field: 'locked',
      rule: 'locked',
      blockId: block.id,
      message: `Cannot ${action}: the block is locked. Unlock it first.`,
    });
  }
}

/** Text of a block, limited to a short excerpt for messages and labels. */
export function excerpt(text: string, maxLength = 32): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxLength) return flat;
  return `${flat.slice(0, maxLength - 1).trimEnd()}…`;
}

/** Opening and closing quotation marks a block's text may carry itself (dialogue often does). */
const ENCLOSING_QUOTES = /^["“”„«»‘’'‚‹›]+|["“”„«»‘’'‚‹›]+$/gu;

/**
 * A block's excerpt in quotation marks for messages: `“Is the boat ready?”`, not `““Is the boat ready?””` when
 * the text is a quotation already.
 */
export function quotedExcerpt(text: string, maxLength = 32): string {
  return `“${excerpt(text.trim().replace(ENCLOSING_QUOTES, ''), maxLength)}”`;
}

/** Refuses an action only speech-track blocks take (they follow each other; others are placed by time). */
export function requireSpeech(location: BlockLocation, action: string): void {
  if (location.track !== 'speech') {
    throw new ProjectEditError({
      field: 'blockId',
      rule: 'wrong-track',
      blockId: location.block.id,
      message: `Only speech-track blocks can ${action}; ${location.block.type} blocks are placed by start time.`,
    });
  }
}

/** Refuses an action only sfx and music blocks take (placed by start time), answering the placed block. */
export function requirePlaced(location: BlockLocation, action: string): PlacedBlock {
  const block = location.block;
  if (block.type !== 'sfx' && block.type !== 'music') {
    throw new ProjectEditError({
      field: 'blockId',
      rule: 'wrong-track',
      blockId: block.id,
      message: `Only sfx and music blocks can ${action}; ${block.type} blocks follow each other on the speech track.`,
    });
  }
  return block;
}
