import { randomInt } from 'node:crypto';
import pMap from 'p-map';
import type { GenerationBatch, SegmentUpdate } from '../../../common/generation/index.js';
import { applySegmentUpdates, planGenerationBatches } from '../../../common/generation/index.js';
import { IpcError } from '../../../common/ipc/errors.js';
import type { TakeMedia, TakeWaveform } from '../../../common/ipc/generation-methods.js';
import type { Project } from '../../../common/project/index.js';
import type { GenerationCount } from '../../../common/generation/service-speed.js';
import type { ChargeTwiceRefusal, HeldBlock } from '../../../common/generation/charge-twice-holds.js';
import { blockHashesOf, chargeTwiceHolds, whyHeld } from '../../../common/generation/charge-twice-holds.js';
import { creditsFor } from '../../../common/jobs/job-texts.js';
import { OUTCOME_UNKNOWN_CODE } from '../../../common/jobs/job-status.js';
import {
  TAKE_SEED_MAX,
  allBlocks,
  characterCount,
  contentHash,
  excerpt,
  needsGeneration,
  validateProject,
} from '../../../common/project/index.js';
import type { AudioCache, CachedSegment } from '../audio-cache/index.js';
import { AudioCacheError } from '../audio-cache/index.js';
import type { JobManager, JobRecord } from '../jobs/index.js';
import { FINAL_STATUSES } from '../jobs/index.js';
import type { Logger } from '../logging/logger.js';
import type { ServiceLexicons } from '../pronunciation/service-lexicons.js';
import type { SendContext } from '../../../common/project/send-context.js';
import type { VoiceCatalog } from '../../../common/project/voice-fit.js';
import { waitOrAbort } from '../../../common/async/wait-or-abort.js';
import { OneAtATime } from '../../../common/async/one-at-a-time.js';
import type { DeliveredAudio } from './delivered-audio.js';
import { deliveredAudio } from './delivered-audio.js';
import { RunProgress } from './run-progress.js';

export interface GenerationUpdate {
  serviceUrl: string;
  projectId: string;
  segments: SegmentUpdate[];
}

export interface GenerationServiceOptions {
  manager(serviceUrl: string): Promise<JobManager>;
  audio: AudioCache;
  /** Whether the account may ask for subtitles (`srt`); a free account's request is silently refused. */
  srtAllowed(serviceUrl: string): boolean;
  onUpdate(update: GenerationUpdate): void;
  /** Each project's send context: its cast and lexicon and its service's lexicon, as the editor shows them. */
  lexicons: ServiceLexicons;
  /** The service's voices as the library knows them: each block's style is checked against its voice's. */
  voices?: ((serviceUrl: string) => Promise<VoiceCatalog>) | undefined;
  logger?: Logger | undefined;
  /**
   * How the user of this shell sends a held block anyway (charge-twice-holds.ts), told on each block a run of
   * `generateAndWait` left out. Defaults to the app's Tasks page.
   */
  chargeTwiceOverride?: string | undefined;
}

/**
 * What a request does with blocks held because the service may already have charged their content: `refuse`
 * sends nothing and answers a ChargeTwiceRefusal (the editor then asks), `skip` sends the others only, `confirm`
 * sends them too (the user accepted paying twice).
 */
type ChargeTwiceChoice = 'refuse' | 'skip' | 'confirm';

export interface StartGenerationInput {
  project: Project;
  blockIds?: readonly string[] | undefined;
  /** Another take of the chosen blocks: sent again with a new seed, keeping the takes they have. */
  newTake?: boolean | undefined;
  /** Default `refuse`: nothing held is ever sent without the user's say. */
  chargeTwice?: ChargeTwiceChoice | undefined;
}

