import { randomUUID } from 'node:crypto';
import type { AccountBook } from '../accounts/account-book.js';
import { nowIso, sleep } from '../clock.js';
import type { FileSpace } from '../files/file-space.js';
import { ServiceError } from '../http/service-error.js';
import { REALISTIC_TIMINGS_MS, scaledMs, type AudioFormat } from '../options.js';
import type { StateStore } from '../state/state-store.js';
import type { AccountState, TaskRecord } from '../state/schema.js';
import type { VoiceRegistry } from '../voices/voice-registry.js';
import { validateContents } from './content-validation.js';
import { resolveGenerateRequest } from './generate-request.js';
import { ReadAdvancedTasks } from './read-advanced-view.js';
import { TaskQueue } from './task-queue.js';
import { renderTask } from './task-renderer.js';
import { taskView } from './task-view.js';

export interface TaskServiceDeps {
  store: StateStore;
  accounts: AccountBook;
  voices: VoiceRegistry;
  files: FileSpace;
  speed: number;
  failRate: number;
  syncWaitS: number;
  concurrency: number;
  audioFormat: AudioFormat;
  random: () => number;
  /** Aborted on close: simulated waits stop, unfinished tasks resume at the next start. */
  signal: AbortSignal;
  log: (line: string) => void;
}

/** What the route learns about a submission even when it ends in an error (for the ledger). */
export interface SubmissionFacts {
  taskId?: string;
  shape?: string;
  blocks?: number;
  characters?: number;
}

/** The model kind reported in a task's `type` (contract: "identifier of the synthesis model kind"). */
const TASK_TYPE = 'tts';
const FAILED = 'failed';

/**
 * Generation tasks: validation, credits (frozen at submission, deducted when generated, unfrozen on failure),
 * the paid-first queue and the `pending` → `processing` → `generated` | `failed` lifecycle.
 */
export class TaskService {
  readonly queue: TaskQueue;
  private readonly readAdvanced = new ReadAdvancedTasks();
  private readonly processingWaiters = new Map<string, (view: Record<string, unknown>) => void>();

  constructor(private readonly deps: TaskServiceDeps) {
    this.queue = new TaskQueue(deps.concurrency, (id) => this.process(id));
  }

  /** Changes the simulated speed for tasks that start from now on (benchmarks: a service slowing down). */
  setSpeed(speed: number): void {
    if (!(Number.isFinite(speed) && speed > 0)) throw new RangeError('speed must be a number above 0');
    this.deps.speed = speed;
  }

  /** Creates a task; with `sync: true` answers once it is `processing` (or 400 STREAM_TIMEOUT). */
  async submit(
    account: AccountState,
    body: Record<string, unknown>,
    note: SubmissionFacts,
  ): Promise<Record<string, unknown>> {
    const { store, voices, files, accounts } = this.deps;
    const request = resolveGenerateRequest(body, (id) =>
      store.state.splitters.find((splitter) => splitter.id === id),
    );
    note.shape = request.shape;
    const validated = validateContents(request.contents, {
      resolveVoice: (voiceId) => voices.findUsableForGenerate(account.userId, voiceId),
      resolveIssuedAudio: (url) => files.issuedFile(url),
    });
    note.blocks = validated.blocks.length;
    note.characters = validated.characters;
    accounts.freezeCredits(account, validated.characters);
    const now = nowIso();
    const task: TaskRecord = {
      id: randomUUID(),
      userId: account.userId,
      token: account.token,
      sequence: store.nextSequence(),
      status: 'pending',
      type: TASK_TYPE,
      createdAt: now,
      updatedAt: now,
      isPremium: account.plan === 'paid',
      // Subtitles are a paid feature: a free account's `srt: true` is silently stored as false.
      srt: request.srtRequested && account.plan === 'paid',
      characters: validated.characters,
      frozenCredits: validated.characters,
      contents: validated.blocks,
      voiceIds: validated.voices.map((voice) => voice.id),
    };
    note.taskId = task.id;
    store.state.tasks.push(task);
    store.changed();
    const reachedProcessing = request.sync ? this.waitForProcessing(task.id) : undefined;
    this.enqueue(task);
    if (!reachedProcessing) return taskView(task, files, voices);
    return reachedProcessing;
  }

  /**
   * The user's task, or 404 TASK_NOT_FOUND (also for another user's task: no existence leak). With
   * `advanceOnRead` (an `advance-on-read` fault) the read moves the task one state on, as a service that works
   * out a status when it is read would (read-advanced-view.ts).
   */
  get(account: AccountState, id: string, advanceOnRead = false): Record<string, unknown> {
    const task = this.deps.store.state.tasks.find((candidate) => candidate.id === id);
    if (!task || task.userId !== account.userId)
      throw new ServiceError(404, 'TASK_NOT_FOUND', `task ${id} does not exist`);
    const shown = advanceOnRead ? this.readAdvanced.read(task) : task;
    return taskView(shown, this.deps.files, this.deps.voices);
  }

