import { nowIso } from '../clock.js';
import type { TaskRecord } from '../state/schema.js';

/** The lifecycle a read walks through: pending, processing (these two), then the task's end (generated or failed). */
const UNFINISHED_STEPS = ['pending', 'processing'] as const;

function stepOf(status: string): number {
  if (status === 'pending') return 0;
  if (status === 'processing') return 1;
  return 2;
}

interface Shown {
  step: number;
  /** When a read first found the task done: the service's `generatedAt`. */
  doneAt?: string | undefined;
}

/**
 * Tasks as a service that works out a task's status only when it is read shows them (the `advance-on-read`
 * fault): each read moves a task one state on — never past where the stand-in really is, so the audio a
 * `generated` answer points at exists — and the finish it reports is the read that found it. In memory only:
 * a task read without the fault shows its real state.
 */
export class ReadAdvancedTasks {
  private readonly shown = new Map<string, Shown>();

  /** The task as this read shows it (the record itself is left as it is). */
  read(task: TaskRecord): TaskRecord {
    const real = stepOf(task.status);
    const before = this.shown.get(task.id) ?? { step: 0 };
    const step = Math.min(real, before.step + 1);
    const now: Shown = { step, doneAt: before.doneAt ?? (step === 2 ? nowIso() : undefined) };
    this.shown.set(task.id, now);
    if (step < 2) {
      const status = UNFINISHED_STEPS[step] ?? 'pending';
      const {
        segments: _segments,
        audioPath: _audio,
        srtPath: _srt,
        generatedAt: _generated,
        failureReason: _failure,
        finishedAt: _finished,
        ...unfinished
      } = task;
      return { ...unfinished, status };
    }
    if (task.status !== 'generated' || now.doneAt === undefined) return task;
    const doneAt = now.doneAt;
    return {
      ...task,
      generatedAt: doneAt,
      finishedAt: doneAt,
      updatedAt: doneAt,
      ...(task.segments
        ? { segments: task.segments.map((segment) => ({ ...segment, generatedAt: doneAt })) }
        : {}),
    };
  }
}
