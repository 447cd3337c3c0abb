import { pathToFileURL } from 'node:url';
import type { ResourceLimits, Worker } from 'node:worker_threads';
import { IpcError, type IpcErrorData } from '../../../common/ipc/errors.js';
import type { ImportBlock, ImportPreview } from '../../../common/import/imported-script.js';
import type { Project } from '../../../common/project/index.js';
import { openWorkerChannel, type OwnerChannel } from '../../../common/workers/worker-channel.js';
import { fromWorkerError, type ErrorRevivers } from '../../../common/workers/worker-error.js';
import { launchWorker } from '../export/worker-launcher.js';
import { workerEndpoint } from '../workers/node-endpoint.js';
import type {
  BuiltPart,
  ImportBuild,
  ImportPhase,
  ImportProtocol,
  ImportStart,
  ParsedFacts,
} from './import-protocol.js';

/** A run's failure is an IpcError the worker made (its code, field and message), rebuilt as one. */
const IMPORT_ERRORS: ErrorRevivers = {
  IpcError: (error) =>
    new IpcError(
      (error.fields?.['data'] as IpcErrorData | undefined) ?? { code: 'INTERNAL', message: error.message },
    ),
};

/**
 * The import worker's memory cap: its V8 old generation may hold at most this many megabytes. A legitimate
 * 19.5 MB CSV (121,000 rows, 7 projects) peaks at about 480 MB of heap while its projects are built and checked;
 * 1.5 GB leaves room for that and for the largest EPUB or DOCX under the 20 MB file cap, while a hostile file
 * ends the worker, not the app, and is told in a sentence (outOfMemory below).
 */
const IMPORT_WORKER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 1536 };

export interface ImportWorkersOptions {
  /** The worker script; defaults to import-worker next to this module (see defaultImportWorkerEntry). */
  workerEntry?: string | URL;
  /** The worker's resource limits (IMPORT_WORKER_LIMITS); tests pass tiny ones to see an out-of-memory end. */
  resourceLimits?: ResourceLimits;
}

export interface ImportRun {
  /** Names the run so cancel(importId) can end it; a new run under the same id ends the one before it. */
  importId?: string;
  onProgress?: (progress: { phase: ImportPhase; fraction: number }) => void;
}

/** What an import's worker built: the parts' file bytes, and the first part's project (main opens it). */
export interface BuiltImport {
  readonly parts: readonly BuiltPart[];
  readonly first: Project;
}

type Outcome =
  | { type: 'preview'; preview: ImportPreview; blocks?: readonly ImportBlock[] | undefined }
  | { type: 'built'; built: BuiltImport };

/** How a run ends: `settle` runs `finish` (resolve or reject) once, ending the worker and freeing the id. */
interface RunEnd {
  settle(finish: () => void): void;
  isSettled(): boolean;
  resolve(outcome: Outcome): void;
  reject(error: unknown): void;
}

/**
 * How many import workers may run at once. Each may grow to the 1.5 GB cap, so two bound an import's share of the
 * machine to about 3 GB whatever the user starts; later ones wait their turn ("waiting"), and can be cancelled
 * while they wait.
 */
const MAX_RUNNING_IMPORTS = 2;

/**
 * Runs every import preview and import in a worker thread of its own, so main's event loop keeps answering
 * (the UI, autosaves, other calls) while a 20 MB file is parsed, and a file that needs more memory than the cap
 * ends its worker instead of the app. Cancelling terminates the worker: nothing has been written by then, since
 * main writes only the finished parts the worker hands back. At most MAX_RUNNING_IMPORTS workers are alive at
 * once (a slot is freed when a worker has exited, not merely been told to); dispose() ends them all at quit.
 */
export class ImportWorkers {
  private readonly limits: ResourceLimits;
  private readonly running = new Map<string, () => void>();
  /** Every run not yet settled, by how to stop it when the app closes. */
  private readonly stops = new Set<() => void>();
  /** Runs waiting for a slot, in the order they came; each starts its worker when called. */
  private readonly waiting: (() => void)[] = [];
  /** Workers started and not yet exited. */
  private readonly live = new Set<Worker>();
  /** Told whenever a worker starts or exits (whether "Restart to update" may be offered follows it). */
  private readonly changeListeners = new Set<() => void>();
  private closed = false;

  constructor(private readonly options: ImportWorkersOptions = {}) {
    this.limits = options.resourceLimits ?? IMPORT_WORKER_LIMITS;
  }

