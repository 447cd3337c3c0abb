import { assertUnlocked, requirePlaced, requireSpeech } from './block-guards.js';
import { checkBlockShape, editableFields, isNeverPatched } from './block-shape.js';
import type { TrackBlockTypes } from './block-lookup.js';
import { findBlock, requireBlock, withBlockReplaced, withTrackBlocks } from './block-lookup.js';
import { ProjectEditError } from './edit-error.js';
import { describeFirstIssue } from './issue-path.js';
import {
  VOLUME_DB_MAX,
  VOLUME_DB_MIN,
  generationStateSchema,
  isPassthroughBlock,
  trackOfType,
} from './project-schema.js';
import type {
  Block,
  GenerationState,
  MusicBlock,
  PlacedBlock,
  Project,
  SfxBlock,
  TextBlock,
} from './project-schema.js';

/*
 * Pure edit operations. Each returns a new project and leaves its input untouched (unchanged tracks and blocks
 * are shared, which keeps undo snapshots cheap and lets memoised hashes survive); a refused edit throws
 * ProjectEditError naming the field and the rule.
 */

type Patch<B> = { [K in keyof Omit<B, 'id' | 'type' | 'generation'>]?: B[K] | undefined };
export type TextBlockPatch = Patch<TextBlock>;
export type SfxBlockPatch = Patch<SfxBlock>;
export type MusicBlockPatch = Patch<MusicBlock>;
/** Read-only block types still take studio edits: volume, pause and lock. */
export interface PassthroughBlockPatch {
  volumeDb?: number | undefined;
  pauseAfterMs?: number | undefined;
  locked?: boolean;
  chapterTitle?: string | undefined;
}
/** Fields to change; a field set to undefined is removed (for a text parameter: "use the project default"). */
export type BlockPatch = TextBlockPatch | SfxBlockPatch | MusicBlockPatch | PassthroughBlockPatch;

/** Limits of the studio fields (the service's own parameters are checked by validation, inline). */
export const STUDIO_LIMITS = {
  volumeDb: { min: VOLUME_DB_MIN, max: VOLUME_DB_MAX },
  pauseAfterMs: { min: 0, max: 60_000 },
  startMs: { min: 0, max: 24 * 3_600_000 },
  fadeInMs: { min: 0, max: 600_000 },
  fadeOutMs: { min: 0, max: 600_000 },
} as const;

/** Inserts a block on the track of its type, at `index` (default: the end) or right after block `afterId`. */
export function insertBlock(
  project: Project,
  block: Block,
  position: { index?: number; afterId?: string } = {},
): Project {
  return insertBlocks(project, [block], position);
}

export function addBlock(project: Project, block: Block): Project {
  return insertBlocks(project, [block]);
}

/**
 * Inserts several blocks at once (a paste, an import). Speech-track blocks go together at the position; sfx
 * and music go to the end of their tracks (their order there does not matter, their start time does).
 */
export function insertBlocks(
  project: Project,
  blocks: readonly Block[],
  position: { index?: number; afterId?: string } = {},
): Project {
  const ids = new Set<string>();
  for (const block of blocks) {
    checkBlockShape(block);
    if (ids.has(block.id) || findBlock(project, block.id) !== undefined) {
      throw new ProjectEditError({
        field: 'id',
        rule: 'duplicate-id',
        blockId: block.id,
        message: `A block with id "${block.id}" already exists in this project.`,
      });
    }
    ids.add(block.id);
  }
  const speech = blocks.filter(
    (block) => trackOfType(block.type) === 'speech',
  ) as TrackBlockTypes['speech'][];
  const effects = blocks.filter((block): block is SfxBlock => block.type === 'sfx');
  const music = blocks.filter((block): block is MusicBlock => block.type === 'music');

  let next = project;
  if (speech.length > 0) {
    const current = next.tracks.speech.blocks;
    const at = speechInsertIndex(project, position);
    next = withTrackBlocks(next, 'speech', [...current.slice(0, at), ...speech, ...current.slice(at)]);
  }
  if (effects.length > 0)
    next = withTrackBlocks(next, 'effects', [...next.tracks.effects.blocks, ...effects]);
  if (music.length > 0) next = withTrackBlocks(next, 'music', [...next.tracks.music.blocks, ...music]);
  return next;
}

