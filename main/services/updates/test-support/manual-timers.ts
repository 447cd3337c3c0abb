/** Timers that fire only when the test says so, in order of their time: no test waits on a real clock. */
export class ManualTimers {
  private now = 0;
  private readonly pending: { at: number; callback: () => void; cancelled: boolean }[] = [];
  readonly delays: number[] = [];

  readonly clock = {
    now: () => this.now,
    setTimer: (callback: () => void, ms: number) => {
      const timer = { at: this.now + ms, callback, cancelled: false };
      this.pending.push(timer);
      this.delays.push(ms);
      return () => void (timer.cancelled = true);
    },
  };

  get scheduled(): number {
    return this.pending.filter((timer) => !timer.cancelled).length;
  }

  /** Moves time on by `ms`, firing the timers due meanwhile (and letting their checks settle). */
  async advance(ms: number): Promise<void> {
    const until = this.now + ms;
    for (;;) {
      const due = this.pending
        .filter((timer) => !timer.cancelled && timer.at <= until)
        .sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      due.cancelled = true;
      this.now = due.at;
      due.callback();
      for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
    }
    this.now = until;
  }
}
