import type { LoudnessMeterState } from '../../../../common/export/loudness-meter.js';
import { openWorkerChannel, type OwnerChannel } from '../../../../common/workers/worker-channel.js';
import { fromWorkerError } from '../../../../common/workers/worker-error.js';
import { workerEndpoint } from '../../workers/node-endpoint.js';
import { HelperWorkers, keptEndpoint, takeHelper, type HelperSource } from '../helper-workers.js';
import { segmentOutboundSchema, type SegmentJob, type SegmentProtocol } from './segment-protocol.js';

/** What the helper reports when its part is encoded. */
export interface SegmentDone {
  readonly frames: number;
  readonly meter?: LoudnessMeterState;
}

/**
 * The export's side of one segment helper: starts it with a job and turns its messages into two promises (its first
 * frames; its end) and a progress figure. A failure or an unexpected exit rejects whichever is still pending.
 */
export class SegmentSession {
  readonly head: Promise<readonly Uint8Array[]>;
  readonly done: Promise<SegmentDone>;
  fraction = 0;
  private readonly channel: OwnerChannel<SegmentProtocol>;
  /** Hands the helper back to the export's kept helpers after a job that succeeded, else ends it. */
  private readonly release: () => Promise<void>;
  private succeeded = false;

  constructor(helpers: HelperSource, job: SegmentJob) {
    let headSettled = false;
    let resolveHead: (frames: readonly Uint8Array[]) => void = () => {};
    let resolveDone: (done: SegmentDone) => void = () => {};
    let fail: (error: Error) => void = () => {};
    this.head = new Promise((resolve, reject) => {
      resolveHead = (frames) => {
        headSettled = true;
        resolve(frames);
      };
      fail = (error) => {
        if (!headSettled) reject(error);
      };
    });
    const failHead = fail;
    this.done = new Promise((resolve, reject) => {
      resolveDone = resolve;
      fail = (error) => {
        failHead(error);
        reject(error);
      };
    });
    // Whoever awaits them handles a rejection; these keep an unawaited one from being reported as unhandled.
    this.head.catch(() => {});
    this.done.catch(() => {});
    const worker = takeHelper(helpers);
    // A kept helper renders the next segment too (a book's parts): a new thread costs ~0.2–0.3 s of start-up.
    const kept = helpers instanceof HelperWorkers;
    this.release = async () => {
      if (!kept) return;
      if (this.succeeded) helpers.give(worker);
      else await worker.terminate();
    };
    this.channel = openWorkerChannel<SegmentProtocol>(
      kept ? keptEndpoint(worker) : workerEndpoint(worker),
      {
        'segment-head': (message) => resolveHead(message.frames),
        'segment-progress': (message) => {
          this.fraction = message.fraction;
        },
        'segment-done': (message) => {
          this.fraction = 1;
          this.succeeded = true;
          resolveDone({ frames: message.frames, ...(message.meter ? { meter: message.meter } : {}) });
        },
        'segment-failed': (message) =>
          fail(
            new Error(
              `encoding the second half of the MP3 failed: ${fromWorkerError(message.error).message}`,
            ),
          ),
      },
      {
        check: segmentOutboundSchema,
        onFailure: (error) => fail(error),
        onExit: (code) => fail(new Error(`the MP3 segment helper stopped (exit code ${code})`)),
      },
    );
    this.channel.send(job);
  }

  cancel(): void {
    this.channel.send({ type: 'segment-cancel' });
  }

  async close(): Promise<void> {
    await this.channel.close();
    await this.release();
  }
}
