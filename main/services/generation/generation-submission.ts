import { randomInt } from 'node:crypto';
import type { GenerationBatch, SegmentUpdate } from '../../../common/generation/index.js';
import { planGenerationBatches } from '../../../common/generation/index.js';
import type { HeldBlock } from '../../../common/generation/charge-twice-holds.js';
import { IpcError } from '../../../common/ipc/errors.js';
import type { Project } from '../../../common/project/index.js';
import { TAKE_SEED_MAX, allBlocks, contentHash, validateProject } from '../../../common/project/index.js';
import type { SendContext } from '../../../common/project/send-context.js';
import type { VoiceCatalog } from '../../../common/project/voice-fit.js';
import { OneAtATime } from '../../../common/async/one-at-a-time.js';
import type { AudioCache } from '../audio-cache/index.js';
import type { JobManager } from '../jobs/index.js';
import { FINAL_STATUSES } from '../jobs/index.js';
import type { ServiceLexicons } from '../pronunciation/service-lexicons.js';
import { ChargeTwiceRefusalError, chargeTwiceRefusal, heldIn } from './charge-twice-refusal.js';
import type { DeliveredAudio } from './delivered-audio.js';
import { deliveredAudio } from './delivered-audio.js';
import type { SegmentFiling } from './segment-filing.js';
import { generatedUpdate, pendingHashes } from './segment-update-sources.js';
import type { GenerationUpdate } from './segment-update-sources.js';

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

/** What sending needs; GenerationService takes the same fields (all but `filing`, which it builds). */
export interface GenerationSubmissionOptions {
  manager(serviceUrl: string): Promise<JobManager>;
  audio: AudioCache;
  /** Whether the account may ask for subtitles (`srt`); a free account's request is silently refused. */
  srtAllowed(serviceUrl: string): boolean;
  onUpdate(update: GenerationUpdate): void;
  /** Each project's send context: its cast and lexicon and its service's lexicon, as the editor shows them. */
  lexicons: ServiceLexicons;
  /** The service's voices as the library knows them: each block's style is checked against its voice's. */
  voices?: ((serviceUrl: string) => Promise<VoiceCatalog>) | undefined;
  filing: SegmentFiling;
}

const MAX_LISTED_VIOLATIONS = 5;
/**
 * How long Generate waits for its first task's POST to tell whether the service can be reached: online it answers
 * in milliseconds; a refused connection is tried 4 times over at most 3.5 s (retry-policy.ts) before the task
 * is queued until the service is back.
 */
const SUBMISSION_OUTCOME_WAIT_MS = 4_000;

/**
 * Generate: plans what a project lacks (cached, on its way, delivered but not here, else to send), refuses broken
 * blocks and holds charge-twice content, submits the tasks through the job manager and publishes the blocks as
 * on their way. One request plans at a time, so two at once never send the same blocks.
 */
export class GenerationSubmission {
  /** Generate's planning and sending, one request at a time: a request plans only once the last one has sent. */
  private readonly submissions = new OneAtATime();

  constructor(private readonly options: GenerationSubmissionOptions) {}

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
      refuseBrokenBlocks(project, context, serviceUrl, plan.batches, voices);
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
          this.options.filing.refile(delivered.job, [hash]);
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
    const { filing } = this.options;
    return updates.filter((update) => {
      if (update.state !== 'pending') return true;
      const job = manager.get(update.jobId);
      if (job === undefined || !FINAL_STATUSES.includes(job.status)) return true;
      // Ended: its filing publishes the outcome (started here if its event has not reached onJobUpdated yet).
      if (!filing.isFiling(job.id)) filing.onJobUpdated(job);
      return !filing.hasFiled(job.id);
    });
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
      if (this.options.filing.problemOf(serviceUrl, hash)?.code === 'AUDIO_GONE') continue;
      found.set(hash, audio);
    }
    return found;
  }
}

function refuseBrokenBlocks(
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
