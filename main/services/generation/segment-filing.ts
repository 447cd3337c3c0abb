import pMap from 'p-map';
import type { SegmentUpdate } from '../../../common/generation/index.js';
import { blockHashesOf } from '../../../common/generation/charge-twice-holds.js';
import { OUTCOME_UNKNOWN_CODE } from '../../../common/jobs/job-status.js';
import type { AudioCache } from '../audio-cache/index.js';
import { AudioCacheError } from '../audio-cache/index.js';
import type { JobRecord } from '../jobs/index.js';
import { FINAL_STATUSES } from '../jobs/index.js';
import type { Logger } from '../logging/logger.js';
import { generatedUpdate } from './segment-update-sources.js';
import type { GenerationUpdate, SegmentError } from './segment-update-sources.js';

/** Segments of one finished task downloaded and filed at once (each also waits at the service's rate gate). */
const SEGMENT_FILING_CONCURRENCY = 4;

export interface SegmentFilingOptions {
  audio: AudioCache;
  onUpdate(update: GenerationUpdate): void;
  logger?: Logger | undefined;
}

/** Told of a content just filed (its audio arrived, or failed), on the service it came from. */
type SegmentListener = (serviceUrl: string, update: SegmentUpdate) => void;

/**
 * Filing a generation task once it ends: a cancelled task's blocks are `cancelled`, a failed one's `failed` with
 * its error, a succeeded one's audio is downloaded into the audio cache and published `generated`. A download
 * that fails is remembered per content (`problemOf`) with what to do, until it is filed again.
 */
export class SegmentFiling {
  /** Jobs whose audio is being filed, and jobs already filed in this run. */
  private readonly filing = new Map<string, Promise<SegmentUpdate[]>>();
  /** Jobs whose filing has ended (so a later "fetch again" may file them anew). */
  private readonly filed = new Set<string>();
  /** Delivered audio that could not be downloaded, by service and content hash (cleared when it arrives). */
  private readonly fetchProblems = new Map<string, SegmentError>();
  /** Told of every content filed (its audio arrived, or failed): run progress counts with it. */
  private readonly segmentListeners = new Set<SegmentListener>();

  constructor(private readonly options: SegmentFilingOptions) {}

  /** A job changed: when a generation task ends, its segments are filed (once) and published. */
  onJobUpdated(job: JobRecord): void {
    if (job.kind !== 'task' || !job.contentHashes || !job.projectId) return;
    if (!FINAL_STATUSES.includes(job.status)) return;
    if (this.filing.has(job.id)) return;
    this.file(job);
  }

  /** Files a job's audio again (after a failed download), unless its filing is still running. */
  refile(job: JobRecord, hashes: readonly string[]): void {
    if (this.filing.has(job.id) && !this.filed.has(job.id)) return;
    for (const hash of hashes) this.fetchProblems.delete(problemKey(job.serviceUrl, hash));
    this.file(job);
  }

  isFiling(jobId: string): boolean {
    return this.filing.has(jobId);
  }

  hasFiled(jobId: string): boolean {
    return this.filed.has(jobId);
  }

  /** What the job's filing published (or will), when it has begun. */
  updatesOf(jobId: string): Promise<SegmentUpdate[]> | undefined {
    return this.filing.get(jobId);
  }

  /** Why this content's delivered audio could not be downloaded, while it is not here. */
  problemOf(serviceUrl: string, hash: string): SegmentError | undefined {
    return this.fetchProblems.get(problemKey(serviceUrl, hash));
  }

  forgetProblem(serviceUrl: string, hash: string): void {
    this.fetchProblems.delete(problemKey(serviceUrl, hash));
  }

  /** Hears every content filed from now on, until the returned function is called. */
  listen(listener: SegmentListener): () => void {
    this.segmentListeners.add(listener);
    return () => this.segmentListeners.delete(listener);
  }

