/**
 * Runs `run` once the browser is idle (requestIdleCallback, at most `timeoutMs` later), or on the next task where
 * there is no such call (jsdom, in tests). Returns what cancels it.
 */
function whenIdle(run: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(run, { timeout: timeoutMs });
  return () => cancelIdleCallback(handle);
}

/**
 * How long after the project list is shown code for later (the other pages, the editor, the import dialog) starts
 * loading. Parsed sooner, it competed with the list's first second: the rows and the first search typed into it.
 */
export const PRELOAD_AFTER_START_MS = 1000;

/** Runs `run` once the browser is idle, `delayMs` from now at the earliest. Returns what cancels it. */
export function whenIdleAfter(delayMs: number, run: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const timer = setTimeout(() => {
    cancelIdle = whenIdle(run);
  }, delayMs);
  return () => {
    clearTimeout(timer);
    cancelIdle?.();
  };
}
