import type { Worker } from 'node:worker_threads';
import type { LoudnessMeterState } from '../../../../common/export/loudness-meter.js';
import { launchWorker } from '../worker-launcher.js';
import { segmentOutboundSchema, type SegmentInbound, type SegmentJob } from './segment-protocol.js';

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
  private readonly worker: Worker;

  constructor(workerEntry: URL, job: SegmentJob) {
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
    this.worker = launchWorker(workerEntry);
    this.worker.on('message', (raw: unknown) => {
      const parsed = segmentOutboundSchema.safeParse(raw);
      if (!parsed.success) return;
      const message = parsed.data;
      switch (message.type) {
        case 'segment-head':
          resolveHead(message.frames);
          return;
        case 'segment-progress':
          this.fraction = message.fraction;
          return;
        case 'segment-done':
          this.fraction = 1;
          resolveDone({ frames: message.frames, ...(message.meter ? { meter: message.meter } : {}) });
          return;
        case 'segment-failed':
          fail(new Error(`encoding the second half of the MP3 failed: ${message.message}`));
          return;
        default:
          message satisfies never;
      }
    });
    this.worker.on('error', (error) => fail(error));
    this.worker.on('exit', (code) => fail(new Error(`the MP3 segment helper stopped (exit code ${code})`)));
    this.worker.postMessage(job);
  }

  cancel(): void {
    const message: SegmentInbound = { type: 'segment-cancel' };
    this.worker.postMessage(message);
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
