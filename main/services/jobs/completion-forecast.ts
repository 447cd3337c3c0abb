import { z } from 'zod';
import { EMPTY_LINE, addPoint, lineAt, lineSumsSchema } from './recent-line.js';
import type { LineSums } from './recent-line.js';

/**
 * When a service will finish each task in flight, learned per service from the tasks it finished (issue 16).
 *
 * Two figures, both lines over the task's characters:
 * - **latency**: submission → finished, for a task that had none of ours finish while it was in flight (the
 *   queue wait plus processing time per character);
 * - **gap**: the time between the previous of our tasks finishing and this one, for a task that did — how fast
 *   the service works through a backlog of ours.
 *
 * Our in-flight tasks form a chain in submission order (the contract: a priority queue, first come first
 * served): a task is due at the later of its submission + latency, the task before it + gap, and — once a poll
 * found it unfinished — that poll + a step. The chain is anchored on the last finish actually seen, so one late
 * task moves every task behind it, and the lines weigh the newest task by one half, so a change of speed is
 * followed within a few tasks. Until a task has been seen waiting behind another, nothing is assumed about the
 * others: each is due at its own latency.
 *
 * A finish the service reports at or after the read that saw it (or does not report) cannot be told from that
 * read: the contract does not say what moves a task to `generated`, and a service may work out a status only
 * when it is read. Learning such a finish as the read would only ever learn "later" — each first poll goes at
 * the last read plus a margin, finds the task there, and the next aim is later still (issue 36: 0.6 s, then
 * 9.9, 14.2, 19.3 and 25 s). So once two finishes in a row were reported at their reads, it is learned as
 * halfway between the task's submission and that read: one that finishes on reads is polled sooner task after
 * task, and a service that finishes on its own (now and then while a poll is on its way) shows its real finish
 * at the next task, having cost a few polls. And whatever was learned, a task's first poll goes no
 * later than the plain schedule's longest gap after its submission (`maxFirstWaitMs`), so an aim that has gone
 * bad is caught within one task.
 *
 * Known limits: a service that works on several of ours in step finishes them in bunches, which one gap cannot
 * describe; the forecast is then off by up to half a task either way (still one or two polls per task). A
 * model with a count of workers was tried; the count could not be learned reliably while the speed changed. A
 * service whose clock runs ahead of ours by more than the margin reports finishes after our reads: it is then
 * polled earlier than it needs (more requests, never a later notice).
 *
 * Times are the client's clock; the caller keeps a task's finish between what it knows for certain.
 */
const forecastStateSchema = z.object({
  version: z.literal(1),
  latency: lineSumsSchema,
  gap: lineSumsSchema,
  /** Mean absolute error of the first poll's aim (ms), recent tasks weighing most. */
  absErrorMs: z.number().nonnegative(),
  samples: z.number().int().nonnegative(),
  /** Finishes in a row reported at the read that saw them (see the class comment). */
  atReadStreak: z.number().int().nonnegative().default(0),
});
export type ForecastState = z.infer<typeof forecastStateSchema>;

export interface ForecastTuning {
  /** Weight kept by the older points per new one (0.5: the newest task has half the say). */
  retain: number;
  /** The first poll goes this fraction of the typical error after the predicted finish… */
  marginShare: number;
  /** …and never sooner than this after it, nor later than `maxMarginMs`. */
  minMarginMs: number;
  maxMarginMs: number;
  /** After a poll finds the task unfinished: the first step, then ×2 per further miss up to `maxStepMs`. */
  minStepMs: number;
  maxStepMs: number;
  /**
   * A task's first poll goes no later than this after its submission: the plain schedule's longest gap (the
   * job manager passes its schedule's `maxDelayMs`).
   */
  maxFirstWaitMs: number;
}

const DEFAULT_FORECAST_TUNING: ForecastTuning = {
  retain: 0.5,
  marginShare: 0.5,
  minMarginMs: 15,
  maxMarginMs: 2_000,
  minStepMs: 40,
  maxStepMs: 5_000,
  maxFirstWaitMs: 5_000,
};