function speechInsertIndex(project: Project, position: { index?: number; afterId?: string }): number {
  const length = project.tracks.speech.blocks.length;
  if (position.afterId !== undefined) {
    const location = requireBlock(project, position.afterId);
    // After an sfx/music block there is no speech position; append, which is what a paste there means.
    return location.track === 'speech' ? location.index + 1 : length;
  }
  if (position.index === undefined) return length;
  return Math.min(length, Math.max(0, Math.trunc(position.index)));
}

/** Removes blocks from any track. Locked blocks are refused (nothing is removed then). */
export function removeBlocks(project: Project, blockIds: readonly string[]): Project {
  for (const id of blockIds) assertUnlocked(requireBlock(project, id).block, 'delete this block');
  const doomed = new Set(blockIds);
  let next = project;
  if (project.tracks.speech.blocks.some((block) => doomed.has(block.id))) {
    next = withTrackBlocks(
      next,
      'speech',
      next.tracks.speech.blocks.filter((block) => !doomed.has(block.id)),
    );
  }
  if (project.tracks.effects.blocks.some((block) => doomed.has(block.id))) {
    next = withTrackBlocks(
      next,
      'effects',
      next.tracks.effects.blocks.filter((block) => !doomed.has(block.id)),
    );
  }
  if (project.tracks.music.blocks.some((block) => doomed.has(block.id))) {
    next = withTrackBlocks(
      next,
      'music',
      next.tracks.music.blocks.filter((block) => !doomed.has(block.id)),
    );
  }
  return next;
}

export function removeBlock(project: Project, blockId: string): Project {
  return removeBlocks(project, [blockId]);
}

/**
 * Moves speech blocks (a multi-selection drag) so the first of them lands at `toIndex` of the resulting list;
 * they keep their relative order.
 */
export function moveBlocks(project: Project, blockIds: readonly string[], toIndex: number): Project {
  const moving = new Set(blockIds);
  for (const id of blockIds) {
    const location = requireBlock(project, id);
    requireSpeech(location, 'reorder');
    assertUnlocked(location.block, 'move this block');
  }
  const blocks = project.tracks.speech.blocks;
  const moved = blocks.filter((block) => moving.has(block.id));
  const rest = blocks.filter((block) => !moving.has(block.id));
  const at = Math.min(rest.length, Math.max(0, Math.trunc(toIndex)));
  return withTrackBlocks(project, 'speech', [...rest.slice(0, at), ...moved, ...rest.slice(at)]);
}

export function moveBlock(project: Project, blockId: string, toIndex: number): Project {
  return moveBlocks(project, [blockId], toIndex);
}

/** Puts the speech track in the given order; `orderedIds` must list every speech block exactly once. */
export function reorderSpeechBlocks(project: Project, orderedIds: readonly string[]): Project {
  const blocks = project.tracks.speech.blocks;
  const byId = new Map(blocks.map((block) => [block.id, block]));
  const unique = new Set(orderedIds);
  if (
    orderedIds.length !== blocks.length ||
    unique.size !== orderedIds.length ||
    !orderedIds.every((id) => byId.has(id))
  ) {
    throw new ProjectEditError({
      field: 'orderedIds',
      rule: 'not-a-permutation',
      message: `The new order must list each of the ${blocks.length} speech blocks exactly once.`,
    });
  }
  blocks.forEach((block, index) => {
    if (block.locked && orderedIds[index] !== block.id) assertUnlocked(block, 'move this block');
  });
  return withTrackBlocks(
    project,
    'speech',
    orderedIds.map((id) => byId.get(id)!),
  );
}

/** Moves an sfx or music block to a start time (milliseconds from the project start). */
export function setBlockStart(project: Project, blockId: string, startMs: number): Project {
  const location = requireBlock(project, blockId);
  const block = requirePlaced(location, 'be placed at a time');
  assertUnlocked(block, 'move this block');
  checkRange('startMs', startMs, block.id);
  return withBlockReplaced(project, location, { ...block, startMs: Math.round(startMs) });
}

