import type {
  FinishedTaskFacts,
  GenerationCount,
  ServiceSpeed,
} from '../../../common/generation/service-speed.js';
import {
  generationSecondsLeft,
  learnServiceSpeed,
  taskTimings,
} from '../../../common/generation/service-speed.js';
import type { JobManager, JobRecord } from '../jobs/index.js';
import { FINAL_STATUSES } from '../jobs/index.js';

const TICK_MS = 1_000;

/**
 * Counts a `generateAndWait` run's blocks as their audio is filed and reports the count with a time left: from
 * the service's learned speed (its earlier tasks, persisted with the jobs) until the run has audio of its own,
 * then from the run's pace. Reports on every filed block and once a second between, so a waiting display still
 * counts down.
 */
export class RunProgress {
  private readonly done = new Set<string>();
  /** Contents that ended without audio (a refused or failed task, a download given up on). */
  private readonly failed = new Set<string>();
  /** Characters of the contents done (with audio or without), and of those without audio. */
  private doneCharacters = 0;
  private failedCharacters = 0;
  private readonly totalCharacters: number;
  private readonly startedAt = Date.now();
  private readonly speed: ServiceSpeed | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly input: {
      serviceUrl: string;
      /** Characters of each content the run waits for, by content hash. */
      wanted: ReadonlyMap<string, number>;
      jobIds: readonly string[];
      manager: Pick<JobManager, 'get' | 'list'>;
      report(count: GenerationCount): void;
    },
  ) {
    this.totalCharacters = [...input.wanted.values()].reduce((sum, characters) => sum + characters, 0);
    this.speed = learnServiceSpeed(taskTimings(input.manager.list().map(timingFacts), input.serviceUrl));
    this.timer = setInterval(() => this.emit(), TICK_MS);
    this.timer.unref();
    this.emit();
  }

  /**
   * A content's audio was filed, or it ended without audio this round. Told again with audio (a failed download
   * fetched again), it moves from failed to generated.
   */
  filed(serviceUrl: string, hash: string, outcome: 'generated' | 'failed'): void {
    if (serviceUrl !== this.input.serviceUrl) return;
    const characters = this.input.wanted.get(hash);
    if (characters === undefined) return;
    if (this.done.has(hash)) {
      if (outcome === 'generated' && this.failed.delete(hash)) {
        this.failedCharacters -= characters;
        this.emit();
      }
      return;
    }
    this.done.add(hash);
    if (outcome === 'failed') {
      this.failed.add(hash);
      this.failedCharacters += characters;
    }
    this.doneCharacters += characters;
    this.emit();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private emit(): void {
    const openTasks = this.input.jobIds.flatMap((jobId) => {
      const job = this.input.manager.get(jobId);
      if (job === undefined || FINAL_STATUSES.includes(job.status) || job.kind !== 'task') return [];
      const submittedAt = job.submittedAt === undefined ? undefined : Date.parse(job.submittedAt);
      return [{ submittedAt, characters: job.characters ?? 0 }];
    });
    this.input.report({
      doneBlocks: this.done.size,
      failedBlocks: this.failed.size,
      totalBlocks: this.input.wanted.size,
      secondsLeft: generationSecondsLeft({
        now: Date.now(),
        startedAt: this.startedAt,
        // The pace counts audio that arrived: a refused task ends at once, and counted in the pace it would
        // promise the rest in no time.
        doneCharacters: this.doneCharacters - this.failedCharacters,
        remainingCharacters: this.totalCharacters - this.doneCharacters,
        openTasks,
        speed: this.speed,
      }),
    });
  }
}

/** A job as the speed is learned from it: with the service's own finish, when it stated one. */
function timingFacts(job: JobRecord): FinishedTaskFacts {
  return job.kind === 'task' ? { ...job, generatedAt: job.result?.metadata.generatedAt } : job;
}
