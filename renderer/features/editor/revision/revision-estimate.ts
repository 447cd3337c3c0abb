import type { RevisionPlan } from '../../../../common/import/revision-apply.js';
import { applyRevision } from '../../../../common/import/revision-apply.js';
import { chaptersWithChangedAudio } from '../../../../common/import/revision-chapters.js';
import type { Project } from '../../../../common/project/project-schema.js';
import { projectStats } from '../../../../common/project/project-stats.js';
import type { SendContext } from '../../../../common/project/send-context.js';

/** What Generate would send before and after applying a revision, by the status bar's own estimate. */
export interface RevisionEstimate {
  readonly pendingNow: { blocks: number; credits: number };
  readonly pendingAfter: { blocks: number; credits: number };
  /** The chapters whose audio the revision changes (their chapter files are to export again), and those it ends. */
  readonly chapters: { changed: readonly string[]; gone: readonly string[] };
}

/**
 * The project with the revision applied, counted as the status bar counts (projectStats: what is not generated,
 * stale or failed, lines held for a rewrite left out), beside the same count now: so the dialog says what the
 * revision itself costs and what was waiting already. Blocks that survive keep their audio and cost nothing.
 */
export function estimateRevision(
  project: Project,
  plan: RevisionPlan,
  contextOf: (project: Project) => SendContext,
): RevisionEstimate {
  const now = projectStats(project, contextOf(project));
  const applied = applyRevision(project, plan);
  const after = projectStats(applied, contextOf(applied));
  return {
    pendingNow: { blocks: now.pendingBlockCount, credits: now.estimatedPendingCredits },
    pendingAfter: { blocks: after.pendingBlockCount, credits: after.estimatedPendingCredits },
    chapters: chaptersWithChangedAudio(project, applied),
  };
}
