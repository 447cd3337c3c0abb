import type { GenerationCount } from '../../../common/generation/service-speed.js';
import type { ServiceLexicons } from '../pronunciation/service-lexicons.js';
import type { SendContext } from '../../../common/project/send-context.js';
import type { Project } from '../../../common/project/index.js';
import { allBlocks, contentHash, playableAudio, setGenerationState } from '../../../common/project/index.js';
import { requireBlock, withBlockReplaced } from '../../../common/project/block-lookup.js';
import { withoutTake } from '../../../common/project/takes.js';
import { toGenerate } from '../../../common/project/rewrite-holds.js';
import type { AudioCache } from '../audio-cache/index.js';
import type { GenerationService } from '../generation/index.js';
import type { JobManager, JobRecord } from '../jobs/index.js';
import { FINAL_STATUSES } from '../jobs/index.js';
import { waitOrAbort } from '../../../common/async/wait-or-abort.js';

/** Brings a project's audio up to date for the batch; returns the project with its generation states applied. */
export interface BatchGenerator {
  generate(project: Project, run: GenerateRun): Promise<Project>;
}

export interface GenerateRun {
  signal: AbortSignal;
  /** Blocks done out of those the run waits for, with the time left when it can be told. */
  onProgress(count: GenerationCount): void;
  /**
   * Resolves when this run may submit, with a function to call once its tasks are with the job manager (the
   * batch's in-flight cap: submission-window.ts). Asked only when something is to be sent. Absent: at once.
   */
  whenMaySubmit?(tasksInFlight: () => number, signal: AbortSignal): Promise<() => void>;
}

export interface ServiceGeneratorOptions {
  generation: Pick<GenerationService, 'generateAndWait' | 'onJobUpdated' | 'settled'>;
  audio: Pick<AudioCache, 'lookup'>;
  manager(serviceUrl: string): Promise<JobManager>;
  lexicons: ServiceLexicons;
  /**
   * Give up when the service has been unreachable this long (the command line tool must end; the app waits,
   * since its job manager sends queued work when the service is back). Undefined waits.
   */
  unreachableTimeoutMs?: number | undefined;
  /**
   * The user's yes, given beforehand (`timbre export --confirm-charge-twice`), to sending content the service may
   * already have charged without delivering it. Without it such blocks are left out and fail, saying why.
   */
  confirmChargeTwice?: boolean | undefined;
}

/** Rounds of "wait for jobs another run sent, then look again" before giving up on a block. */
const MAX_ROUNDS = 3;
const REACHABILITY_CHECK_MS = 1_000;

/**
 * Generation for the batch, on the app's GenerationService: only what has no audio on this machine is sent
 * (a block whose file says "generated" but whose audio is not in this machine's cache is generated again), and
 * content already on its way in another job (sent by an earlier run that stopped) is waited for, not sent twice.
 */
export class ServiceGenerator implements BatchGenerator {
  constructor(private readonly options: ServiceGeneratorOptions) {}

  async generate(project: Project, run: GenerateRun): Promise<Project> {
    const serviceUrl = project.serviceUrl;
    if (!serviceUrl) throw new Error('The project is not linked to a service, so nothing can be generated.');
    let current = await this.forgetAudioNotHere(project, serviceUrl);
    const context = this.options.lexicons.contextFor(project);
    if (!allBlocks(current).some((block) => toGenerate(block, context))) return current;

    const manager = await this.options.manager(serviceUrl);
    const earlier = new Set(manager.list().map((job) => job.id));
    const watchdog = this.watchReachability(manager, run.signal);
    let submitted: (() => void) | undefined;
    try {
      for (let round = 0; round < MAX_ROUNDS; round += 1) {
        // Content already on its way (an earlier run stopped while it waited) is waited for and filed first:
        // asking again meanwhile would miss it (not cached yet) and pay for it twice.
        for (const jobId of pendingJobsFor(current, context, manager.list())) {
          const job = await waitOrAbort(manager.waitFor(jobId), watchdog.signal);
          this.options.generation.onJobUpdated(job);
        }
        await this.options.generation.settled();
        if (round === 0 && run.whenMaySubmit) {
          submitted = await run.whenMaySubmit(() => tasksInFlight(manager), watchdog.signal);
        }
        current = await this.options.generation.generateAndWait(current, {
          signal: watchdog.signal,
          onProgress: (count) => run.onProgress(count),
          confirmChargeTwice: this.options.confirmChargeTwice === true,
          ...(submitted ? { onSubmitted: submitted } : {}),
        });
        if (pendingJobsFor(current, context, manager.list()).length === 0) return current;
      }
      return current;
    } catch (error) {
      // Stopped (cancel, pause, quit, or the service gone): submissions this call made that have not gone out
      // are withdrawn, so they cannot spend credits later unasked. Sent ones run on; their audio is kept.
      if (watchdog.signal.aborted) await cancelQueued(manager, project.id, earlier);
      if (watchdog.gaveUp) throw new Error(watchdog.gaveUp, { cause: error });
      throw error;
    } finally {
      submitted?.();
      watchdog.stop();
    }
  }