export interface StartedGeneration {
  serviceUrl: string;
  jobIds: string[];
  sentBlocks: number;
  /** Of `sentBlocks`, those whose tasks wait for the service to be reachable: nothing of them has gone yet. */
  offlineBlocks: number;
  /** Of `sentBlocks`, those whose tasks the service has not answered yet (queued behind others, or sending). */
  sendingBlocks: number;
  /**
   * The blocks sent, so the editor's run counts them all: a task refused at once never has its blocks shown
   * "on their way", and they would be left out of the run's count of what failed.
   */
  blockIds: string[];
  reusedBlocks: number;
  characters: number;
  /** Blocks left out (`skip`) because the service may already have charged their content. */
  heldBlocks: HeldBlock[];
}

const MAX_LISTED_VIOLATIONS = 5;
const DEFAULT_CHARGE_TWICE_OVERRIDE =
  'To have it generated, dismiss that task on the Tasks page (or submit it again there), or generate it in the editor, which asks first.';
/** Extra rounds of fetching failed downloads again in `generateAndWait`, each with the full retry budget. */
const REFETCH_ROUNDS = 2;
/**
 * How long Generate waits for its first task's POST to tell whether the service can be reached: online it answers
 * in milliseconds; a refused connection is tried 4 times over at most 3.5 s (retry-policy.ts) before the task
 * is queued until the service is back.
 */
const SUBMISSION_OUTCOME_WAIT_MS = 4_000;
/** Older cache entries are decoded for their waveform on request: a few at a time keeps main responsive. */
const WAVEFORM_CONCURRENCY = 4;
/** Segments of one finished task downloaded and filed at once (each also waits at the service's rate gate). */
const SEGMENT_FILING_CONCURRENCY = 4;

/** Generate sent nothing: blocks it would send may be charged twice, and the user has not said what to do. */
export class ChargeTwiceRefusalError extends Error {
  constructor(readonly refusal: ChargeTwiceRefusal) {
    super(refusal.message);
    this.name = 'ChargeTwiceRefusalError';
  }
}

type SegmentError = Extract<SegmentUpdate, { state: 'failed' }>['error'];

/**
 * Generation of a project's blocks: plans what to send (only what has no current audio, once per content),
 * submits the tasks through the job manager (which persists and polls them, also across restarts), and when a
 * task ends files each segment's audio in the audio cache under the content hash it was sent with. It never
 * writes project files: it publishes segment updates, which the open editor applies to its document (and
 * `lookup` answers when a project is opened later), so the user's newer edits are never overwritten.
 */
export class GenerationService {
  /** Jobs whose audio is being filed, and jobs already filed in this run. */
  private readonly filing = new Map<string, Promise<SegmentUpdate[]>>();
  /** Jobs whose filing has ended (so a later "fetch again" may file them anew). */
  private readonly filed = new Set<string>();
  /** Delivered audio that could not be downloaded, by service and content hash (cleared when it arrives). */
  private readonly fetchProblems = new Map<string, SegmentError>();
  /** Told of every content filed (its audio arrived, or failed): run progress counts with it. */
  private readonly segmentListeners = new Set<(serviceUrl: string, update: SegmentUpdate) => void>();
  /** Generate's planning and sending, one request at a time: a request plans only once the last one has sent. */
  private readonly submissions = new OneAtATime();

  constructor(private readonly options: GenerationServiceOptions) {}

