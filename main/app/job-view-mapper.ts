import { blockHashesOf } from '../../common/generation/charge-twice-holds.js';
import type { JobView } from '../../common/jobs/job-view.js';
import type { JobRecord } from '../services/jobs/index.js';

/** The renderer's picture of a job: status and bookkeeping only, never request bodies or results. */
export function toJobView(job: JobRecord, projectTitle?: string): JobView {
  return {
    id: job.id,
    kind: job.kind,
    serviceUrl: job.serviceUrl,
    status: job.status,
    createdAt: job.createdAt,
    ...(job.remoteId === undefined ? {} : { remoteId: job.remoteId }),
    ...(job.remoteStatus === undefined ? {} : { remoteStatus: job.remoteStatus }),
    ...(job.projectId === undefined ? {} : { projectId: job.projectId }),
    ...((projectTitle ?? job.projectTitle) === undefined
      ? {}
      : { projectTitle: projectTitle ?? job.projectTitle }),
    ...(job.blockIds === undefined ? {} : { blockIds: [...job.blockIds] }),
    ...(blockHashesOf(job).length === 0 ? {} : { sentHashes: [...blockHashesOf(job)] }),
    ...(job.voiceName === undefined ? {} : { voiceName: job.voiceName }),
    ...(job.kind === 'task' && job.characters !== undefined ? { characters: job.characters } : {}),
    ...(job.submittedAt === undefined ? {} : { submittedAt: job.submittedAt }),
    ...(job.finishedAt === undefined ? {} : { finishedAt: job.finishedAt }),
    ...(job.kind === 'task' && job.result?.metadata.generatedAt !== undefined
      ? { generatedAt: job.result.metadata.generatedAt }
      : {}),
    ...(job.resumedAt === undefined ? {} : { resumedAt: job.resumedAt }),
    ...(job.error === undefined ? {} : { error: { ...job.error } }),
    ...(job.requestId === undefined ? {} : { requestId: job.requestId }),
    ...(job.retryOf === undefined ? {} : { retryOf: job.retryOf }),
    ...(job.retriedBy === undefined ? {} : { retriedBy: job.retriedBy }),
    ...(job.dismissedAt === undefined ? {} : { dismissedAt: job.dismissedAt }),
    ...(job.supersededAt === undefined ? {} : { supersededAt: job.supersededAt }),
    ...(job.outcomeUnknownAt === undefined ? {} : { outcomeUnknownAt: job.outcomeUnknownAt }),
    ...(job.nextAttemptAt === undefined ? {} : { nextAttemptAt: job.nextAttemptAt }),
  };
}
