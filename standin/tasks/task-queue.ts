export interface QueueItem {
  id: string;
  /** Paid accounts' tasks go first. */
  paid: boolean;
  /** Submission order; FIFO within a priority. */
  sequence: number;
  /** Epoch ms before which the item may not start (simulated admission delay). */
  eligibleAt: number;
}

/**
 * The generation queue: at most `concurrency` tasks run at once; among the tasks that may start, paid before
 * free, then first come first served. Can be paused (admin) so tests can line tasks up.
 */
export class TaskQueue {
  private readonly waiting: QueueItem[] = [];
  private active = 0;
  private paused = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly concurrency: number,
    private readonly run: (id: string) => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  enqueue(item: QueueItem): void {
    this.waiting.push(item);
    this.pump();
  }

  /** Takes a task out before it started; false when it is not waiting. */
  remove(id: string): boolean {
    const index = this.waiting.findIndex((item) => item.id === id);
    if (index === -1) return false;
    this.waiting.splice(index, 1);
    return true;
  }

  setPaused(paused: boolean): void {
    this.paused = paused;
    this.pump();
  }

  get isPaused(): boolean {
    return this.paused;
  }

  waitingIds(): string[] {
    return this.waiting.map((item) => item.id);
  }

  /** Stops starting tasks and waits for the running ones. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await Promise.allSettled([...this.running]);
  }

  private pump(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.paused || this.closed) return;
    while (this.active < this.concurrency) {
      const next = this.nextEligible();
      if (!next) break;
      this.waiting.splice(this.waiting.indexOf(next), 1);
      this.start(next);
    }
    if (this.active < this.concurrency && this.waiting.length > 0) {
      const soonest = Math.min(...this.waiting.map((item) => item.eligibleAt));
      this.timer = setTimeout(() => this.pump(), Math.max(1, soonest - this.now()));
    }
  }

  private nextEligible(): QueueItem | undefined {
    const now = this.now();
    const eligible = this.waiting.filter((item) => item.eligibleAt <= now);
    eligible.sort((a, b) => Number(b.paid) - Number(a.paid) || a.sequence - b.sequence);
    return eligible[0];
  }

  private start(item: QueueItem): void {
    this.active += 1;
    const running = this.run(item.id)
      .catch(() => undefined)
      .finally(() => {
        this.active -= 1;
        this.running.delete(running);
        this.pump();
      });
    this.running.add(running);
  }
}