  /**
   * Audio that would play but that this machine does not have (another computer, a cleared cache): that take is
   * dropped and the block counts as not generated, so it is generated (or fetched) before the export.
   */
  private async forgetAudioNotHere(project: Project, serviceUrl: string): Promise<Project> {
    let next = project;
    const context = this.options.lexicons.contextFor(project);
    for (const block of allBlocks(project)) {
      const audio = playableAudio(block, context);
      if (!audio || (await this.options.audio.lookup(serviceUrl, audio.cacheKey))) continue;
      next = setGenerationState(next, block.id, { kind: 'not-generated' });
      const location = requireBlock(next, block.id);
      next = withBlockReplaced(next, location, withoutTake(location.block, audio.cacheKey));
    }
    return next;
  }

  private watchReachability(
    manager: JobManager,
    outer: AbortSignal,
  ): { signal: AbortSignal; gaveUp: string | undefined; stop(): void } {
    const controller = new AbortController();
    const onAbort = (): void => controller.abort(outer.reason);
    outer.addEventListener('abort', onAbort, { once: true });
    if (outer.aborted) controller.abort(outer.reason);
    const limit = this.options.unreachableTimeoutMs;
    let unreachableSince: number | undefined;
    let timer: NodeJS.Timeout | undefined;
    const state = {
      signal: controller.signal,
      gaveUp: undefined as string | undefined,
      stop: (): void => {
        clearInterval(timer);
        outer.removeEventListener('abort', onAbort);
      },
    };
    if (limit !== undefined) {
      timer = setInterval(
        () => {
          if (manager.isServiceReachable) {
            unreachableSince = undefined;
            return;
          }
          unreachableSince ??= Date.now();
          if (Date.now() - unreachableSince < limit) return;
          state.gaveUp = `The service at ${manager.serviceUrl} could not be reached for ${Math.round(limit / 1000)} s; nothing more was sent.`;
          controller.abort();
        },
        Math.min(REACHABILITY_CHECK_MS, limit / 4),
      );
      timer.unref();
    }
    return state;
  }
}

/** Tasks of this service sent or waiting to be sent that have not ended (the app's own included). */
function tasksInFlight(manager: JobManager): number {
  return manager.list().filter((job) => job.kind === 'task' && !FINAL_STATUSES.includes(job.status)).length;
}

/** Jobs not yet ended that carry content this project still needs (sent by an earlier run, or the app). */
function pendingJobsFor(project: Project, context: SendContext, jobs: readonly JobRecord[]): string[] {
  const needed = new Set(
    allBlocks(project)
      .filter((block) => toGenerate(block, context))
      .map((block) => contentHash(block, context)),
  );
  return jobs
    .filter(
      (job) =>
        job.kind === 'task' &&
        !FINAL_STATUSES.includes(job.status) &&
        (job.contentHashes ?? []).some((hash) => needed.has(hash)),
    )
    .map((job) => job.id);
}

/**
 * This project's submissions made since `earlier` that have not gone out. One caught mid-POST is given a moment
 * to learn its fate first: once sent it runs on (its audio will be used), and if it went back to waiting it is
 * withdrawn.
 */
async function cancelQueued(
  manager: JobManager,
  projectId: string,
  earlier: ReadonlySet<string>,
): Promise<void> {
  const ours = manager.list().filter((job) => job.projectId === projectId && !earlier.has(job.id));
  for (const listed of ours) {
    const job = listed.status === 'submitting' ? await settled(manager, listed.id) : listed;
    if (job?.status !== 'queued' && job?.status !== 'queued-offline') continue;
    await manager.cancel(job.id).catch(() => undefined);
  }
}

const SUBMISSION_SETTLE_MS = 5_000;

function settled(manager: JobManager, jobId: string): Promise<JobRecord | undefined> {
  return new Promise((resolve) => {
    const done = (job: JobRecord | undefined): void => {
      clearTimeout(timer);
      stop();
      resolve(job);
    };
    const timer = setTimeout(() => done(manager.get(jobId)), SUBMISSION_SETTLE_MS);
    const stop = manager.onEvent((event) => {
      if (event.type === 'job-updated' && event.job.id === jobId && event.job.status !== 'submitting') {
        done(event.job);
      }
    });
    const now = manager.get(jobId);
    if (now?.status !== 'submitting') done(now);
  });
}
