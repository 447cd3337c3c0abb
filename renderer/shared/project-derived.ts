import type { CheckThresholds, TakeFlag } from '../../common/audio/take-checks.js';
import { describeFlag } from '../../common/audio/take-checks.js';
import { reviewFlags } from '../../common/generation/review-flags.js';
import type { Block, Project } from '../../common/project/project-schema.js';
import type { ProjectStats } from '../../common/project/project-stats.js';
import { projectStats } from '../../common/project/project-stats.js';
import type { SendContext } from '../../common/project/send-context.js';
import type { PlacedItem, TimelineLayout } from '../../common/project/timeline-layout.js';
import { layoutTimeline } from '../../common/project/timeline-layout.js';
import type { FitLine } from '../../common/timing/fit-check.js';
import { fitCheck } from '../../common/timing/fit-check.js';

/*
 * Figures derived from a whole project, computed once per project value (projects are immutable), so the timeline
 * and the status bar share one layout per edit instead of each walking every block.
 */

const layouts = new WeakMap<Project, { context: SendContext; layout: TimelineLayout }>();
const reviews = new WeakMap<
  Project,
  {
    context: SendContext;
    thresholds: CheckThresholds;
    found: ReadonlyMap<string, TakeFlag[]>;
    flags: ReadonlyMap<string, string[]>;
  }
>();
const stats = new WeakMap<Project, { context: SendContext; figures: ProjectStats }>();
const fits = new WeakMap<Project, { context: SendContext; lines: readonly FitLine[] }>();

const speechIndexes = new WeakMap<TimelineLayout, ReadonlyMap<string, PlacedItem>>();
const timedCounts = new WeakMap<readonly Block[], number>();
let lastCounted: WeakRef<readonly Block[]> | undefined;

export function layoutOf(project: Project, context: SendContext): TimelineLayout {
  const known = layouts.get(project);
  if (known !== undefined && known.context === context) return known.layout;
  const layout = layoutTimeline(project, context);
  layouts.set(project, { context, layout });
  return layout;
}

/**
 * A speech block's place in `layout`, from an index by block id made once per layout: the inspector asks on every
 * keystroke, and a search of a 20,000-block layout for a block in its middle was ~0.5 ms of each.
 */
export function placedSpeechItem(layout: TimelineLayout, blockId: string): PlacedItem | undefined {
  let index = speechIndexes.get(layout);
  if (index === undefined) {
    const byId = new Map<string, PlacedItem>();
    for (let position = 0; position < layout.speech.length; position += 1) {
      const item = layout.speech[position]!;
      byId.set(item.blockId, item);
    }
    index = byId;
    speechIndexes.set(layout, index);
  }
  return index.get(blockId);
}

/**
 * Whether any speech block is timed. The toolbar asks on every change of the document (each keystroke, each new
 * block list): walking 20,000 blocks' fields for it was ~0.5 ms of every keystroke. The count of timed blocks is
 * kept per list, and a new list of the same length as the last one asked about is compared with it by block
 * identity (an edit replaces only the blocks it changed), reading the fields of the changed blocks only.
 */
export function hasTimedSpeech(blocks: readonly Block[]): boolean {
  let timed = timedCounts.get(blocks);
  if (timed === undefined) {
    const last = lastCounted?.deref();
    const lastTimed = last === undefined ? undefined : timedCounts.get(last);
    if (last !== undefined && lastTimed !== undefined && last.length === blocks.length) {
      timed = lastTimed;
      for (let index = 0; index < blocks.length; index += 1) {
        const before = last[index]!;
        const now = blocks[index]!;
        if (before !== now) timed += Number(isTimed(now)) - Number(isTimed(before));
      }
    } else {
      timed = 0;
      for (let index = 0; index < blocks.length; index += 1) timed += Number(isTimed(blocks[index]!));
    }
    timedCounts.set(blocks, timed);
  }
  // Weakly: a closed project's blocks are not kept for the next one's first question.
  lastCounted = new WeakRef(blocks);
  return timed > 0;
}

const isTimed = (block: Block): boolean => block.type === 'text' && block.timing !== undefined;

/**
 * The fit check of every timed line (common/timing/fit-check.ts), on the shared layout. The toolbar's count, the
 * fit check dialog, the inspector and Generate's question all ask after each edit: on a 1,500-cue dub one check
 * costs tens of milliseconds, so it is made once per project value.
 */
export function fitLinesOf(project: Project, context: SendContext): readonly FitLine[] {
  const known = fits.get(project);
  if (known !== undefined && known.context === context) return known.lines;
  const lines = fitCheck(project, context, layoutOf(project, context));
  fits.set(project, { context, lines });
  return lines;
}

export function statsOf(project: Project, context: SendContext): ProjectStats {
  const known = stats.get(project);
  if (known !== undefined && known.context === context) return known.figures;
  const figures = projectStats(project, context);
  stats.set(project, { context, figures });
  return figures;
}

function reviewOf(project: Project, context: SendContext, thresholds: CheckThresholds) {
  const known = reviews.get(project);
  if (known !== undefined && known.thresholds === thresholds && known.context === context) return known;
  const found = reviewFlags(project, context, thresholds);
  const flags = new Map<string, string[]>();
  for (const [blockId, blockFlags] of found) flags.set(blockId, blockFlags.map(describeFlag));
  const review = { context, thresholds, found, flags };
  reviews.set(project, review);
  return review;
}

/** The take checks' open findings per block id, in words; recomputed when the project or the thresholds change. */
export function flagsOf(
  project: Project,
  context: SendContext,
  thresholds: CheckThresholds,
): ReadonlyMap<string, string[]> {
  return reviewOf(project, context, thresholds).flags;
}

/** The same findings as flagsOf, as the checks give them (their kinds, to mark them "Sounds fine"). */
export function openFlagsOf(
  project: Project,
  context: SendContext,
  thresholds: CheckThresholds,
): ReadonlyMap<string, readonly TakeFlag[]> {
  return reviewOf(project, context, thresholds).found;
}
