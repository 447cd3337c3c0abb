import { z } from 'zod';
import { renderPlanSchema } from '../../../../common/export/render-plan.js';
import { absolutePathSchema, sourceFilesSchema } from '../export-types.js';
import { HelperWorkers } from '../helper-workers.js';
import { defaultDecodeThreads, prepareSources } from '../prepare-sources.js';
import { parseOrExplain } from '../request-validation.js';
import { PcmCache } from './pcm-cache.js';

/** What to decode ahead: the plan and source files the export will be given, and its PCM cache. */
export const decodeAheadRequestSchema = z.object({
  plan: renderPlanSchema,
  sources: sourceFilesSchema,
  pcmCacheDir: absolutePathSchema,
});
export type DecodeAheadRequest = z.input<typeof decodeAheadRequestSchema>;

/** What an export started in the same worker takes over from the decoding ahead (RunHooks.ahead). */
export interface AheadSources {
  /** The helper threads the decoding started: the export renders with them instead of starting its own. */
  takeHelpers(): HelperWorkers;
  /**
   * Waits until the decoding ahead has ended, telling its progress; it stops early once `isCancelled` answers
   * true. Never fails: the export then decodes whatever is still missing, and reports its own errors.
   */
  settled(onFraction: (fraction: number) => void, isCancelled: () => boolean): Promise<void>;
}

/**
 * Decodes an export's sources into the PCM cache while the export dialog is open, in the worker started ahead
 * for that export (ExportEngine.prepareAhead): for a 5-minute episode the decoding is most of the export, and the
 * user is still choosing a format and a folder. Nothing is written but cache entries, each complete or not at all
 * (pcm-cache.ts). A later request or a cancel (the dialog closed) stops it at its next piece of work; one that
 * follows another starts once the one before has stopped, so two never decode the same sources at once.
 */
export class DecodeAhead implements AheadSources {
  private cancelled = false;
  private exportCancelled: () => boolean = () => false;
  private fraction = 0;
  private onFraction: ((fraction: number) => void) | undefined;
  private helpersTaken = false;
  private readonly helpers: HelperWorkers;
  private readonly done: Promise<void>;

  constructor(request: unknown, workerEntry: URL, before?: DecodeAhead) {
    this.helpers = new HelperWorkers(workerEntry);
    const parsed = parseOrExplain(decodeAheadRequestSchema, request, 'decode-ahead request');
    this.done = (before?.stopped() ?? Promise.resolve())
      .then(() =>
        prepareSources(
          parsed.plan,
          parsed.sources,
          new PcmCache(parsed.pcmCacheDir),
          (fraction) => {
            this.fraction = fraction;
            this.onFraction?.(fraction);
          },
          () => this.cancelled || this.exportCancelled(),
          { threads: defaultDecodeThreads(), workerEntry: this.helpers },
        ),
      )
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        // Helpers no export took are ended with the decoding: an idle one holds its own isolate.
        if (this.cancelled && !this.helpersTaken) void this.helpers.close();
      });
  }

  /** Stops the decoding at its next piece of work (the dialog closed, or another request replaces this one). */
  cancel(): void {
    this.cancelled = true;
  }

  /** Settles once the decoding has stopped, after a cancel. */
  stopped(): Promise<void> {
    this.cancel();
    return this.done;
  }

  takeHelpers(): HelperWorkers {
    this.helpersTaken = true;
    return this.helpers;
  }

  async settled(onFraction: (fraction: number) => void, isCancelled: () => boolean): Promise<void> {
    this.exportCancelled = isCancelled;
    this.onFraction = onFraction;
    onFraction(this.fraction);
    await this.done;
    this.onFraction = undefined;
  }
}
