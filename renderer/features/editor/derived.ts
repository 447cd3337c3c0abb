import type { CheckThresholds } from '../../../common/audio/take-checks.js';
import { describeFlag } from '../../../common/audio/take-checks.js';
import { reviewFlags } from '../../../common/generation/review-flags.js';
import type { Project } from '../../../common/project/project-schema.js';
import type { ProjectStats } from '../../../common/project/project-stats.js';
import { projectStats } from '../../../common/project/project-stats.js';
import type { SendContext } from '../../../common/project/send-context.js';
import type { TimelineLayout } from '../../../common/project/timeline-layout.js';
import { layoutTimeline } from '../../../common/project/timeline-layout.js';

/*
 * Figures derived from a whole project, computed once per project value (projects are immutable), so the timeline
 * and the status bar share one layout per edit instead of each walking every block.
 */

const layouts = new WeakMap<Project, { context: SendContext; layout: TimelineLayout }>();
const reviews = new WeakMap<
  Project,
  { context: SendContext; thresholds: CheckThresholds; flags: ReadonlyMap<string, string[]> }
>();
const stats = new WeakMap<Project, { context: SendContext; figures: ProjectStats }>();

export function layoutOf(project: Project, context: SendContext): TimelineLayout {
  const known = layouts.get(project);
  if (known !== undefined && known.context === context) return known.layout;
  const layout = layoutTimeline(project, context);
  layouts.set(project, { context, layout });
  return layout;
}

export function statsOf(project: Project, context: SendContext): ProjectStats {
  const known = stats.get(project);
  if (known !== undefined && known.context === context) return known.figures;
  const figures = projectStats(project, context);
  stats.set(project, { context, figures });
  return figures;
}

/** The take checks' findings per block id, in words; recomputed when the project or the thresholds change. */
export function flagsOf(
  project: Project,
  context: SendContext,
  thresholds: CheckThresholds,
): ReadonlyMap<string, string[]> {
  const known = reviews.get(project);
  if (known !== undefined && known.thresholds === thresholds && known.context === context) return known.flags;
  const flags = new Map<string, string[]>();
  for (const [blockId, found] of reviewFlags(project, context, thresholds))
    flags.set(blockId, found.map(describeFlag));
  reviews.set(project, { context, thresholds, flags });
  return flags;
}
