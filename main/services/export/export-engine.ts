import { rmSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { isAacFormat } from '../../../common/export/export-options.js';
import { exportAudiobookMix } from '../audiobook-export/audiobook-mix-export.js';
import { pathToFileURL } from 'node:url';
import { openWorkerChannel } from '../../../common/workers/worker-channel.js';
import { fromWorkerError } from '../../../common/workers/worker-error.js';
import { workerEndpoint } from '../workers/node-endpoint.js';
import { EXPORT_ERRORS, ExportCancelledError } from './export-errors.js';
import type {
  ClipFilesRequest,
  ClipFilesResult,
  ExportProgress,
  ExportRequest,
  ExportResult,
} from './export-types.js';
import type { PartialFileLedger } from './output/partial-file-ledger.js';
import { stagingPathFor } from './output/staged-file.js';
import { subtitlePathsFor } from './subtitles/subtitle-files.js';
import { chaptersJsonPath } from './tags/chapters-json.js';
import { defaultWorkerEntry, launchWorker } from './worker-launcher.js';
import {
  workerOutboundSchema,
  type ExportJobProtocol,
  type Staging,
  type WorkerInbound,
} from './worker-protocol.js';
import type { DecodeAheadRequest } from './decode/decode-ahead.js';
import { keptEndpoint } from './helper-workers.js';

export interface ExportEngineOptions {
  /** The worker script (file path or URL); defaults to export-worker next to this module. */
  readonly workerEntry?: string | URL;
  /** How long a cancelled worker gets to clean up before it is terminated. */
  readonly cancelGraceMs?: number;
  /**
   * Where each export's temporary files are recorded before they are made, so those of a process killed
   * mid-export are removed at the next start (the app and the CLI pass the data folder's ledger).
   */
  readonly partialFiles?: PartialFileLedger;
  /** How long a worker started ahead (startWorkerAhead) waits for an export before it is ended. */
  readonly aheadIdleMs?: number;
  /** Starts a worker thread from the script (tests count them). */
  readonly launch?: (entry: URL) => Worker;
}

export interface RunOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: ExportProgress) => void;
}

const DEFAULT_CANCEL_GRACE_MS = 5000;
/** Long enough for the export dialog's choices; a worker left waiting holds ~30 MB. */
const DEFAULT_AHEAD_IDLE_MS = 5 * 60_000;

/**
 * The export engine as main uses it: every export runs in its own worker thread, so decoding, mixing
 * and encoding never block the main (UI-serving) thread, and the worker's memory is returned when it ends.
 * Cancelling (AbortSignal) asks the worker to stop and clean up; if it does not within the grace period
 * it is terminated and the engine deletes the temporary files itself (it chose their names).
 */
export class ExportEngine {
  private readonly entry: URL;
  private readonly cancelGraceMs: number;
  private readonly aheadIdleMs: number;
  private readonly launch: (entry: URL) => Worker;
  /** A worker started ahead of the next export (startWorkerAhead), and what ends it if none comes. */
  private ahead: { worker: Worker; idleTimer: NodeJS.Timeout; forget: () => void } | undefined;
  readonly partialFiles: PartialFileLedger | undefined;

  constructor(options: ExportEngineOptions = {}) {
    const entry = options.workerEntry;
    this.entry =
      entry === undefined ? defaultWorkerEntry() : typeof entry === 'string' ? pathToFileURL(entry) : entry;
    this.cancelGraceMs = options.cancelGraceMs ?? DEFAULT_CANCEL_GRACE_MS;
    this.aheadIdleMs = options.aheadIdleMs ?? DEFAULT_AHEAD_IDLE_MS;
    this.launch = options.launch ?? ((workerEntry) => launchWorker(workerEntry));
    this.partialFiles = options.partialFiles;
  }

  /**
   * Starts the next export's worker now (the export dialog opened): a thread compiles the worker's script and
   * its packages before its first job, ~0.3 s of a 5-minute export on this machine, which the user then does not
   * wait for. Nothing runs in it until an export starts; it is ended after `aheadIdleMs` without one, and it
   * never keeps the process alive. One at most: calling again while one waits only restarts its idle time.
   */
  startWorkerAhead(): void {
    if (this.ahead) {
      this.ahead.idleTimer.refresh();
      return;
    }
    const worker = this.launch(this.entry);
    worker.unref();
    const forget = (): void => {
      if (this.ahead?.worker !== worker) return;
      clearTimeout(this.ahead.idleTimer);
      this.ahead = undefined;
    };
    // A worker that failed or ended while waiting is not handed to an export.
    worker.once('error', forget).once('exit', forget);
    const idleTimer = setTimeout(() => {
      forget();
      void worker.terminate();
    }, this.aheadIdleMs);
    idleTimer.unref();
    this.ahead = { worker, idleTimer, forget };
  }

  /**
   * Starts the next export's worker (startWorkerAhead) and has it decode the export's sources into the PCM cache
   * now, while the user chooses (decode/decode-ahead.ts): a 5-minute episode's decoding is most of its export. The
   * export that follows in this worker waits for what is under way instead of decoding it again. A second call
   * replaces the first (another project's dialog). Nothing is answered: an export reports its own errors.
   */
  prepareAhead(request: DecodeAheadRequest): void {
    this.startWorkerAhead();
    this.tellAhead({ type: 'decode-ahead', request, workerEntry: this.entry.href });
  }

