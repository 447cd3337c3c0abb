/**
 * How many tasks the batch keeps in flight at most (sent or waiting to be sent, not ended), when it submits the
 * next projects' tasks while an earlier project downloads and exports. Chosen by measurement (README, "Keeping
 * the service busy"): the stand-in runs 2 tasks at once and keeps a new one pending for 0.8 s, so 2 running plus
 * 2 waiting never leaves a worker idle, while the credits frozen ahead of the user (and run on after a pause,
 * since a sent task cannot be withdrawn) stay at a couple of projects' worth. Polling 4 tasks is far inside any
 * rate limit (the stand-in's 50 requests/s).
 */
const DEFAULT_TASKS_IN_FLIGHT = 4;

/** How often waiting submissions look at the job list again (it changes as tasks end; no event says "fewer"). */
const RECHECK_MS = 100;

/** One item of the batch asking to submit. */
export interface SubmissionTicket {
  /** Its place in the queue now (lower goes first). */
  position(): number;
  /** Whether its export is next (the item the queue is running): it submits at once, as before pipelining. */
  isHead(): boolean;
}

interface Waiter {
  ticket: SubmissionTicket;
  tasksInFlight: () => number;
  admit(): void;
}

/**
 * The batch's in-flight cap. The running item submits at once; look-ahead items submit one project at a time in
 * queue order, each only while fewer than `cap` tasks are in flight and every project admitted before it has
 * handed its tasks to the job manager (so they are counted). All of it goes on through the client's rate gate:
 * this only decides when a submission may start, never how fast requests go out.
 */
export class SubmissionWindow {
  private readonly waiters = new Set<Waiter>();
  /** Projects admitted whose tasks are not yet in the job list. */
  private opening = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(readonly cap: number = DEFAULT_TASKS_IN_FLIGHT) {}

  /**
   * Resolves when the ticket's project may submit, with the function to call once its tasks are with the job
   * manager (called more than once, it counts once). Rejects when the signal aborts first.
   */
  admit(ticket: SubmissionTicket, tasksInFlight: () => number, signal: AbortSignal): Promise<() => void> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        ticket,
        tasksInFlight,
        admit: () => {
          signal.removeEventListener('abort', onAbort);
          this.opening += 1;
          let open = true;
          resolve(() => {
            if (!open) return;
            open = false;
            this.opening -= 1;
            this.recheck();
          });
        },
      };
      const onAbort = (): void => {
        this.waiters.delete(waiter);
        this.stopTimerWhenIdle();
        reject(new Error('Generation was cancelled'));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiters.add(waiter);
      this.recheck();
    });
  }

  /** Admits whoever may go now (the queue calls it when its running item changes; a timer while any waits). */
  recheck(): void {
    for (const waiter of this.waiters) {
      if (!waiter.ticket.isHead()) continue;
      this.waiters.delete(waiter);
      waiter.admit();
    }
    // Only the first look-ahead project in queue order may go: the ones after it wait their turn.
    const [first] = [...this.waiters].sort((a, b) => a.ticket.position() - b.ticket.position());
    if (first && this.opening === 0 && first.tasksInFlight() < this.cap) {
      this.waiters.delete(first);
      first.admit();
    }
    if (this.waiters.size > 0) this.timer ??= setInterval(() => this.recheck(), RECHECK_MS).unref();
    this.stopTimerWhenIdle();
  }

  private stopTimerWhenIdle(): void {
    if (this.waiters.size > 0 || this.timer === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
