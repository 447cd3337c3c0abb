import type { ExportPhase, ExportProgress } from './export-types.js';

// At most this often: a 90-minute render has thousands of blocks, and each message crosses threads.
const MIN_INTERVAL_MS = 100;

/**
 * Turns per-phase progress into overall progress. Each phase that will run gets a weight (its share of
 * the expected time); reports are throttled, except the first and last of each phase.
 *
 * What it sends never goes backwards: work that starts over (an MP3 whose split encode is abandoned and
 * encoded in one pass, a decode lane reporting after rendering began) holds the bar where it was until it
 * passes it again, instead of taking it from 85 % back to 82 % (issue 36).
 */
export class ProgressTracker {
  private readonly starts = new Map<ExportPhase, number>();
  private readonly total: number;
  private lastSent = 0;
  private current: ExportPhase | undefined;
  /** The highest overall fraction sent, and the highest phase fraction sent in the current phase. */
  private sentFraction = 0;
  private sentPhaseFraction = 0;

  constructor(
    private readonly weights: Partial<Record<ExportPhase, number>>,
    private readonly send: (progress: ExportProgress) => void = () => {},
  ) {
    let start = 0;
    for (const [phase, weight] of Object.entries(weights) as [ExportPhase, number][]) {
      this.starts.set(phase, start);
      start += weight;
    }
    this.total = start || 1;
  }

  report(phase: ExportPhase, phaseFraction: number): void {
    const now = Date.now();
    const clamped = Math.min(1, Math.max(0, phaseFraction));
    const changedPhase = phase !== this.current;
    if (!changedPhase && clamped < 1 && now - this.lastSent < MIN_INTERVAL_MS) return;
    this.current = phase;
    this.lastSent = now;
    const start = this.starts.get(phase) ?? 0;
    const weight = this.weights[phase] ?? 0;
    this.sentPhaseFraction = changedPhase ? clamped : Math.max(this.sentPhaseFraction, clamped);
    this.sentFraction = Math.max(this.sentFraction, Math.min(1, (start + weight * clamped) / this.total));
    this.send({ phase, phaseFraction: this.sentPhaseFraction, fraction: this.sentFraction });
  }
}

/** Lets pending messages (a cancel request) and timers run during a long synchronous loop, every ~50 ms. */
export class CooperativeYield {
  private last = Date.now();

  async maybeYield(): Promise<void> {
    const now = Date.now();
    if (now - this.last < 50) return;
    this.last = now;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