  /** The export dialog closed without an export: the worker started ahead stops decoding (it still waits). */
  cancelAhead(): void {
    this.tellAhead({ type: 'decode-ahead-cancel' });
  }

  private tellAhead(message: WorkerInbound): void {
    const waiting = this.ahead;
    if (!waiting) return;
    // The worker answers nothing to these, and the channel of the export that takes it is opened anew.
    const ignore = (): void => {};
    const channel = openWorkerChannel<ExportJobProtocol>(keptEndpoint(waiting.worker), {
      progress: ignore,
      'ready-to-publish': ignore,
      done: ignore,
      failed: ignore,
    });
    channel.send(message);
    void channel.close();
  }

  /** Ends a worker still waiting from startWorkerAhead() (the app is closing). */
  async dispose(): Promise<void> {
    const waiting = this.ahead;
    if (!waiting) return;
    waiting.forget();
    await waiting.worker.terminate();
  }

  /** The worker started ahead for this export, or a new one. */
  private workerForExport(): Worker {
    const waiting = this.ahead;
    if (!waiting) return this.launch(this.entry);
    waiting.worker.off('error', waiting.forget).off('exit', waiting.forget);
    clearTimeout(waiting.idleTimer);
    this.ahead = undefined;
    waiting.worker.ref();
    return waiting.worker;
  }

  /** The export worker's script: its copies also encode an M4B's AAC lanes (../audiobook-export/). */
  get workerEntry(): URL {
    return this.entry;
  }

  /** Renders the timeline to one audio file, with SRT/WebVTT next to it as requested. */
  exportMix(request: ExportRequest, options: RunOptions = {}): Promise<ExportResult> {
    // AAC (M4B, M4A) is encoded from the rendered mix, then muxed with its chapters (../audiobook-export/).
    if (isAacFormat(request.options.audio)) return exportAudiobookMix(this, request, options);
    const subtitles = subtitlePathsFor(request.outputPath);
    const staging: Staging = {
      audio: stagingPathFor(request.outputPath),
      srt: stagingPathFor(subtitles.srt),
      vtt: stagingPathFor(subtitles.vtt),
      chaptersJson: stagingPathFor(chaptersJsonPath(request.outputPath)),
      segment: stagingPathFor(request.outputPath),
    };
    return this.run('mix', request, staging, options) as Promise<ExportResult>;
  }

  /** Writes one audio file per clip into a new folder or a zip. */
  exportClipFiles(request: ClipFilesRequest, options: RunOptions = {}): Promise<ClipFilesResult> {
    const staging: Staging = { folder: stagingPathFor(request.destination) };
    return this.run('clip-files', request, staging, options) as Promise<ClipFilesResult>;
  }

  private run(
    job: 'mix' | 'clip-files',
    request: ExportRequest | ClipFilesRequest,
    staging: Staging,
    options: RunOptions,
  ): Promise<unknown> {
    if (options.signal?.aborted) return Promise.reject(new ExportCancelledError());
    const paths = Object.values(staging).filter((value): value is string => value !== undefined);
    const inWorker = (): Promise<unknown> => this.runInWorker(job, request, staging, options);
    return this.partialFiles ? this.partialFiles.track(paths, inWorker) : inWorker();
  }

  private runInWorker(
    job: 'mix' | 'clip-files',
    request: ExportRequest | ClipFilesRequest,
    staging: Staging,
    options: RunOptions,
  ): Promise<unknown> {
    const { signal, onProgress } = options;
    if (signal?.aborted) return Promise.reject(new ExportCancelledError());
    return new Promise((resolve, reject) => {
      let settled = false;
      let killTimer: NodeJS.Timeout | undefined;
      const cleanUpStaging = (): void => {
        for (const file of Object.values(staging)) if (file) rmSync(file, { recursive: true, force: true });
      };
      const finish = (outcome: () => void): void => {
        if (settled) return;
        settled = true;
        if (killTimer) clearTimeout(killTimer);
        signal?.removeEventListener('abort', onAbort);
        void channel.close();
        outcome();
      };
      const onAbort = (): void => {
        channel.send({ type: 'cancel' });
        killTimer = setTimeout(() => {
          finish(() => {
            cleanUpStaging();
            reject(new ExportCancelledError());
          });
        }, this.cancelGraceMs);
      };
      const channel = openWorkerChannel<ExportJobProtocol>(
        workerEndpoint(this.workerForExport()),
        {
          progress: (message) => onProgress?.(message.progress),
          // Messages arrive in order, so a cancel made while handling an earlier one is seen here.
          'ready-to-publish': () => channel.send({ type: signal?.aborted ? 'cancel' : 'publish' }),
          done: (message) => finish(() => resolve(message.result)),
          failed: (message) => finish(() => reject(fromWorkerError(message.error, EXPORT_ERRORS))),
        },
        {
          check: workerOutboundSchema,
          onFailure: (error) =>
            finish(() => {
              cleanUpStaging();
              reject(error);
            }),
          onExit: (code) =>
            finish(() => {
              cleanUpStaging();
              reject(new Error(`export worker stopped unexpectedly (exit code ${code})`));
            }),
        },
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      channel.send({ type: 'start', job, request, staging, workerEntry: this.entry.href });
    });
  }
}