  /**
   * Sends what the project lacks (or the given blocks). Throws ChargeTwiceRefusalError, having sent nothing, when
   * blocks it would send are held and the input does not say what to do with them (`chargeTwice`).
   */
  async start(input: StartGenerationInput): Promise<StartedGeneration> {
    const { project } = input;
    const serviceUrl = project.serviceUrl;
    if (!serviceUrl) {
      throw new IpcError({
        code: 'INVALID_INPUT',
        field: 'project.serviceUrl',
        message: 'This project is not linked to a service yet. Choose a service in Settings, then generate.',
      });
    }
    const manager = await this.options.manager(serviceUrl);
    const context = this.options.lexicons.contextFor(project);
    // Every wait comes before the job list is read: two Generate requests at once (a double click, Ctrl+G held)
    // would otherwise both plan the same blocks while one waits, and both send them, paid twice (issue 36).
    const voices = await this.options.voices?.(serviceUrl).catch(() => undefined);
    const planned = await this.submissions.run(async () => {
      // The other shell's tasks (the app's for the CLI, the CLI's for the app) hold content back here too: their
      // job file is read, never written, and a missing or half-written one holds nothing.
      const otherShells = await manager.otherShellJobs();
      const cached = await this.options.audio.lookupMany(
        serviceUrl,
        allBlocks(project).map((block) => contentHash(block, context)),
      );
      // From here to the last submitTask nothing waits on anything but the job file: a request planned after
      // this one sees its tasks in the list, so their blocks are on their way, not sent again.
      const jobs = manager.list();
      const pending = pendingHashes(jobs);
      // Audio the service made and the app paid for, but could not download yet: fetched again, never resent
      // (unless the service said it is gone, or the user asked for a new take).
      const recoverable = this.recoverable(serviceUrl, deliveredAudio(jobs), cached);
      const newTake = input.newTake === true;
      const skipHashes = new Set([...cached.keys(), ...pending.keys(), ...recoverable.keys()]);
      const planFor = (blockIds: readonly string[] | undefined) =>
        planGenerationBatches(project, context, {
          blockIds,
          ...(newTake ? { newTake: { seed: () => randomInt(0, TAKE_SEED_MAX) } } : {}),
          skipHashes,
        });
      let plan = planFor(input.blockIds);
      this.refuseBrokenBlocks(project, context, serviceUrl, plan.batches, voices);
      // Content in a task the service may have charged without delivering is sent again only with the user's
      // yes (issue 37): every path that generates (the editor, the batch, the CLI) comes through here.
      const heldBlocks =
        input.chargeTwice === 'confirm' ? [] : heldIn(project, context, plan, [...jobs, ...otherShells]);
      if (heldBlocks.length > 0) {
        if ((input.chargeTwice ?? 'refuse') === 'refuse') {
          return { kind: 'refused' as const, refusal: chargeTwiceRefusal(serviceUrl, plan, heldBlocks) };
        }
        // Every block with held content is left out, not only the one the plan named (identical blocks).
        const heldHashes = new Set(heldBlocks.map((block) => block.contentHash));
        const leftOut = new Set(
          allBlocks(project)
            .filter((block) => heldHashes.has(contentHash(block, context)))
            .map((block) => block.id),
        );
        plan = planFor(
          (input.blockIds ?? allBlocks(project).map((block) => block.id)).filter((id) => !leftOut.has(id)),
        );
      }

      const early: SegmentUpdate[] = [];
      for (const { contentHash: hash } of plan.reused) {
        const entry = cached.get(hash);
        const jobId = pending.get(hash);
        const delivered = recoverable.get(hash);
        if (entry) early.push(generatedUpdate(hash, entry));
        else if (jobId) early.push({ contentHash: hash, state: 'pending', jobId });
        else if (delivered) {
          early.push({ contentHash: hash, state: 'pending', jobId: delivered.job.id });
          this.refile(delivered.job, [hash]);
        }
      }
      const jobIds: string[] = [];
      const blocksOf = new Map<string, number>();
      for (const batch of plan.batches) {
        const job = await manager.submitTask({
          body: { contents: batch.contents, ...(this.options.srtAllowed(serviceUrl) ? { srt: true } : {}) },
          projectId: project.id,
          projectTitle: project.title,
          blockIds: batch.blockIds,
          contentHashes: batch.cacheKeys,
          ...(newTake ? { takeOf: batch.contentHashes } : {}),
        });
        jobIds.push(job.id);
        blocksOf.set(job.id, batch.blockIds.length);
        for (const hash of batch.contentHashes)
          early.push({ contentHash: hash, state: 'pending', jobId: job.id });
      }
      return { kind: 'sent' as const, plan, jobIds, blocksOf, early, heldBlocks };
    });
    if (planned.kind === 'refused') throw new ChargeTwiceRefusalError(planned.refusal);
    const { plan, jobIds, blocksOf, early, heldBlocks } = planned;
    const onTheirWay = this.stillOnTheirWay(manager, dedupe(early));
    if (onTheirWay.length > 0)
      this.options.onUpdate({ serviceUrl, projectId: project.id, segments: onTheirWay });
    // Whether the service could be reached shows in the first task's POST; until it answers, the run's tasks
    // would all look "sent" even with the network down (issue 36: "2 blocks sent" when they were only queued).
    // The blocks already show as waiting meanwhile.
    const first = jobIds[0];
    if (first !== undefined) await leftTheQueue(manager, first, SUBMISSION_OUTCOME_WAIT_MS);
    // Only tasks the service answered count as sent: one whose POST still hangs, or the run's later tasks still
    // waiting their turn, are being sent (issue 36: the notice said "sent" when nothing had gone yet).
    let offlineBlocks = 0;
    let sendingBlocks = 0;
    for (const [jobId, blocks] of blocksOf) {
      const status = manager.get(jobId)?.status;
      if (status === 'queued-offline') offlineBlocks += blocks;
      else if (status === 'queued' || status === 'submitting') sendingBlocks += blocks;
    }
    return {
      serviceUrl,
      jobIds,
      sentBlocks: plan.batches.reduce((sum, batch) => sum + batch.blockIds.length, 0),
      offlineBlocks,
      sendingBlocks,
      blockIds: plan.batches.flatMap((batch) => batch.blockIds),
      reusedBlocks: plan.reused.length,
      characters: plan.characters,
      heldBlocks,
    };
  }