  /** Found on first use: a service that never imports needs no worker file (Electron's bundle passes its path). */
  private get entry(): URL {
    const entry = this.options.workerEntry ?? defaultImportWorkerEntry();
    return typeof entry === 'string' ? pathToFileURL(entry) : entry;
  }

  /** Import workers alive now (started and not yet exited). */
  get liveWorkers(): number {
    return this.live.size;
  }

  /** Calls `listener` each time an import worker starts or exits; returns how to stop. */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private changed(): void {
    for (const listener of [...this.changeListeners]) listener();
  }

  /** What importing would make (chapters, blocks, speakers, credits, parts), without making anything. */
  async preview(start: Omit<ImportStart, 'type' | 'kind'>, run: ImportRun = {}): Promise<ImportPreview> {
    const outcome = await this.run({ ...start, type: 'start', kind: 'preview' }, run, undefined);
    if (outcome.type !== 'preview') throw new Error('the import worker answered a preview with projects');
    return outcome.preview;
  }

  /** The preview and the blocks themselves: a revised manuscript, which the editor matches to its project. */
  async readBlocks(
    start: Omit<ImportStart, 'type' | 'kind' | 'withBlocks'>,
    run: ImportRun = {},
  ): Promise<{ preview: ImportPreview; blocks: readonly ImportBlock[] }> {
    const outcome = await this.run(
      { ...start, type: 'start', kind: 'preview', withBlocks: true },
      run,
      undefined,
    );
    if (outcome.type !== 'preview' || !outcome.blocks) throw new Error('the import worker sent no blocks');
    return { preview: outcome.preview, blocks: outcome.blocks };
  }

  /**
   * The projects an import makes, checked and serialised. `answer` is asked, once the script is read, for what only
   * main knows (the checked title, the defaults for the book's language, the cover's name); if it throws, the
   * worker is ended and the error is the import's.
   */
  async build(
    start: Omit<ImportStart, 'type' | 'kind'>,
    run: ImportRun,
    answer: (facts: ParsedFacts) => Promise<Omit<ImportBuild, 'type' | 'id'>>,
  ): Promise<BuiltImport> {
    const outcome = await this.run({ ...start, type: 'start', kind: 'import' }, run, answer);
    if (outcome.type !== 'built') throw new Error('the import worker answered an import with a preview');
    return outcome.built;
  }

  /** Ends the run named `importId`, running or waiting; false when there is none (it finished, or never started). */
  cancel(importId: string): boolean {
    const cancel = this.running.get(importId);
    cancel?.();
    return cancel !== undefined;
  }

  /**
   * At quit: ends every run (each fails as cancelled, so nothing is created after the app's services have closed),
   * refuses new ones, and resolves once every worker has exited.
   */
  async dispose(): Promise<void> {
    this.closed = true;
    for (const stop of [...this.stops]) stop();
    await Promise.all([...this.live].map((worker) => worker.terminate()));
  }

  private run(
    start: ImportStart,
    run: ImportRun,
    answer: ((facts: ParsedFacts) => Promise<Omit<ImportBuild, 'type' | 'id'>>) | undefined,
  ): Promise<Outcome> {
    const what = start.source.type === 'file' ? `“${start.source.fileName}”` : 'the pasted text';
    return new Promise<Outcome>((resolve, reject) => {
      let settled = false;
      let channel: OwnerChannel<ImportProtocol> | undefined;
      const settle = (finish: () => void): void => {
        if (settled) return;
        settled = true;
        if (run.importId !== undefined && this.running.get(run.importId) === cancel) {
          this.running.delete(run.importId);
        }
        this.stops.delete(stop);
        const queued = this.waiting.indexOf(begin);
        if (queued >= 0) this.waiting.splice(queued, 1);
        // The worker waits for messages until told to end; its memory goes back once it does.
        if (channel) void channel.close();
        finish();
      };
      const stopped = (message: string) => (): void =>
        settle(() => reject(new IpcError({ code: 'CANCELLED', message })));
      const cancel = stopped(`The import of ${what} was cancelled; nothing was created.`);
      const stop = stopped(
        `The import of ${what} was stopped because the app is closing; nothing was created.`,
      );
      const begin = (): void => {
        const launched = launchWorker(this.entry, this.limits);
        channel = this.watch(launched, what, run, answer, {
          settle,
          isSettled: () => settled,
          resolve,
          reject,
        });
        channel.send(start);
      };
      if (this.closed) {
        stop();
        return;
      }
      if (run.importId !== undefined) {
        this.running.get(run.importId)?.();
        this.running.set(run.importId, cancel);
      }
      this.stops.add(stop);
      if (this.live.size < MAX_RUNNING_IMPORTS && this.waiting.length === 0) {
        begin();
      } else {
        this.waiting.push(begin);
        run.onProgress?.({ phase: 'waiting', fraction: 0 });
      }
    });
  }

