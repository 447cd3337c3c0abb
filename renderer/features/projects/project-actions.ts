import type { TimbreClient } from '../../../common/ipc/api.js';
import type { OpenResult, OpenedProject } from '../../../common/project/library-views.js';
import { useProjectsStore } from '../../stores/projects-store.js';

/** Why a project did not open, as main reported it (shown by OpenProblemDialog). */
export type OpenFailure = Extract<OpenResult, { ok: false }>;

let listingGeneration = 0;

/**
 * Reloads the list and the recent projects. Listings can overlap (one on mount, one after an action); only the
 * latest one is applied, so an older answer never puts back a project that was just deleted.
 */
export async function refreshLibrary(client: TimbreClient): Promise<void> {
  listingGeneration += 1;
  const mine = listingGeneration;
  const [entries, recent] = await Promise.all([
    client.invoke('projects.list'),
    client.invoke('projects.recent'),
  ]);
  if (mine === listingGeneration) useProjectsStore.getState().setLibrary(entries, recent);
}

/** Opens a project in the editor, or returns why it could not be opened (nothing is written either way). */
export async function openProject(client: TimbreClient, fileName: string): Promise<OpenFailure | null> {
  const result = await client.invoke('projects.open', { fileName });
  if (!result.ok) return result;
  showInEditor({
    fileName: result.fileName,
    project: result.project,
    ...(result.migratedFrom === undefined ? {} : { migratedFrom: result.migratedFrom }),
  });
  return null;
}

export function showInEditor(opened: OpenedProject): void {
  useProjectsStore.getState().setOpened(opened);
}

export function closeEditor(): void {
  useProjectsStore.getState().setOpened(null);
}