  /**
   * The run's "on its way" updates, less those of jobs whose outcome is already published. A task can end while
   * the later tasks of its run are still being submitted (a 400 refusal ends it within milliseconds), and its
   * filing publishes "failed" at once: a "pending" published after that would mark its blocks as on their way
   * for good, holding the editor's run open and Generate disabled (issue 36).
   */
  private stillOnTheirWay(manager: JobManager, updates: readonly SegmentUpdate[]): SegmentUpdate[] {
    return updates.filter((update) => {
      if (update.state !== 'pending') return true;
      const job = manager.get(update.jobId);
      if (job === undefined || !FINAL_STATUSES.includes(job.status)) return true;
      // Ended: its filing publishes the outcome (started here if its event has not reached onJobUpdated yet).
      if (!this.filing.has(job.id)) this.onJobUpdated(job);
      return !this.filed.has(job.id);
    });
  }

  /** A job changed: when a generation task ends, its segments are filed (once) and published. */
  onJobUpdated(job: JobRecord): void {
    if (job.kind !== 'task' || !job.contentHashes || !job.projectId) return;
    if (!FINAL_STATUSES.includes(job.status)) return;
    if (this.filing.has(job.id)) return;
    this.file(job);
  }

  /**
   * "Fetch audio again": downloads the delivered audio of these contents anew (nothing is submitted) and
   * answers what main now knows of them.
   */
  async refetch(serviceUrl: string, hashes: readonly string[]): Promise<SegmentUpdate[]> {
    const manager = await this.options.manager(serviceUrl);
    const cached = await this.options.audio.lookupMany(serviceUrl, [...hashes]);
    const delivered = deliveredAudio(manager.list());
    const jobs = new Map<string, { job: JobRecord; hashes: string[] }>();
    for (const hash of hashes) {
      const found = delivered.get(hash);
      if (!found || cached.has(hash)) continue;
      this.fetchProblems.delete(problemKey(serviceUrl, hash));
      const entry = jobs.get(found.job.id) ?? { job: found.job, hashes: [] };
      entry.hashes.push(hash);
      jobs.set(found.job.id, entry);
    }
    for (const { job, hashes: mine } of jobs.values()) this.refile(job, mine);
    await this.settled();
    return this.lookup(serviceUrl, hashes);
  }

