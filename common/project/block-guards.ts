import { ProjectEditError } from './edit-error.js';
import type { Block } from './project-schema.js';

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
