import { assertUnlocked } from './block-guards.js';
import { requireBlock, withTrackBlocks } from './block-lookup.js';
import type { BlockLocation } from './block-lookup.js';
import { STUDIO_LIMITS } from './block-edits.js';
import { ProjectEditError } from './edit-error.js';
import type { Project, SpeechTrackBlock, TextBlock } from './project-schema.js';
import { FIT_MODES, MAX_SPEECH_LANES } from './timing-schema.js';
import type { FitMode, SpeechTiming } from './timing-schema.js';

/*
 * Pure edits of speech timing. A timed block starts at its own time; the flowing blocks after it in the list
 * follow it (a flowing block follows the block BEFORE it). So a timed block and the run of flowing blocks right
 * after it (its followers) move as one group, and the speech list is kept with timed blocks in order of their
 * start: the script then reads as the picture plays, followers stay with the line they follow, and the flowing
 * blocks before the first timed one (an intro that flows from 0) never move. A refused edit throws
 * ProjectEditError naming the field and the rule; the input project is untouched.
 */

/** The timing fields set with setTimingFields (startMs moves the block: moveTimedBlock). */
export interface TimingFieldsPatch {
  /** undefined removes the cue end: the slot then ends at the next timed line of the lane. */
  cueEndMs?: number | undefined;
  fit?: FitMode;
  lane?: number;
  allowStretch?: boolean;
  rewrite?: boolean;
}

/**
 * Makes a flowing text block timed at `startMs` (the editor passes where the layout shows it now, so nothing
 * moves), in lane 0, fit 'fixed'. A block already timed is returned as it is.
 */
export function makeTimed(project: Project, blockId: string, startMs: number): Project {
  const { location, block } = requireTextBlock(project, blockId, 'be timed');
  if (block.timing !== undefined) return project;
  assertUnlocked(block, 'time this block');
  const start = checkedTime('timing.startMs', startMs, blockId);
  const timed: TextBlock = { ...block, timing: { startMs: start, lane: 0, fit: 'fixed' } };
  return placedInTimeOrder(project, location.index, timed);
}

/** Makes a timed text block flow again: it follows the block before it in the list. */
export function makeFlowing(project: Project, blockId: string): Project {
  const { location, block } = requireTextBlock(project, blockId, 'flow');
  if (block.timing === undefined) return project;
  assertUnlocked(block, 'change the timing of this block');
  const flowing: TextBlock = { ...block };
  delete flowing.timing;
  const blocks = [...project.tracks.speech.blocks];
  blocks[location.index] = flowing;
  return withTrackBlocks(project, 'speech', blocks);
}

/**
 * Moves a timed block to `startMs` (and to `lane` when given), with its followers. Its cue end moves with it
 * (the slot keeps its length) when it has one.
 */
export function moveTimedBlock(project: Project, blockId: string, startMs: number, lane?: number): Project {
  const { location, block, timing } = requireTimed(project, blockId, 'move');
  const start = checkedTime('timing.startMs', startMs, blockId);
  const nextLane = lane === undefined ? timing.lane : checkedLane(lane, blockId);
  const cueEndMs =
    timing.cueEndMs === undefined
      ? undefined
      : Math.min(STUDIO_LIMITS.startMs.max, timing.cueEndMs + (start - timing.startMs));
  const moved: SpeechTiming = { ...timing, startMs: start, lane: nextLane };
  if (cueEndMs === undefined) delete moved.cueEndMs;
  else moved.cueEndMs = cueEndMs;
  return placedInTimeOrder(project, location.index, { ...block, timing: moved });
}

/**
 * Shifts several timed blocks by the same amount (keys, a multi-selection drag). As shiftBlocks does for
 * effects, a shift that would push one before zero is reduced so the earliest lands at zero.
 */
export function shiftTimedBlocks(project: Project, blockIds: readonly string[], deltaMs: number): Project {
  const timed = blockIds.map((id) => requireTimed(project, id, 'move').timing);
  if (timed.length === 0) return project;
  const earliest = Math.min(...timed.map((timing) => timing.startMs));
  const delta = Math.round(Math.max(deltaMs, -earliest));
  if (delta === 0) return project;
  // Moved in the direction of travel first, so each one's group passes the others' untouched.
  const ordered = [...blockIds].sort((a, b) => {
    const order = startOf(project, a) - startOf(project, b);
    return delta > 0 ? -order : order;
  });
  let next = project;
  for (const id of ordered) {
    const current = startOf(next, id);
    next = moveTimedBlock(next, id, Math.min(STUDIO_LIMITS.startMs.max, current + delta));
  }
  return next;
}

