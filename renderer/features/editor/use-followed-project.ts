import { useSyncExternalStore } from 'react';
import type { Project } from '../../../common/project/project-schema.js';
import { useAppStores } from '../../stores/stores-context.js';

/**
 * The open project as the views that summarise all of it show it (the timeline, the status bar, chapters,
 * review, counts): one snapshot shared by all of them, following edits at idle moments and typing about once a
 * second (project-follower.ts), so the text box being typed in shares its frame with none of them.
 */
export function useFollowedProject(): Project | null {
  const { followed } = useAppStores();
  return useSyncExternalStore(followed.subscribe, followed.shown);
}