  find(id: string): TaskRecord | undefined {
    return this.deps.store.state.tasks.find((task) => task.id === id);
  }

  /** Tasks left pending or processing by a previous run start over. */
  resumeUnfinished(): void {
    for (const task of this.deps.store.state.tasks) {
      if (task.status === 'pending' || task.status === 'processing') {
        this.update(task, { status: 'pending' });
        this.enqueue(task, 0);
      }
    }
  }

  private enqueue(
    task: TaskRecord,
    admissionMs = scaledMs(REALISTIC_TIMINGS_MS.taskAdmission, this.deps.speed),
  ): void {
    this.queue.enqueue({
      id: task.id,
      paid: task.isPremium,
      sequence: task.sequence,
      eligibleAt: Date.now() + admissionMs,
    });
  }

  private waitForProcessing(taskId: string): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.deps.signal.removeEventListener('abort', onClose);
        this.processingWaiters.delete(taskId);
        this.withdraw(taskId);
        reject(
          new ServiceError(
            400,
            'STREAM_TIMEOUT',
            `the task did not reach processing within ${this.deps.syncWaitS} s; it was withdrawn and its credits unfrozen`,
          ),
        );
      }, this.deps.syncWaitS * 1000);
      const onClose = () => {
        clearTimeout(timer);
        this.processingWaiters.delete(taskId);
        reject(new ServiceError(503, 'SERVICE_UNAVAILABLE', 'the service is shutting down'));
      };
      this.deps.signal.addEventListener('abort', onClose, { once: true });
      this.processingWaiters.set(taskId, (view) => {
        clearTimeout(timer);
        this.deps.signal.removeEventListener('abort', onClose);
        resolve(view);
      });
    });
  }

  /** A sync submission that timed out is taken off the queue so a retry does not cost the user twice. */
  private withdraw(taskId: string): void {
    const task = this.find(taskId);
    if (!task || task.status !== 'pending' || !this.queue.remove(taskId)) return;
    this.fail(task, 'STREAM_TIMEOUT: the sync wait for processing expired; the task was withdrawn');
  }

  private async process(taskId: string): Promise<void> {
    const task = this.find(taskId);
    if (!task || task.status !== 'pending') return;
    this.update(task, { status: 'processing', startedAt: nowIso() });
    // The sync caller gets the task as it is at this moment, even if it is generated a few ms later.
    this.processingWaiters.get(taskId)?.(taskView(task, this.deps.files, this.deps.voices));
    this.processingWaiters.delete(taskId);

    const { speed, signal } = this.deps;
    const simulatedMs = scaledMs(
      Math.min(
        REALISTIC_TIMINGS_MS.taskProcessingCap,
        REALISTIC_TIMINGS_MS.taskProcessingBase +
          REALISTIC_TIMINGS_MS.taskProcessingPerCharacter * task.characters,
      ),
      speed,
    );
    const simulated = sleep(simulatedMs, signal);
    simulated.catch(() => undefined);
    try {
      if (this.deps.random() < this.deps.failRate) {
        await simulated;
        this.fail(task, 'synthesis failed (simulated by --fail-rate)');
        return;
      }
      const rendered = await renderTask(task, {
        files: this.deps.files,
        audioFormat: this.deps.audioFormat,
        resolveVoice: (voiceId) => this.deps.voices.findUsableForGenerate(task.userId, voiceId),
      });
      await simulated;
      const generatedAt = nowIso();
      this.update(task, {
        status: 'generated',
        segments: rendered.segmentPaths.map((audioPath) => ({ audioPath, generatedAt })),
        audioPath: rendered.mergedPath,
        ...(rendered.srtPath !== undefined ? { srtPath: rendered.srtPath } : {}),
        timings: rendered.timings,
        generatedAt,
        finishedAt: generatedAt,
      });
      const owner = this.deps.accounts.byUserId(task.userId);
      if (owner) this.deps.accounts.deductFrozen(owner, task.frozenCredits);
    } catch (error) {
      // Closing the stand-in aborts the wait: the task stays `processing` and starts over at the next start.
      if (signal.aborted) return;
      this.deps.log(`task ${task.id} failed: ${(error as Error).message}`);
      this.fail(task, `synthesis failed: ${(error as Error).message}`);
    }
  }

  private fail(task: TaskRecord, reason: string): void {
    this.update(task, { status: FAILED, failureReason: reason, finishedAt: nowIso() });
    const owner = this.deps.accounts.byUserId(task.userId);
    if (owner) this.deps.accounts.unfreeze(owner, task.frozenCredits);
  }

  private update(task: TaskRecord, change: Partial<TaskRecord>): void {
    Object.assign(task, change, { updatedAt: nowIso() });
    this.deps.store.changed();
  }
}
