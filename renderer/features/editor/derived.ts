import type { CheckThresholds } from '../../../common/audio/take-checks.js';
import { describeFlag } from '../../../common/audio/take-checks.js';
import { reviewFlags } from '../../../common/generation/review-flags.js';
import type { Project } from '../../../common/project/project-schema.js';
import type { ProjectStats } from '../../../common/project/project-stats.js';
import { projectStats } from '../../../common/project/project-stats.js';
import type { TimelineLayout } from '../../../common/project/timeline-layout.js';
import { layoutTimeline } from '../../../common/project/timeline-layout.js';

/*
 * Figures derived from a whole project, computed once per project value (projects are immutable), so the timeline
 * and the status bar share one layout per edit instead of each walking every block.
 */

const layouts = new WeakMap<Project, TimelineLayout>();
const reviews = new WeakMap<Project, { thresholds: CheckThresholds; flags: ReadonlyMap<string, string[]> }>();
const stats = new WeakMap<Project, ProjectStats>();

export function layoutOf(project: Project): TimelineLayout {
  let layout = layouts.get(project);
  if (layout === undefined) {
    layout = layoutTimeline(project);
    layouts.set(project, layout);
  }
  return layout;
}

export function statsOf(project: Project): ProjectStats {
  let figures = stats.get(project);
  if (figures === undefined) {
    figures = projectStats(project);
    stats.set(project, figures);
  }
  return figures;
}

/** The take checks' findings per block id, in words; recomputed when the project or the thresholds change. */
export function flagsOf(project: Project, thresholds: CheckThresholds): ReadonlyMap<string, string[]> {
  const known = reviews.get(project);
  if (known !== undefined && known.thresholds === thresholds) return known.flags;
  const flags = new Map<string, string[]>();
  for (const [blockId, found] of reviewFlags(project, thresholds))
    flags.set(blockId, found.map(describeFlag));
  reviews.set(project, { thresholds, flags });
  return flags;
}