  /** Waits until every job filed so far is processed (tests, the command line tool). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.filing.values()]);
  }

  private file(job: JobRecord): void {
    this.filed.delete(job.id);
    const work = this.fileJob(job).finally(() => this.filed.add(job.id));
    this.filing.set(job.id, work);
    void work.then(
      (segments) => {
        if (segments.length > 0 && job.projectId) {
          this.options.onUpdate({ serviceUrl: job.serviceUrl, projectId: job.projectId, segments });
        }
      },
      (error: unknown) => this.options.logger?.warn(`Could not file the audio of job ${job.id}`, error),
    );
  }

  private async fileJob(job: JobRecord): Promise<SegmentUpdate[]> {
    const keys = job.contentHashes ?? [];
    const hashes = blockHashesOf(job);
    if (job.status === 'cancelled') {
      return this.announced(
        job.serviceUrl,
        hashes.map((hash) => ({ contentHash: hash, state: 'cancelled', jobId: job.id })),
      );
    }
    if (job.status !== 'succeeded') {
      const ended = job.error ?? {
        code: job.status.toUpperCase(),
        message: `The task ended as ${job.status}.`,
      };
      // Its blocks are told apart in the editor by this code ("Outcome unknown", not "Generation failed"), also
      // for a job file written before the job's own error carried it.
      const error = job.status === 'unknown-outcome' ? { ...ended, code: OUTCOME_UNKNOWN_CODE } : ended;
      const message = refusedAtSubmission(job) ? refusalMessage(error.message, hashes.length) : error.message;
      return this.announced(
        job.serviceUrl,
        hashes.map((hash) => ({
          contentHash: hash,
          state: 'failed',
          error: { code: error.code, message, requestId: error.requestId ?? job.requestId },
        })),
      );
    }
    const contents = job.kind === 'task' ? (job.result?.metadata.contents ?? []) : [];
    // Several segments at once: a 50-block task's downloads would otherwise queue one behind another, and the
    // whole run waits for the last task's (issue 16: generation within 1.2× of the service's own time).
    return pMap(
      [...keys.entries()],
      async ([index, key]): Promise<SegmentUpdate> => {
        const hash = hashes[index] ?? key;
        const remoteUrl = contents[index]?.audio;
        if (!remoteUrl) {
          return this.announce(job.serviceUrl, {
            contentHash: hash,
            state: 'failed',
            error: {
              code: 'NO_AUDIO',
              message: `The service finished the task but sent no audio for block ${index + 1}.`,
              requestId: job.requestId,
            },
          });
        }
        return this.announce(job.serviceUrl, await this.fileSegment(job, key, hash, contents[index], index));
      },
      { concurrency: SEGMENT_FILING_CONCURRENCY },
    );
  }

  private async fileSegment(
    job: JobRecord,
    key: string,
    hash: string,
    // As the service's task parses (zod leaves a missing field undefined).
    content:
      | {
          audio?: string | undefined;
          generatedAt?: string | undefined;
          seed?: number | undefined;
          text?: string | undefined;
        }
      | undefined,
    index: number,
  ): Promise<SegmentUpdate> {
    const problemAt = problemKey(job.serviceUrl, hash);
    try {
      const entry = await this.options.audio.store(job.serviceUrl, key, {
        remoteUrl: content?.audio ?? '',
        taskId: job.remoteId,
        generatedAt: content?.generatedAt ?? job.finishedAt,
      });
      this.fetchProblems.delete(problemAt);
      const seed = content?.seed;
      return {
        ...generatedUpdate(hash, entry, {
          requestId: job.requestId,
          seed: job.takeOf !== undefined && typeof seed === 'number' && seed >= 0 ? seed : undefined,
        }),
        fresh: true,
      };
    } catch (error) {
      const problem = downloadProblem(error, job, content?.text);
      this.fetchProblems.set(problemAt, problem);
      this.options.logger?.warn(`Audio of job ${job.id} block ${index + 1}: ${problem.message}`);
      return { contentHash: hash, state: 'failed', error: problem };
    }
  }

  /** Tells the run listeners of a content just filed, and answers its update. */
  private announce(serviceUrl: string, update: SegmentUpdate): SegmentUpdate {
    for (const listener of this.segmentListeners) listener(serviceUrl, update);
    return update;
  }

  private announced(serviceUrl: string, updates: SegmentUpdate[]): SegmentUpdate[] {
    return updates.map((update) => this.announce(serviceUrl, update));
  }
}

/** A task the service answered with a 4xx refusal when it was sent: nothing of it was made, nothing charged. */
function refusedAtSubmission(job: JobRecord): boolean {
  const status = job.error?.httpStatus;
  return (
    job.status === 'failed' &&
    job.remoteId === undefined &&
    status !== undefined &&
    status >= 400 &&
    status < 500
  );
}

/**
 * A refusal is of the whole task: every block it carried is marked failed, though the service may object to one
 * of them only (TTS_CONTENTS_INVALID never says which). Said so, so that a marked block is not taken for a bad one.
 */
function refusalMessage(reason: string, blocks: number): string {
  const others = blocks - 1;
  return others === 0
    ? `The service refused the task this block was sent in, so nothing was generated or charged for it. ${reason}`
    : `The service refused the whole task this block was sent in, with ${others} other block${others === 1 ? '' : 's'}, ` +
        `so nothing was generated or charged for any of them; this block itself may be fine. ${reason}`;
}

function problemKey(serviceUrl: string, hash: string): string {
  return `${serviceUrl}\n${hash}`;
}

/**
 * Why delivered audio is not here, in words that say what to do: fetch it again (the service still has it), or
 * generate it again at its price (the service says it is gone).
 */
function downloadProblem(error: unknown, job: JobRecord, text: string | undefined): SegmentError {
  const requestId =
    (error instanceof AudioCacheError ? error.requestId : undefined) ?? job.requestId ?? undefined;
  const reason = error instanceof Error ? error.message : String(error);
  if (error instanceof AudioCacheError && error.code === 'AUDIO_GONE') {
    const credits = text?.length ?? 0;
    return {
      code: 'AUDIO_GONE',
      message: `${reason} Generating this block again sends a new task and costs about ${credits} credit${credits === 1 ? '' : 's'}.`,
      requestId,
    };
  }
  return {
    code: error instanceof AudioCacheError ? error.code : 'AUDIO_DOWNLOAD_FAILED',
    message: `${reason} The service has this audio and it is paid for: fetching it again sends nothing new (“Fetch audio again” on the block, or export again).`,
    requestId,
  };
}
