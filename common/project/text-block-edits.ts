import { assertUnlocked } from './block-guards.js';
import type { IdFactory } from './block-factory.js';
import { randomId } from './block-factory.js';
import { requireBlock, withTrackBlocks } from './block-lookup.js';
import type { BlockLocation } from './block-lookup.js';
import { ProjectEditError } from './edit-error.js';
import type { Project, TextBlock } from './project-schema.js';

/**
 * Splits a text block at a character offset (UTF-16 index, as a text field's selectionStart gives it). The first
 * part keeps the block's id, parameters and generation state (it turns stale, since its text changed); the second
 * is a new block with the same parameters, volume and pause, not yet generated. Whitespace at the cut is dropped.
 */
export function splitTextBlock(
  project: Project,
  blockId: string,
  offset: number,
  newId: IdFactory = randomId,
): Project {
  const location = requireBlock(project, blockId);
  const block = requireText(location, 'split');
  assertUnlocked(block, 'split this block');
  const invalid = (reason: string) =>
    new ProjectEditError({
      field: 'offset',
      rule: 'invalid-offset',
      blockId,
      message: `Cannot split here: ${reason}.`,
    });
  if (!Number.isInteger(offset) || offset <= 0 || offset >= block.text.length) {
    throw invalid(
      'put the text cursor inside the text, where the block should be split (not at its start or end)',
    );
  }
  if (isLowSurrogate(block.text.charCodeAt(offset))) throw invalid('the cursor is inside a character');
  const head = block.text.slice(0, offset).trimEnd();
  const tail = block.text.slice(offset).trimStart();
  if (head === '' || tail === '')
    throw invalid('one of the two parts would be empty (move the cursor between words)');

  const first: TextBlock = { ...block, text: head };
  // The chapter starts at the first part; the second continues it.
  const { chapterTitle: _chapter, ...rest } = block;
  const second: TextBlock = {
    ...rest,
    id: newId(),
    text: tail,
    locked: false,
    generation: { kind: 'not-generated' },
  };
  const blocks = project.tracks.speech.blocks;
  return withTrackBlocks(project, 'speech', [
    ...blocks.slice(0, location.index),
    first,
    second,
    ...blocks.slice(location.index + 1),
  ]);
}

/**
 * Merges a text block with the next speech block, which must be a text block too. The result keeps the first
 * block's id, parameters, volume and generation state (stale now) and the second block's pause. The texts are
 * joined with a space, or directly where either side is CJK (those scripts do not put spaces between sentences).
 */
export function mergeWithNext(project: Project, blockId: string): Project {
  const location = requireBlock(project, blockId);
  const first = requireText(location, 'merge');
  const blocks = project.tracks.speech.blocks;
  const next = blocks[location.index + 1];
  if (next === undefined || next.type !== 'text') {
    throw new ProjectEditError({
      field: 'blockId',
      rule: 'no-next-block',
      blockId,
      message:
        next === undefined
          ? 'Cannot merge: this is the last block of the speech track.'
          : `Cannot merge: the next block is a ${next.type} block, not a text block.`,
    });
  }
  assertUnlocked(first, 'merge this block');
  assertUnlocked(next, 'merge into the next block');
  const merged: TextBlock = {
    ...first,
    text: joinTexts(first.text, next.text),
    pauseAfterMs: next.pauseAfterMs,
  };
  return withTrackBlocks(project, 'speech', [
    ...blocks.slice(0, location.index),
    merged,
    ...blocks.slice(location.index + 2),
  ]);
}

export function joinTexts(first: string, second: string): string {
  const head = first.trimEnd();
  const tail = second.trimStart();
  if (head === '' || tail === '') return head + tail;
  const cjkJoin = isCjk(head.codePointAt(head.length - 1) ?? 0) || isCjk(tail.codePointAt(0) ?? 0);
  return cjkJoin ? head + tail : `${head} ${tail}`;
}

function requireText(location: BlockLocation, action: string): TextBlock {
  if (location.block.type !== 'text') {
    throw new ProjectEditError({
      field: 'blockId',
      rule: 'wrong-type',
      blockId: location.block.id,
      message: `Only text blocks can be ${action === 'split' ? 'split' : 'merged'}; this is a ${location.block.type} block.`,
    });
  }
  return location.block;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** CJK ideographs, kana, Hangul, and CJK/full-width punctuation. */
function isCjk(code: number): boolean {
  return (
    (code >= 0x3000 && code <= 0x30ff) ||
    (code >= 0x3400 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7af) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xff00 && code <= 0xffef) ||
    (code >= 0x20000 && code <= 0x2ebef)
  );
}