/** One in-flight task as the chain sees it. */
export interface ChainTask {
  id: string;
  submittedAt: number;
  characters: number;
  /** When a poll last found it unfinished, and how many polls in a row did at or after its predicted finish. */
  missedAt?: number | undefined;
  misses: number;
  /** Whether it has been polled at all (a first poll sent early, by `maxFirstWaitMs`, is not a miss). */
  polled?: boolean;
}

export interface FinishedTask {
  submittedAt: number;
  characters: number;
  finishedAt: number;
  /** The finish the first poll aimed at, when it was aimed by this forecast. */
  aimedAt?: number | undefined;
  /**
   * The service reported no finish before the read that saw it (none at all, or one at or after that read was
   * sent): it may have finished because it was read.
   */
  finishedAtRead?: boolean;
  /**
   * Our tasks submitted before this one and not yet seen finished: the service worked through them (or is
   * finishing them alongside) since the last finish we know of, so the time since then is shared among them.
   */
  aheadInFlight: number;
}

const RECENT_FINISHES_KEPT = 64;
const AT_READ_STREAK_TO_HALVE = 2;
const FIRST_STEP_SHARE_OF_LATENCY = 8;
const ERROR_WEIGHT = 0.3;

export class CompletionForecast {
  private state: ForecastState = {
    version: 1,
    latency: EMPTY_LINE,
    gap: EMPTY_LINE,
    absErrorMs: 0,
    samples: 0,
    atReadStreak: 0,
  };
  /** Finishes seen in this session, ascending: the chain's anchor and the gap samples' reference. */
  private readonly finishes: number[] = [];

  private readonly tuning: ForecastTuning;

  constructor(tuning: Partial<ForecastTuning> = {}) {
    this.tuning = { ...DEFAULT_FORECAST_TUNING, ...tuning };
  }

  /** Takes up what an earlier session learned; anything unreadable is ignored (the forecast starts empty). */
  restore(saved: unknown): void {
    const parsed = forecastStateSchema.safeParse(saved);
    if (parsed.success) this.state = parsed.data;
  }

  /** Whether anything has been learned: before that the poller keeps its backing-off schedule. */
  get isReady(): boolean {
    return this.state.latency.weight > 0 || this.state.gap.weight > 0;
  }

  toJSON(): ForecastState {
    return this.state;
  }

  /** Learns from a task the service finished. */
  learn(task: FinishedTask): void {
    const { retain } = this.tuning;
    const characters = Math.max(0, task.characters);
    const state = this.state;
    // A finish that may be our own read is taken as halfway there (see the class comment) once the one before
    // was one too: a service that finishes on its own finishes now and then while a poll is on its way.
    const atReadStreak = task.finishedAtRead ? state.atReadStreak + 1 : 0;
    const finishedAt =
      atReadStreak >= AT_READ_STREAK_TO_HALVE
        ? task.submittedAt + Math.max(0, task.finishedAt - task.submittedAt) / 2
        : task.finishedAt;
    const previous = this.finishes.filter((finish) => finish < finishedAt).at(-1);
    let latency: LineSums = state.latency;
    let gap: LineSums = state.gap;
    if (previous !== undefined && previous > task.submittedAt) {
      const share = (finishedAt - previous) / (1 + Math.max(0, task.aheadInFlight));
      gap = addPoint(gap, characters, share, retain);
    } else {
      latency = addPoint(latency, characters, Math.max(0, finishedAt - task.submittedAt), retain);
    }
    let absErrorMs = state.absErrorMs;
    if (task.aimedAt !== undefined) {
      const error = Math.abs(finishedAt - task.aimedAt);
      absErrorMs = state.samples === 0 ? error : absErrorMs * (1 - ERROR_WEIGHT) + error * ERROR_WEIGHT;
    }
    this.state = { version: 1, latency, gap, absErrorMs, samples: state.samples + 1, atReadStreak };
    this.rememberFinish(finishedAt);
  }

