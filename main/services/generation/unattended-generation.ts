import type { SegmentUpdate } from '../../../common/generation/index.js';
import { applySegmentUpdates } from '../../../common/generation/index.js';
import type { GenerationCount } from '../../../common/generation/service-speed.js';
import type { Project } from '../../../common/project/index.js';
import { allBlocks, characterCount, contentHash } from '../../../common/project/index.js';
import { toGenerate } from '../../../common/project/rewrite-holds.js';
import { waitOrAbort } from '../../../common/async/wait-or-abort.js';
import type { AudioCache } from '../audio-cache/index.js';
import type { JobManager } from '../jobs/index.js';
import type { Logger } from '../logging/logger.js';
import type { ServiceLexicons } from '../pronunciation/service-lexicons.js';
import { DEFAULT_CHARGE_TWICE_OVERRIDE, heldUpdate } from './charge-twice-refusal.js';
import type { ContentLookup } from './content-lookup.js';
import type { GenerationSubmission } from './generation-submission.js';
import { RunProgress } from './run-progress.js';
import type { SegmentFiling } from './segment-filing.js';

/** Extra rounds of fetching failed downloads again in `generateAndWait`, each with the full retry budget. */
const REFETCH_ROUNDS = 2;

export interface GenerateAndWaitOptions {
  signal?: AbortSignal;
  onProgress?: (count: GenerationCount) => void;
  /** The user's yes to sending content the service may already have charged (`--confirm-charge-twice`). */
  confirmChargeTwice?: boolean;
  /** Told once the run's tasks are with the job manager (a batch counts them in flight from then on). */
  onSubmitted?: () => void;
}

export interface UnattendedGenerationOptions {
  manager(serviceUrl: string): Promise<JobManager>;
  audio: AudioCache;
  lexicons: ServiceLexicons;
  logger?: Logger | undefined;
  /** How the user of this shell sends a held block anyway; the app's Tasks page when absent. */
  chargeTwiceOverride?: string | undefined;
  submission: Pick<GenerationSubmission, 'start'>;
  filing: SegmentFiling;
  contents: ContentLookup;
}

/**
 * Generation nobody watches (batch export, `timbre export --generate`): sends what a project lacks, leaving out
 * held content unless confirmed, waits for every task, counts progress, fetches failed downloads again a few
 * rounds, and answers the project with every state applied.
 */
export class UnattendedGeneration {
  constructor(private readonly options: UnattendedGenerationOptions) {}

  /**
   * Generates what the project lacks and waits for it: the command line tool and batch export use this. Returns
   * the project with its generation states brought up to date (failures included).
   */
  async generateAndWait(project: Project, options: GenerateAndWaitOptions = {}): Promise<Project> {
    const { filing, contents } = this.options;
    // Unattended: content the service may already have charged is left out (each such block fails, saying why
    // and how to send it) unless the user confirmed it beforehand.
    const started = await this.options.submission.start({
      project,
      chargeTwice: options.confirmChargeTwice === true ? 'confirm' : 'skip',
    });
    options.onSubmitted?.();
    const { serviceUrl } = started;
    const context = this.options.lexicons.contextFor(project);
    const manager = await this.options.manager(serviceUrl);
    const wanted = await this.missingContents(project, serviceUrl);
    for (const held of started.heldBlocks) wanted.delete(held.contentHash);
    const progress = new RunProgress({
      serviceUrl,
      wanted,
      jobIds: started.jobIds,
      manager,
      report: (count) => options.onProgress?.(count),
    });
    const count = (url: string, update: SegmentUpdate): void =>
      progress.filed(url, update.contentHash, update.state === 'generated' ? 'generated' : 'failed');
    const stopCounting = filing.listen(count);
    try {
      for (const jobId of started.jobIds) {
        if (options.signal?.aborted) throw new Error('Generation was cancelled');
        const job = await waitOrAbort(manager.waitFor(jobId), options.signal);
        filing.onJobUpdated(job);
        // Counted from what the filing answers too: a task refused as it was sent is filed while `start` is
        // still submitting the run's other tasks, before this run listens.
        for (const update of (await filing.updatesOf(job.id)) ?? []) count(serviceUrl, update);
      }
      // Audio fetched again instead of resent is waited for too.
      await filing.settled();
      const hashes = allBlocks(project).map((block) => contentHash(block, context));
      // A download that failed through all its retries is fetched again (never resent) a few more times before
      // the batch gives up on it: the audio is paid for, and a flaky network should not fail an unattended export.
      for (let round = 0; round < REFETCH_ROUNDS; round += 1) {
        const failed = hashes.filter((hash) => {
          const problem = filing.problemOf(serviceUrl, hash);
          return problem !== undefined && problem.code !== 'AUDIO_GONE';
        });
        if (failed.length === 0) break;
        if (options.signal?.aborted) throw new Error('Generation was cancelled');
        this.options.logger?.info(`Fetching ${failed.length} failed download(s) again (round ${round + 1})`);
        await contents.refetch(serviceUrl, failed);
      }
      const held = new Map(started.heldBlocks.map((block) => [block.contentHash, block]));
      const found = (await contents.lookup(serviceUrl, hashes)).filter(
        (update) => !held.has(update.contentHash),
      );
      const override = this.options.chargeTwiceOverride ?? DEFAULT_CHARGE_TWICE_OVERRIDE;
      return applySegmentUpdates(project, context, [
        ...found,
        ...[...held.values()].map((block) => heldUpdate(block, override)),
      ]);
    } finally {
      stopCounting();
      progress.stop();
    }
  }

  /** The contents a run waits for (needing audio, not held for a rewrite, not in the cache), with their characters. */
  private async missingContents(project: Project, serviceUrl: string): Promise<Map<string, number>> {
    const wanted = new Map<string, number>();
    const context = this.options.lexicons.contextFor(project);
    for (const block of allBlocks(project)) {
      if (toGenerate(block, context)) {
        wanted.set(contentHash(block, context), characterCount(block, context));
      }
    }
    const cached = await this.options.audio.lookupMany(serviceUrl, [...wanted.keys()]);
    for (const hash of cached.keys()) wanted.delete(hash);
    return wanted;
  }
}
