import { updateBlock } from '../project/block-edits.js';
import { findBlock } from '../project/block-lookup.js';
import { ProjectEditError } from '../project/edit-error.js';
import type { Project } from '../project/project-schema.js';
import { setTimingFields } from '../project/timing-edits.js';
import { RANGES } from '../rules/vocabulary.js';
import type { FitLine } from './fit-check.js';

/** What the user may do about a line that overruns its slot (the fit check's suggestions, less `fits`). */
export const FIT_REMEDIES = ['rate', 'stretch', 'run-on', 'rewrite'] as const;
export type FitRemedy = (typeof FIT_REMEDIES)[number];

/**
 * Applies one remedy to one line, as a pure edit (undoable through the document store):
 * - `rate`: sends the line at the rate it needs (`speechRate`, already rounded up to 0.01 so it still fits);
 *   a line with a take then needs a new one, which Generate sends only when the user asks;
 * - `stretch`: allows the pitch-keeping local speed-up of its take (at most MAX_STRETCH);
 * - `run-on`: makes it dynamic, free to run into the time after its slot;
 * - `rewrite`: marks it to be rewritten shorter.
 * A locked line is refused (block-guards), naming it; so is a rate the app cannot send.
 */
export function applyFitRemedy(project: Project, line: FitLine, remedy: FitRemedy): Project {
  switch (remedy) {
    case 'rate':
      return updateBlock(project, line.blockId, { speechRate: sendableRate(line) });
    case 'stretch':
      return setTimingFields(project, line.blockId, { allowStretch: true });
    case 'run-on':
      return setTimingFields(project, line.blockId, { fit: 'dynamic' });
    case 'rewrite':
      return setTimingFields(project, line.blockId, { rewrite: true });
    default: {
      const exhaustive: never = remedy;
      return exhaustive;
    }
  }
}

function sendableRate(line: FitLine): number {
  const { min, max } = RANGES.speechRate;
  const rate = line.neededRate;
  if (rate === undefined || !Number.isFinite(rate) || rate < min || rate > max) {
    throw new ProjectEditError({
      field: 'speechRate',
      rule: 'out-of-range',
      blockId: line.blockId,
      message:
        rate === undefined
          ? 'This line fits its slot: its speech rate needs no change.'
          : `This line would need speech rate ${Number.isFinite(rate) ? rate.toFixed(2) : 'beyond any'}, and the app sends ${min} to ${max}. Rewrite it shorter, or let it run on.`,
    });
  }
  return rate;
}

export interface SuggestionsApplied {
  project: Project;
  /** Lines changed, by remedy. */
  applied: Record<FitRemedy, number>;
  /** Lines that needed a remedy but are locked, left as they are. */
  lockedBlockIds: string[];
}

/**
 * "Apply all suggestions": each line that still needs a decision gets its own suggestion, in one edit (one undo).
 * Locked lines are left as they are and named; lines already covered (running on, an allowed stretch that is
 * enough) or marked to rewrite are not touched.
 */
export function applyFitSuggestions(project: Project, lines: readonly FitLine[]): SuggestionsApplied {
  const applied: Record<FitRemedy, number> = { rate: 0, stretch: 0, 'run-on': 0, rewrite: 0 };
  const lockedBlockIds: string[] = [];
  let next = project;
  for (const line of lines) {
    if (!line.needsDecision || line.suggestion === 'fits') continue;
    const block = findBlock(next, line.blockId)?.block;
    if (block === undefined) continue;
    if (block.locked === true) {
      lockedBlockIds.push(line.blockId);
      continue;
    }
    next = applyFitRemedy(next, line, line.suggestion);
    applied[line.suggestion] += 1;
  }
  return { project: next, applied, lockedBlockIds };
}
