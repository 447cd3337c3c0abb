import type { StoreApi } from 'zustand';
import type { Project } from '../../common/project/project-schema.js';
import type { DocumentState } from './document-store.js';

/**
 * The open project as the views that summarise all of it show it (timeline, status bar, chapters, review, counts,
 * cast): one snapshot for all of them, so a 10,000-block audiobook is laid out, checked and counted once per
 * snapshot instead of once per view, and never in a keystroke's own frame.
 *
 * - Another document (opened, closed, moved to a new file) is shown at once, in the same render as the editor.
 * - Any other edit (a block added, moved, deleted, undone, a generation's result) is shown at the next idle
 *   moment, after the frame that paints the edit; edits in quick succession (a slider dragged) at most every
 *   250 ms.
 * - Typing is shown once it pauses for `quietMs`, and while it goes on at least every 250 ms in a small project,
 *   up to once a second in a 10,000-block one (the views' work grows with the blocks), each time at an idle
 *   moment. The text box shows every keystroke itself; the first one is not shown at once elsewhere, so starting
 *   to type costs no more than going on. The last edit is always shown.
 */
export interface ProjectFollower {
  /** The project the whole-project views show now. */
  shown(): Project | null;
  /**
   * Calls `listener` after the shown project changed, with `urgent` true when it is another document (the views
   * must show it in the editor's own render) and false for an edit (they may show it when the page has time);
   * answers the unsubscribe.
   */
  subscribe(listener: (urgent: boolean) => void): () => void;
  dispose(): void;
}

/** How the follower waits: a timer, and a turn when the page is idle (both cancellable). */
export interface FollowerClock {
  now(): number;
  after(ms: number, run: () => void): () => void;
  /** Runs `run` when the main thread is idle, within `timeoutMs` at the latest. */
  whenIdle(run: () => void, timeoutMs: number): () => void;
}

export interface FollowerTiming {
  /** Typing is shown once it pauses this long. */
  quietMs: number;
  /** During a burst, the views follow every `perBlockMs` × the project's blocks, within these bounds. */
  minWaitMs: number;
  maxWaitMs: number;
  perBlockMs: number;
  /** The latest an idle turn may come once one is asked for. */
  idleTimeoutMs: number;
}

export const FOLLOWER_TIMING: FollowerTiming = {
  quietMs: 300,
  minWaitMs: 250,
  maxWaitMs: 1_000,
  perBlockMs: 0.1,
  idleTimeoutMs: 100,
};

/** How long the views may lag behind a burst of edits of `project`. */
export function burstWaitMs(project: Project, timing: FollowerTiming): number {
  const { speech, effects, music } = project.tracks;
  const blocks = speech.blocks.length + effects.blocks.length + music.blocks.length;
  return Math.min(timing.maxWaitMs, Math.max(timing.minWaitMs, blocks * timing.perBlockMs));
}

/** The browser's clock: requestIdleCallback where there is one (a test's DOM has none: a timer stands in). */
const browserClock: FollowerClock = {
  now: () => performance.now(),
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
  whenIdle: (run, timeoutMs) => {
    if (typeof requestIdleCallback !== 'function') return browserClock.after(0, run);
    const handle = requestIdleCallback(() => run(), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  },
};

export function createProjectFollower(
  document: StoreApi<DocumentState>,
  clock: FollowerClock = browserClock,
  timing: FollowerTiming = FOLLOWER_TIMING,
): ProjectFollower {
  const listeners = new Set<(urgent: boolean) => void>();
  let shown: Project | null = document.getState().doc?.project ?? null;
  /** When the oldest edit not shown yet was made (null: the views show the document). */
  let pendingSince: number | null = null;
  let lastShownAt = Number.NEGATIVE_INFINITY;
  /** When the edits not shown yet are due (the pause, or the burst's wait), and when the timer is set for. */
  let dueAt = Number.POSITIVE_INFINITY;
  let timerAt: number | null = null;
  let idleRequested = false;
  let cancelWait: (() => void) | null = null;

  const cancel = (): void => {
    cancelWait?.();
    cancelWait = null;
    timerAt = null;
    idleRequested = false;
  };
  const publish = (urgent = false): void => {
    cancel();
    pendingSince = null;
    dueAt = Number.POSITIVE_INFINITY;
    lastShownAt = clock.now();
    const current = document.getState().doc?.project ?? null;
    if (current === shown) return;
    shown = current;
    for (const listener of [...listeners]) listener(urgent);
  };
  const publishWhenIdle = (): void => {
    cancel();
    idleRequested = true;
    cancelWait = clock.whenIdle(() => publish(), timing.idleTimeoutMs);
  };
  // One timer for a burst, moved on when it fires early, rather than a new timer for every keystroke.
  const wakeAt = (at: number): void => {
    cancel();
    timerAt = at;
    cancelWait = clock.after(Math.max(0, at - clock.now()), () => {
      if (clock.now() >= dueAt) publishWhenIdle();
      else wakeAt(dueAt);
    });
  };

  const unsubscribe = document.subscribe((state, previous) => {
    if (state.doc?.project === previous.doc?.project) return;
    if (state.doc === null || previous.doc === null || state.doc.source !== previous.doc.source) {
      // Another document: the views must never show the one before beside it.
      publish(true);
      return;
    }
    const now = clock.now();
    // The document store keeps `lastEdit` for edits that coalesce into one undo step: typing.
    const typing = state.lastEdit !== null;
    pendingSince ??= now;
    // An idle turn already asked for shows the latest edit; asking again would only put it off.
    if (idleRequested) return;
    if (!typing && now - lastShownAt >= timing.minWaitMs) {
      publishWhenIdle();
      return;
    }
    // Other edits in quick succession (a slider dragged, undo pressed repeatedly) follow at most every
    // minWaitMs. Typing follows the pause that ends it, but no later than the burst's wait after the first
    // keystroke not shown.
    dueAt = typing
      ? Math.min(now + timing.quietMs, pendingSince + burstWaitMs(state.doc.project, timing))
      : Math.min(dueAt, lastShownAt + timing.minWaitMs);
    if (timerAt === null || timerAt > dueAt) wakeAt(dueAt);
  });

  return {
    shown: () => shown,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: () => {
      cancel();
      unsubscribe();
      listeners.clear();
    },
  };
}
