import { startTransition, useLayoutEffect, useState } from 'react';
import type { Project } from '../../../common/project/project-schema.js';
import type { ProjectFollower } from '../../stores/project-follower.js';
import { useAppStores } from '../../stores/stores-context.js';

/**
 * The open project as the views that summarise all of it show it (the timeline, the status bar, chapters,
 * review, counts): one snapshot shared by all of them, following edits at idle moments and typing about once a
 * second (project-follower.ts), so the text box being typed in shares its frame with none of them.
 *
 * An edit reaches the views as a transition: React renders them in slices and lets a keystroke's render go first.
 * At the project cap (20,000 blocks) their render after a followed edit was one 50–110 ms task, and the keystroke
 * landing on it waited that long (keystroke p95 +15 to +52 ms over a bare text box). Another document is shown
 * at once, in the editor's own render, so no view ever shows the one before beside it.
 */
export function useFollowedProject(): Project | null {
  const { followed } = useAppStores();
  const [seen, setSeen] = useState(() => snapshotOf(followed));
  // Rendered with other stores (a test's, a remount) before the subscription below follows them: theirs, at once.
  const rendered = seen.followed === followed ? seen.project : followed.shown();
  useLayoutEffect(() => {
    const show = (urgent: boolean): void => {
      const next = snapshotOf(followed);
      if (urgent) setSeen(next);
      else startTransition(() => setSeen(next));
    };
    const unsubscribe = followed.subscribe(show);
    // A change between this view's render (a transition's, in slices) and its subscription.
    if (followed.shown() !== rendered) show(true);
    return unsubscribe;
    // Subscribed once per follower: `rendered` is only the value this subscription starts from.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [followed]);
  return rendered;
}

interface Snapshot {
  followed: ProjectFollower;
  project: Project | null;
}

function snapshotOf(followed: ProjectFollower): Snapshot {
  return { followed, project: followed.shown() };
}