/**
 * Shifts several sfx/music blocks by the same amount (a multi-selection drag). A shift that would push one
 * before zero is reduced so the earliest lands at zero and their spacing stays intact.
 */
export function shiftBlocks(project: Project, blockIds: readonly string[], deltaMs: number): Project {
  const locations = blockIds.map((id) => requireBlock(project, id));
  const placed = locations.map((location) => requirePlaced(location, 'be shifted in time'));
  placed.forEach((block) => assertUnlocked(block, 'move this block'));
  const earliest = Math.min(...placed.map((block) => block.startMs));
  const delta = Math.round(Math.max(deltaMs, -earliest));
  let next = project;
  for (const id of blockIds) {
    const location = requireBlock(next, id);
    const block = location.block as PlacedBlock;
    const startMs = Math.min(STUDIO_LIMITS.startMs.max, block.startMs + delta);
    next = withBlockReplaced(next, location, { ...block, startMs });
  }
  return next;
}

/**
 * Changes fields of one block. The patch may only hold fields of the block's type (a sfx_length on a text block
 * is refused, not dropped); on a locked block only `locked` may change. Service parameters are stored as
 * entered (validation reports rule breaks inline); studio fields must be within STUDIO_LIMITS.
 */
export function updateBlock(project: Project, blockId: string, patch: BlockPatch): Project {
  const location = requireBlock(project, blockId);
  const block = location.block;
  const entries = Object.entries(patch);
  const allowed = editableFields(block);
  for (const [field] of entries) {
    if (allowed.includes(field)) continue;
    const readOnly = isPassthroughBlock(block) && !isNeverPatched(field);
    throw new ProjectEditError({
      field,
      rule: readOnly ? 'read-only' : 'unknown-field',
      blockId,
      message: readOnly
        ? `"${field}" cannot be edited: ${block.type} blocks are read-only in the studio (volume, pause and lock can change).`
        : `"${field}" is not a field of ${block.type} blocks.`,
    });
  }
  const unlocking = patch.locked === false;
  if (!unlocking && entries.some(([field]) => field !== 'locked')) assertUnlocked(block, 'edit this block');

  const candidate: Record<string, unknown> = { ...block };
  for (const [field, value] of entries) {
    if (value === undefined) delete candidate[field];
    else candidate[field] = value;
  }
  for (const field of Object.keys(STUDIO_LIMITS) as (keyof typeof STUDIO_LIMITS)[]) {
    if (field in patch && typeof candidate[field] === 'number') checkRange(field, candidate[field], blockId);
  }
  // Editing the text of a line marked to rewrite shorter is that rewrite: the mark goes, so Generate sends the
  // line again; if it still overruns, the fit check lists it and Generate asks first, as for any overrun.
  const timing = candidate['timing'] as { rewrite?: boolean } | undefined;
  if (block.type === 'text' && 'text' in patch && patch.text !== block.text && timing?.rewrite === true) {
    const { rewrite: _cleared, ...rest } = timing;
    candidate['timing'] = rest;
  }
  const next = candidate as Block;
  checkBlockShape(next, Object.keys(patch));
  return withBlockReplaced(project, location, next);
}

/**
 * Stores what a generation produced (or how it failed). Allowed on locked blocks: it records a fact, it does not
 * change the content. Record the hash of the content that was sent, not the current one, so a block edited
 * while its job ran correctly shows as stale.
 */
export function setGenerationState(project: Project, blockId: string, generation: GenerationState): Project {
  const location = requireBlock(project, blockId);
  const checked = generationStateSchema.safeParse(generation);
  if (!checked.success) {
    const { fieldPath, problem } = describeFirstIssue(checked.error);
    throw new ProjectEditError({
      field: `generation.${fieldPath}`,
      rule: 'wrong-type',
      blockId,
      message: `generation.${fieldPath} ${problem}.`,
    });
  }
  return withBlockReplaced(project, location, { ...location.block, generation } as Block);
}

function checkRange(field: keyof typeof STUDIO_LIMITS, value: number, blockId: string): void {
  const { min, max } = STUDIO_LIMITS[field];
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new ProjectEditError({
      field,
      rule: 'out-of-range',
      blockId,
      message: `"${field}" must be from ${min} to ${max} (got ${value}).`,
    });
  }
}