  /**
   * When each task is expected to finish, in the order given (submission order). Empty until something has
   * been learned.
   */
  predict(tasks: readonly ChainTask[]): Map<string, number> {
    const due = new Map<string, number>();
    if (!this.isReady) return due;
    const chained = this.state.gap.weight > 0;
    const lastFinish = this.finishes.at(-1) ?? Number.NEGATIVE_INFINITY;
    let chain = lastFinish;
    for (const [index, task] of tasks.entries()) {
      const { latency, gap } = this.figuresFor(task.characters);
      let at = task.submittedAt + latency;
      if (chained) at = Math.max(at, chain + gap);
      // The chain is a guess, off by up to a task when a service with several workers finishes ours in bunches
      // (a gap learned across the pause between two bunches put the benchmark's last task 13.3 s late). So it
      // may not push the next look at two tasks further than the longest step: one already missed at its
      // predicted finish (the forecast was wrong about it), from that look; and the oldest unfinished one (the
      // next to finish, first come first served), from that look or the last finish seen, whichever is later.
      // The step itself still doubles per miss.
      if (task.misses > 0 && task.missedAt !== undefined)
        at = Math.min(at, task.missedAt + this.tuning.maxStepMs);
      if (index === 0 && task.missedAt !== undefined)
        at = Math.min(at, Math.max(task.missedAt, lastFinish) + this.tuning.maxStepMs);
      if (task.missedAt !== undefined)
        at = Math.max(at, task.missedAt + this.stepMs(task.misses, task.characters));
      due.set(task.id, at);
      chain = Math.max(chain, at);
    }
    return due;
  }

  /**
   * When to poll a task predicted to finish at `finish`: after a miss, at the prediction (it already holds the
   * step); otherwise a margin after it — and the first poll never later than `maxFirstWaitMs` after submission.
   * A poll this returns before `finish` is that early first look: finding the task unfinished then is no miss.
   */
  pollAt(task: ChainTask, finish: number): number {
    if (task.misses > 0) return finish;
    const aimed = finish + this.marginMs();
    return task.polled ? aimed : Math.min(aimed, task.submittedAt + this.tuning.maxFirstWaitMs);
  }

  /** How long after the predicted finish the first poll goes: a short way into the typical error. */
  marginMs(): number {
    const { marginShare, minMarginMs, maxMarginMs } = this.tuning;
    return Math.min(maxMarginMs, Math.max(minMarginMs, this.state.absErrorMs * marginShare));
  }

  /**
   * The wait after the `misses`-th poll in a row that found the task unfinished: such a task is most likely
   * about one gap away, so one gap, doubling with each further miss (a service that slowed down 5× is caught
   * up with in three steps).
   */
  stepMs(misses: number, characters: number): number {
    if (misses <= 0) return 0;
    const { minStepMs, maxStepMs } = this.tuning;
    // Before any backlog has been seen there is no gap: an eighth of the task's latency, so a task a little
    // slower than the last one is seen soon after, not a whole latency late.
    const gap = lineAt(this.state.gap, characters);
    const base = gap ?? this.figuresFor(characters).latency / FIRST_STEP_SHARE_OF_LATENCY;
    return Math.min(maxStepMs, Math.max(minStepMs, base) * 2 ** (misses - 1));
  }

  /** Latency and gap for a task of this size; each stands in for the other until both are known. */
  private figuresFor(characters: number): { latency: number; gap: number } {
    const latency = lineAt(this.state.latency, characters);
    const gap = lineAt(this.state.gap, characters);
    return { latency: latency ?? gap ?? 0, gap: gap ?? latency ?? 0 };
  }

  private rememberFinish(time: number): void {
    let index = this.finishes.length;
    while (index > 0 && (this.finishes[index - 1] ?? 0) > time) index -= 1;
    this.finishes.splice(index, 0, time);
    if (this.finishes.length > RECENT_FINISHES_KEPT) this.finishes.shift();
  }
}
