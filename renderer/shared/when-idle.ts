/**
 * Runs `run` once the browser is idle (requestIdleCallback, at most `timeoutMs` later), or on the next task where
 * there is no such call (jsdom, in tests). Returns what cancels it.
 */
export function whenIdle(run: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(run, { timeout: timeoutMs });
  return () => cancelIdleCallback(handle);
}