/** Sets a timed block's cue end, fit mode, lane, stretch or rewrite marks. */
export function setTimingFields(project: Project, blockId: string, patch: TimingFieldsPatch): Project {
  const { location, block, timing } = requireTimed(project, blockId, 'change its timing');
  const next: SpeechTiming = { ...timing };
  if ('cueEndMs' in patch) {
    if (patch.cueEndMs === undefined) {
      delete next.cueEndMs;
    } else {
      const cueEndMs = checkedTime('timing.cueEndMs', patch.cueEndMs, blockId);
      if (cueEndMs <= timing.startMs) {
        throw new ProjectEditError({
          field: 'timing.cueEndMs',
          rule: 'out-of-range',
          blockId,
          message: `The cue end must be after the line's start (${timing.startMs} ms); got ${cueEndMs} ms.`,
        });
      }
      next.cueEndMs = cueEndMs;
    }
  }
  if (patch.fit !== undefined) {
    if (!FIT_MODES.includes(patch.fit)) {
      throw new ProjectEditError({
        field: 'timing.fit',
        rule: 'wrong-type',
        blockId,
        message: `The fit mode must be one of ${FIT_MODES.join(', ')} (got "${String(patch.fit)}").`,
      });
    }
    next.fit = patch.fit;
  }
  if (patch.lane !== undefined) next.lane = checkedLane(patch.lane, blockId);
  if (patch.allowStretch !== undefined) setMark(next, 'allowStretch', patch.allowStretch);
  if (patch.rewrite !== undefined) setMark(next, 'rewrite', patch.rewrite);
  const blocks = [...project.tracks.speech.blocks];
  blocks[location.index] = { ...block, timing: next };
  return withTrackBlocks(project, 'speech', blocks);
}

/** Marks are stored only when on: a file without them reads as before. */
function setMark(timing: SpeechTiming, field: 'allowStretch' | 'rewrite', on: boolean): void {
  if (on) timing[field] = true;
  else delete timing[field];
}

/**
 * Puts `block` (replacing the one at `index`) and its followers where timed blocks stay in start order: right
 * before the first other timed block starting later (equal starts: the lower lane first), else at the end.
 */
function placedInTimeOrder(project: Project, index: number, block: TextBlock): Project {
  const blocks = project.tracks.speech.blocks;
  let groupEnd = index + 1;
  while (groupEnd < blocks.length && !isTimed(blocks[groupEnd]!)) groupEnd += 1;
  const group: SpeechTrackBlock[] = [block, ...blocks.slice(index + 1, groupEnd)];
  const rest = [...blocks.slice(0, index), ...blocks.slice(groupEnd)];
  const timing = block.timing!;
  let at = rest.findIndex((other) => {
    if (other.type !== 'text' || other.timing === undefined) return false;
    const { startMs, lane } = other.timing;
    return startMs > timing.startMs || (startMs === timing.startMs && lane > timing.lane);
  });
  // Right before a timed block is after its followers; the flowing intro before the first one stays first.
  if (at === -1) at = rest.length;
  return withTrackBlocks(project, 'speech', [...rest.slice(0, at), ...group, ...rest.slice(at)]);
}

function isTimed(block: SpeechTrackBlock): boolean {
  return block.type === 'text' && block.timing !== undefined;
}

function startOf(project: Project, blockId: string): number {
  return requireTimed(project, blockId, 'move').timing.startMs;
}

function requireTextBlock(
  project: Project,
  blockId: string,
  action: string,
): { location: BlockLocation; block: TextBlock } {
  const location = requireBlock(project, blockId);
  if (location.block.type !== 'text') {
    throw new ProjectEditError({
      field: 'blockId',
      rule: 'wrong-type',
      blockId,
      message: `Only text blocks can ${action}; this is a ${location.block.type} block.`,
    });
  }
  return { location, block: location.block };
}

function requireTimed(
  project: Project,
  blockId: string,
  action: string,
): { location: BlockLocation; block: TextBlock; timing: SpeechTiming } {
  const { location, block } = requireTextBlock(project, blockId, action);
  if (block.timing === undefined) {
    throw new ProjectEditError({
      field: 'timing',
      rule: 'required',
      blockId,
      message: `Cannot ${action}: speech block ${location.index + 1} flows after the one before it. Make it timed first.`,
    });
  }
  assertUnlocked(block, action === 'move' ? 'move this block' : 'change the timing of this block');
  return { location, block, timing: block.timing };
}

function checkedTime(field: string, value: number, blockId: string): number {
  const { min, max } = STUDIO_LIMITS.startMs;
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new ProjectEditError({
      field,
      rule: 'out-of-range',
      blockId,
      message: `"${field}" must be from ${min} to ${max} ms (0 to 24 hours; got ${value}).`,
    });
  }
  return Math.round(value);
}

function checkedLane(lane: number, blockId: string): number {
  if (!Number.isInteger(lane) || lane < 0 || lane >= MAX_SPEECH_LANES) {
    throw new ProjectEditError({
      field: 'timing.lane',
      rule: 'out-of-range',
      blockId,
      message: `The lane must be a whole number from 1 to ${MAX_SPEECH_LANES} (a project has ${MAX_SPEECH_LANES} speech lanes; got ${lane + 1}).`,
    });
  }
  return lane;
}