  /** Follows a started worker's messages to the run's end, and frees its slot when it has exited. */
  private watch(
    worker: Worker,
    what: string,
    run: ImportRun,
    answer: ((facts: ParsedFacts) => Promise<Omit<ImportBuild, 'type' | 'id'>>) | undefined,
    { settle: end, isSettled, resolve, reject }: RunEnd,
  ): OwnerChannel<ImportProtocol> {
    this.live.add(worker);
    this.changed();
    // The worker's answers are not checked again here (see ImportOutbound): they come from this app's own worker.
    const channel = openWorkerChannel<ImportProtocol>(
      workerEndpoint(worker),
      {
        progress: (message) => run.onProgress?.({ phase: message.phase, fraction: message.fraction }),
        preview: (message) =>
          end(() => resolve({ type: 'preview', preview: message.preview, blocks: message.blocks })),
        parsed: (message) => {
          if (!answer) {
            end(() => reject(new Error('the import worker asked to build a preview')));
            return;
          }
          answer(message.facts).then(
            (build) => {
              if (!isSettled()) channel.send({ ...build, type: 'build', id: message.id });
            },
            (error: unknown) => end(() => reject(error)),
          );
        },
        built: (message) =>
          end(() => resolve({ type: 'built', built: { parts: message.parts, first: message.first } })),
        failed: (message) => end(() => reject(fromWorkerError(message.error, IMPORT_ERRORS))),
      },
      {
        onFailure: (error: Error & { code?: string }) =>
          end(() =>
            reject(
              error.code === 'ERR_WORKER_OUT_OF_MEMORY'
                ? outOfMemory(what, this.limits)
                : new IpcError({
                    code: 'INTERNAL',
                    field: 'file',
                    message: `Importing ${what} failed (${error.message}). Nothing was created.`,
                  }),
            ),
          ),
        onExit: (code) => {
          this.live.delete(worker);
          this.changed();
          end(() =>
            reject(
              new IpcError({
                code: 'INTERNAL',
                field: 'file',
                message: `The import of ${what} stopped unexpectedly (exit code ${code}). Nothing was created.`,
              }),
            ),
          );
          this.startWaiting();
        },
      },
    );
    return channel;
  }

  /** Starts the runs waiting for a slot, first come first served, as far as the slots go. */
  private startWaiting(): void {
    while (!this.closed && this.live.size < MAX_RUNNING_IMPORTS) {
      const next = this.waiting.shift();
      if (!next) return;
      next();
    }
  }
}

function outOfMemory(what: string, limits: ResourceLimits): IpcError {
  const cap = limits.maxOldGenerationSizeMb;
  const limit =
    cap === undefined ? 'the memory an import may use' : `the ${formatMegabytes(cap)} an import may use`;
  return new IpcError({
    code: 'INVALID_INPUT',
    field: 'file',
    message: `${what[0]?.toUpperCase() ?? ''}${what.slice(1)} needs more than ${limit}, so it was not imported and nothing was created. Split it into smaller files and import them one at a time.`,
  });
}

function formatMegabytes(megabytes: number): string {
  return megabytes >= 1024 ? `${(megabytes / 1024).toLocaleString('en-US')} GB` : `${megabytes} MB`;
}

/**
 * The worker entry next to this module: import-worker.ts in the sources, or import-worker.mjs beside the bundle
 * that contains this code (scripts/build.mjs emits it there; Electron's CommonJS bundle passes its path instead).
 */
function defaultImportWorkerEntry(): URL {
  const here = import.meta.url;
  if (typeof here !== 'string' || here.length === 0) {
    throw new Error(
      'ImportWorkers: pass workerEntry (import.meta.url is not available in this bundle format)',
    );
  }
  return new URL(here.endsWith('.ts') ? './import-worker.ts' : './import-worker.mjs', here);
}
