import { useEffect, useState } from 'react';
import type { Project } from '../../../common/project/project-schema.js';
import { useAppStores } from '../../stores/stores-context.js';

/**
 * The open project for views that need not follow every keystroke (the timeline, the status bar): an edit after
 * a quiet spell shows at once, a burst of edits (typing) at most once per `intervalMs`, the last one always. The
 * text box being typed in then shares its frame with nothing else on most keystrokes.
 */
// Each view's trailing updates are shifted by a different share of a frame-sized step, so the views that follow
// the project (timeline, status bar, counts, review, chapters…) do not all recompute in the same keystroke's frame.
const SPREAD_STEP_MS = 23;
const SPREAD_SLOTS = 8;
let nextSlot = 0;

export function useThrottledProject(intervalMs: number): Project | null {
  const stores = useAppStores();
  const [offsetMs] = useState(() => (nextSlot++ % SPREAD_SLOTS) * SPREAD_STEP_MS);
  const [project, setProject] = useState(() => stores.document.getState().doc?.project ?? null);
  useEffect(() => {
    let lastShownAt = Number.NEGATIVE_INFINITY;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const current = (): Project | null => stores.document.getState().doc?.project ?? null;
    const showLatest = (): void => {
      timer = undefined;
      lastShownAt = performance.now();
      // A plain update, not a transition: beside the hashed views' own updates, a transition of the throttled
      // views was put off for good in the cast journey (the timeline stayed on the project before an edit).
      setProject(current());
    };
    const unsubscribe = stores.document.subscribe((state, previous) => {
      if (state.doc?.project === previous.doc?.project || timer !== undefined) return;
      const wait = lastShownAt + intervalMs + offsetMs - performance.now();
      if (wait <= 0) {
        lastShownAt = performance.now();
        // Leading edge: rendered with the edit itself (a new block appears with its text box).
        setProject(current());
      } else {
        timer = setTimeout(showLatest, wait);
      }
    });
    // An edit between the first render and this subscription is picked up here.
    if (current() !== project) showLatest();
    return () => {
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
    };
    // Subscribed once; `project` is only compared on the first run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [intervalMs, offsetMs]);
  return project;
}
