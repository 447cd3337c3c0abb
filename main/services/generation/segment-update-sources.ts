import type { SegmentUpdate } from '../../../common/generation/index.js';
import { blockHashesOf } from '../../../common/generation/charge-twice-holds.js';
import type { CachedSegment } from '../audio-cache/index.js';
import type { JobRecord } from '../jobs/index.js';
import { FINAL_STATUSES } from '../jobs/index.js';

/**
 * Where segment updates come from in main: the audio cache (a content's generated audio) and the job list (contents
 * on their way, a content's last failure). Applying them to a project is common/generation/segment-updates.ts.
 */

/** Segment updates of one project, as GenerationService publishes them to the editor. */
export interface GenerationUpdate {
  serviceUrl: string;
  projectId: string;
  segments: SegmentUpdate[];
}

/** The error of a content whose generation or download failed, as a segment update carries it. */
export type SegmentError = Extract<SegmentUpdate, { state: 'failed' }>['error'];

/** A content's cached audio as the update the editor applies (with the request and a take's seed when known). */
export function generatedUpdate(
  hash: string,
  entry: CachedSegment,
  extra: { requestId?: string | undefined; seed?: number | undefined } = {},
): Extract<SegmentUpdate, { state: 'generated' }> {
  return {
    contentHash: hash,
    state: 'generated',
    audio: {
      cacheKey: entry.cacheKey,
      durationMs: entry.durationMs,
      mediaPath: entry.mediaPath,
      remoteUrl: entry.remoteUrl,
      taskId: entry.taskId,
      generatedAt: entry.generatedAt,
      ...(extra.requestId === undefined ? {} : { requestId: extra.requestId }),
      ...(extra.seed === undefined ? {} : { seed: extra.seed }),
      ...(entry.measures === undefined ? {} : { measures: entry.measures }),
    },
  };
}

/** Content hashes on their way in jobs that have not ended, with the job carrying each. */
export function pendingHashes(jobs: readonly JobRecord[]): Map<string, string> {
  const pending = new Map<string, string>();
  for (const job of jobs) {
    if (job.kind !== 'task' || FINAL_STATUSES.includes(job.status)) continue;
    for (const hash of blockHashesOf(job)) pending.set(hash, job.id);
  }
  return pending;
}

/** The newest task that carried this content and failed (not cancelled, not retried since). */
export function latestFailure(jobs: readonly JobRecord[], hash: string): JobRecord | undefined {
  return jobs
    .filter(
      (job) =>
        job.kind === 'task' &&
        blockHashesOf(job).includes(hash) &&
        FINAL_STATUSES.includes(job.status) &&
        job.status !== 'succeeded' &&
        job.status !== 'cancelled' &&
        job.retriedBy === undefined,
    )
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
}
