import type { Clock } from '../service-client/index.js';
import type { PollSchedule } from './poll-schedule.js';
import { probeDelayMs } from './poll-schedule.js';

/**
 * Knows whether the service can be reached, and while it cannot, probes it with backoff until it answers.
 * Any HTTP answer (even a 404 or 401) proves the service is reachable; only failures to connect do not.
 */
export class Reachability {
  private reachable = true;
  private attempt = 0;
  private cancelTimer: (() => void) | undefined;
  private probeController: AbortController | undefined;
  private stopped = false;

  constructor(
    private readonly probe: (signal: AbortSignal) => Promise<boolean>,
    private readonly clock: Clock,
    private readonly schedule: PollSchedule,
    private readonly random: () => number,
    private readonly onChange: (reachable: boolean) => void,
  ) {}

  get isReachable(): boolean {
    return this.reachable;
  }

  /** Called when a request could not reach the service: start probing (once). */
  markUnreachable(): void {
    if (this.stopped || !this.reachable) return;
    this.reachable = false;
    this.attempt = 0;
    this.onChange(false);
    this.scheduleProbe();
  }

  /** Called when any request got an answer: stop probing. */
  markReachable(): void {
    if (this.stopped || this.reachable) return;
    this.reachable = true;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.probeController?.abort();
    this.onChange(true);
  }

  /** Probe now instead of waiting for the next scheduled probe (e.g. after the machine woke up). */
  probeNow(): void {
    if (this.stopped || this.reachable) return;
    this.cancelTimer?.();
    this.attempt = 0;
    this.cancelTimer = this.clock.setTimer(() => void this.runProbe(), 0);
  }

  stop(): void {
    this.stopped = true;
    this.cancelTimer?.();
    this.probeController?.abort();
  }

  private scheduleProbe(): void {
    this.cancelTimer?.();
    const delay = probeDelayMs(this.attempt, this.schedule, this.random);
    this.cancelTimer = this.clock.setTimer(() => void this.runProbe(), delay);
  }

  private async runProbe(): Promise<void> {
    this.cancelTimer = undefined;
    if (this.stopped || this.reachable) return;
    const controller = new AbortController();
    this.probeController = controller;
    let answered: boolean;
    try {
      answered = await this.probe(controller.signal);
    } catch {
      answered = false;
    }
    if (this.probeController === controller) this.probeController = undefined;
    if (this.stopped || this.reachable) return;
    if (answered) {
      this.markReachable();
      return;
    }
    this.attempt += 1;
    this.scheduleProbe();
  }
}
