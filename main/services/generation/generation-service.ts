import type { SegmentUpdate } from '../../../common/generation/index.js';
import type { TakeMedia, TakeWaveform } from '../../../common/ipc/generation-methods.js';
import type { Project } from '../../../common/project/index.js';
import type { JobRecord } from '../jobs/index.js';
import type { Logger } from '../logging/logger.js';
import { ContentLookup } from './content-lookup.js';
import { GenerationSubmission } from './generation-submission.js';
import type {
  GenerationSubmissionOptions,
  StartGenerationInput,
  StartedGeneration,
} from './generation-submission.js';
import { SegmentFiling } from './segment-filing.js';
import { takeMedia, takeWaveforms } from './take-audio.js';
import { UnattendedGeneration } from './unattended-generation.js';
import type { GenerateAndWaitOptions } from './unattended-generation.js';

/** Sending's options (generation-submission.ts) but the filing, which the service builds, and its own. */
export interface GenerationServiceOptions extends Omit<GenerationSubmissionOptions, 'filing'> {
  logger?: Logger | undefined;
  /**
   * How the user of this shell sends a held block anyway (charge-twice-holds.ts), told on each block a run of
   * `generateAndWait` left out. Defaults to the app's Tasks page.
   */
  chargeTwiceOverride?: string | undefined;
}

/**
 * Generation of a project's blocks: plans what to send (only what has no current audio, once per content),
 * submits the tasks through the job manager (which persists and polls them, also across restarts), and when a
 * task ends files each segment's audio in the audio cache under the content hash it was sent with. It never
 * writes project files: it publishes segment updates, which the open editor applies to its document (and
 * `lookup` answers when a project is opened later), so the user's newer edits are never overwritten.
 *
 * Its parts: sending (generation-submission.ts), filing ended tasks (segment-filing.ts), what is known of
 * contents (content-lookup.ts), unattended runs (unattended-generation.ts) and takes' audio (take-audio.ts).
 */
export class GenerationService {
  private readonly filing: SegmentFiling;
  private readonly submission: GenerationSubmission;
  private readonly contents: ContentLookup;
  private readonly unattended: UnattendedGeneration;

  constructor(private readonly options: GenerationServiceOptions) {
    const { manager, audio, logger } = options;
    const filing = new SegmentFiling({ audio, onUpdate: (update) => options.onUpdate(update), logger });
    this.filing = filing;
    this.submission = new GenerationSubmission({
      manager,
      audio,
      srtAllowed: (serviceUrl) => options.srtAllowed(serviceUrl),
      onUpdate: (update) => options.onUpdate(update),
      lexicons: options.lexicons,
      voices: options.voices,
      filing,
    });
    this.contents = new ContentLookup({ manager, audio, filing });
    this.unattended = new UnattendedGeneration({
      manager,
      audio,
      lexicons: options.lexicons,
      logger,
      chargeTwiceOverride: options.chargeTwiceOverride,
      submission: this.submission,
      filing,
      contents: this.contents,
    });
  }

  /**
   * Sends what the project lacks (or the given blocks). Throws ChargeTwiceRefusalError, having sent nothing, when
   * blocks it would send are held and the input does not say what to do with them (`chargeTwice`).
   */
  start(input: StartGenerationInput): Promise<StartedGeneration> {
    return this.submission.start(input);
  }

  /** A job changed: when a generation task ends, its segments are filed (once) and published. */
  onJobUpdated(job: JobRecord): void {
    this.filing.onJobUpdated(job);
  }

  /**
   * "Fetch audio again": downloads the delivered audio of these contents anew (nothing is submitted) and
   * answers what main now knows of them.
   */
  refetch(serviceUrl: string, hashes: readonly string[]): Promise<SegmentUpdate[]> {
    return this.contents.refetch(serviceUrl, hashes);
  }

  /** The audio the cache has, the jobs still on their way, and the last failures, for the given hashes. */
  lookup(serviceUrl: string, hashes: readonly string[]): Promise<SegmentUpdate[]> {
    return this.contents.lookup(serviceUrl, hashes);
  }

  /** Where the cached audio of these takes plays; takes no longer in the cache are left out. */
  media(serviceUrl: string, cacheKeys: readonly string[]): Promise<TakeMedia[]> {
    return takeMedia(this.options.audio, serviceUrl, cacheKeys);
  }

  /** The waveforms of these takes' cached audio, a few decoded at a time when older entries lack one. */
  waveforms(serviceUrl: string, cacheKeys: readonly string[]): Promise<TakeWaveform[]> {
    return takeWaveforms(this.options.audio, serviceUrl, cacheKeys);
  }

  /** Waits until every job filed so far is processed (tests, the command line tool). */
  settled(): Promise<void> {
    return this.filing.settled();
  }

  /**
   * Generates what the project lacks and waits for it: the command line tool and batch export use this. Returns
   * the project with its generation states brought up to date (failures included).
   */
  generateAndWait(project: Project, options: GenerateAndWaitOptions = {}): Promise<Project> {
    return this.unattended.generateAndWait(project, options);
  }
}