  /** Files a job's audio again (after a failed download), unless its filing is still running. */
  private refile(job: JobRecord, hashes: readonly string[]): void {
    if (this.filing.has(job.id) && !this.filed.has(job.id)) return;
    for (const hash of hashes) this.fetchProblems.delete(problemKey(job.serviceUrl, hash));
    this.file(job);
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

  /** The audio the cache has, the jobs still on their way, and the last failures, for the given hashes. */
  async lookup(serviceUrl: string, hashes: readonly string[]): Promise<SegmentUpdate[]> {
    const wanted = new Set(hashes);
    const cached = await this.options.audio.lookupMany(serviceUrl, [...wanted]);
    const updates: SegmentUpdate[] = [...cached.values()].map((entry) =>
      generatedUpdate(entry.cacheKey, entry),
    );
    const jobs = (await this.options.manager(serviceUrl)).list();
    const pending = pendingHashes(jobs);
    const delivered = deliveredAudio(jobs);
    for (const hash of wanted) {
      if (cached.has(hash)) continue;
      const jobId = pending.get(hash);
      if (jobId) {
        updates.push({ contentHash: hash, state: 'pending', jobId });
        continue;
      }
      const problem = this.fetchProblems.get(problemKey(serviceUrl, hash));
      if (problem) {
        updates.push({ contentHash: hash, state: 'failed', error: problem });
        continue;
      }
      const paidFor = delivered.get(hash);
      if (paidFor) {
        // Delivered but not on this machine (a download cut short, a cleared cache): fetched, not resent.
        updates.push({ contentHash: hash, state: 'pending', jobId: paidFor.job.id });
        this.refile(paidFor.job, [hash]);
        continue;
      }
      const failed = latestFailure(jobs, hash);
      if (failed?.error) {
        updates.push({
          contentHash: hash,
          state: 'failed',
          error: {
            code: failed.error.code,
            message: failed.error.message,
            requestId: failed.error.requestId,
          },
        });
      }
    }
    return updates;
  }

  /** Where the cached audio of these takes plays; takes no longer in the cache are left out. */
  async media(serviceUrl: string, cacheKeys: readonly string[]): Promise<TakeMedia[]> {
    const cached = await this.options.audio.lookupMany(serviceUrl, cacheKeys);
    return [...cached.values()].map((entry) => ({
      cacheKey: entry.cacheKey,
      mediaPath: entry.mediaPath,
      durationMs: entry.durationMs,
    }));
  }

  /** The waveforms of these takes' cached audio, a few decoded at a time when older entries lack one. */
  async waveforms(serviceUrl: string, cacheKeys: readonly string[]): Promise<TakeWaveform[]> {
    const found: TakeWaveform[] = [];
    const keys = [...new Set(cacheKeys)];
    for (let start = 0; start < keys.length; start += WAVEFORM_CONCURRENCY) {
      const slice = keys.slice(start, start + WAVEFORM_CONCURRENCY);
      const analyses = await Promise.all(
        slice.map((key) => this.options.audio.analysis(serviceUrl, key).catch(() => undefined)),
      );
      analyses.forEach((analysis, index) => {
        if (!analysis) return;
        const { durationMs, windowsPerSecond, envelope } = analysis;
        found.push({ cacheKey: slice[index] ?? '', durationMs, windowsPerSecond, envelope });
      });
    }
    return found;
  }

  /** Waits until every job filed so far is processed (tests, the command line tool). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.filing.values()]);
  }

  /**
   * Generates what the project lacks and waits for it: the command line tool and batch export use this. Returns
   * the project with its generation states brought up to date (failures included).
   */
  async generateAndWait(
    project: Project,
    options: {
      signal?: AbortSignal;
      onProgress?: (count: GenerationCount) => void;
      /** The user's yes to sending content the service may already have charged (`--confirm-charge-twice`). */
      confirmChargeTwice?: boolean;
    } = {},
  ): Promise<Project> {
    // Unattended: content the service may already have charged is left out (each such block fails, saying why
    // and how to send it) unless the user confirmed it beforehand.
    const started = await this.start({
      project,
      chargeTwice: options.confirmChargeTwice === true ? 'confirm' : 'skip',
    });
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
    this.segmentListeners.add(count);
    try {
      for (const jobId of started.jobIds) {
        if (options.signal?.aborted) throw new Error('Generation was cancelled');
        const job = await waitOrAbort(manager.waitFor(jobId), options.signal);
        this.onJobUpdated(job);
        // Counted from what the filing answers too: a task refused as it was sent is filed while `start` is
        // still submitting the run's other tasks, before this run listens.
        for (const update of (await this.filing.get(job.id)) ?? []) count(serviceUrl, update);
      }
      // Audio fetched again instead of resent is waited for too.
      await this.settled();
      const hashes = allBlocks(project).map((block) => contentHash(block, context));
      // A download that failed through all its retries is fetched again (never resent) a few more times before
      // the batch gives up on it: the audio is paid for, and a flaky network should not fail an unattended export.
      for (let round = 0; round < REFETCH_ROUNDS; round += 1) {
        const failed = hashes.filter((hash) => {
          const problem = this.fetchProblems.get(problemKey(serviceUrl, hash));
          return problem !== undefined && problem.code !== 'AUDIO_GONE';
        });
        if (failed.length === 0) break;
        if (options.signal?.aborted) throw new Error('Generation was cancelled');
        this.options.logger?.info(`Fetching ${failed.length} failed download(s) again (round ${round + 1})`);
        await this.refetch(serviceUrl, failed);
      }
      const held = new Map(started.heldBlocks.map((block) => [block.contentHash, block]));
      const found = (await this.lookup(serviceUrl, hashes)).filter((update) => !held.has(update.contentHash));
      const override = this.options.chargeTwiceOverride ?? DEFAULT_CHARGE_TWICE_OVERRIDE;
      return applySegmentUpdates(project, context, [
        ...found,
        ...[...held.values()].map((block) => heldUpdate(block, override)),
      ]);
    } finally {
      this.segmentListeners.delete(count);
      progress.stop();
    }
  }

  /** The contents a run waits for (needing audio, not in the cache), with their characters. */
  private async missingContents(project: Project, serviceUrl: string): Promise<Map<string, number>> {
    const wanted = new Map<string, number>();
    const context = this.options.lexicons.contextFor(project);
    for (const block of allBlocks(project)) {
      if (needsGeneration(block, context)) {
        wanted.set(contentHash(block, context), characterCount(block, context));
      }
    }
    const cached = await this.options.audio.lookupMany(serviceUrl, [...wanted.keys()]);
    for (const hash of cached.keys()) wanted.delete(hash);
    return wanted;
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
    content: { audio?: string; generatedAt?: string; seed?: number; text?: string } | undefined,
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

  /** Delivered audio not cached here whose download may still succeed (the service did not say it is gone). */
  private recoverable(
    serviceUrl: string,
    delivered: Map<string, DeliveredAudio>,
    cached: Map<string, unknown>,
  ): Map<string, DeliveredAudio> {
    const found = new Map<string, DeliveredAudio>();
    for (const [hash, audio] of delivered) {
      if (cached.has(hash)) continue;
      if (this.fetchProblems.get(problemKey(serviceUrl, hash))?.code === 'AUDIO_GONE') continue;
      found.set(hash, audio);
    }
    return found;
  }

  private refuseBrokenBlocks(
    project: Project,
    context: SendContext,
    serviceUrl: string,
    batches: readonly GenerationBatch[],
    voices: VoiceCatalog | undefined,
  ): void {
    const sending = new Set(batches.flatMap((batch) => batch.blockIds));
    if (sending.size === 0) return;
    const violations = validateProject(project, context, { serviceOrigin: serviceUrl, voices }).filter(
      (violation) => sending.has(violation.blockId),
    );
    if (violations.length === 0) return;
    const listed = violations.slice(0, MAX_LISTED_VIOLATIONS).map((violation) => violation.message);
    const more = violations.length > listed.length ? ` (and ${violations.length - listed.length} more)` : '';
    const first = violations[0];
    throw new IpcError({
      code: 'INVALID_INPUT',
      field: first ? `blocks.${first.blockId}.${first.field}` : 'blocks',
      message: `Nothing was sent; fix these first${more}: ${listed.join(' ')}`,
    });
  }
}

function generatedUpdate(
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

/** The blocks a plan would send whose content is in a task the service may already have charged. */
function heldIn(
  project: Project,
  context: SendContext,
  plan: { batches: readonly GenerationBatch[] },
  jobs: readonly JobRecord[],
): HeldBlock[] {
  const holds = chargeTwiceHolds(jobs);
  if (holds.size === 0) return [];
  const blocks = new Map(allBlocks(project).map((block) => [block.id, block]));
  const held: HeldBlock[] = [];
  for (const batch of plan.batches) {
    batch.contentHashes.forEach((hash, index) => {
      const job = holds.get(hash);
      const block = blocks.get(batch.blockIds[index] ?? '');
      if (job === undefined || block === undefined) return;
      const characters = characterCount(block, context);
      held.push({
        blockId: block.id,
        contentHash: hash,
        jobId: job.id,
        jobStatus: job.status,
        characters,
        credits: creditsFor(characters),
        label: 'text' in block ? excerpt(block.text) : block.id,
      });
    });
  }
  return held;
}

function chargeTwiceRefusal(
  serviceUrl: string,
  plan: { batches: readonly GenerationBatch[] },
  held: HeldBlock[],
): ChargeTwiceRefusal {
  const credits = held.reduce((sum, block) => sum + block.credits, 0);
  const planned = plan.batches.reduce((sum, batch) => sum + batch.blockIds.length, 0);
  const count = held.length === 1 ? '1 block is' : `${held.length} blocks are`;
  return {
    refused: 'may-charge-twice',
    serviceUrl,
    blocks: held,
    credits,
    otherBlocks: planned - held.length,
    message:
      `Nothing was sent: ${count} in a task the service may already have charged (${held[0] ? whyHeld(held[0].jobStatus) : ''}), ` +
      `so sending ${held.length === 1 ? 'it' : 'them'} again may charge ≈ ${credits.toLocaleString('en-US')} credits twice. ` +
      'Generate the others only, confirm the second charge, or dismiss that task on the Tasks page first.',
  };
}

/** A held block of an unattended run: failed, saying why it was not sent and how to send it. */
function heldUpdate(block: HeldBlock, override: string): SegmentUpdate {
  const credits = `${block.credits.toLocaleString('en-US')} credit${block.credits === 1 ? '' : 's'}`;
  return {
    contentHash: block.contentHash,
    state: 'failed',
    error: {
      code: 'MAY_CHARGE_TWICE',
      message:
        `Not sent, as it may be charged twice: its text is in task ${block.jobId}, and ${whyHeld(block.jobStatus)}; ` +
        `sending it again may charge ≈ ${credits} twice. ${override}`,
    },
  };
}

/** Content hashes on their way in jobs that have not ended, with the job carrying each. */
function pendingHashes(jobs: readonly JobRecord[]): Map<string, string> {
  const pending = new Map<string, string>();
  for (const job of jobs) {
    if (job.kind !== 'task' || FINAL_STATUSES.includes(job.status)) continue;
    for (const hash of blockHashesOf(job)) pending.set(hash, job.id);
  }
  return pending;
}

function latestFailure(jobs: readonly JobRecord[], hash: string): JobRecord | undefined {
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

/** Resolves once the job has left `queued`/`submitting` (answered, or found offline), or after `limitMs`. */
function leftTheQueue(manager: JobManager, jobId: string, limitMs: number): Promise<void> {
  const waiting = (status: string | undefined): boolean => status === 'queued' || status === 'submitting';
  if (!waiting(manager.get(jobId)?.status)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      stopListening();
      resolve();
    };
    const timer = setTimeout(done, limitMs);
    const stopListening = manager.onEvent((event) => {
      if (event.type === 'job-updated' && event.job.id === jobId && !waiting(event.job.status)) done();
    });
  });
}

function dedupe(updates: SegmentUpdate[]): SegmentUpdate[] {
  return [...new Map(updates.map((update) => [update.contentHash, update])).values()];
}
