import type { OpenResult, OpenedProject } from '../../../common/project/library-views.js';
import type { AppStores } from '../../stores/app-stores.js';

/** Why a project did not open, as main reported it (shown by OpenProblemDialog). */
export type OpenFailure = Extract<OpenResult, { ok: false }>;

type LibraryStores = Pick<AppStores, 'client' | 'projects'>;

/** The latest listing asked for, per projects store: only its answer is applied. */
const listingGenerations = new WeakMap<LibraryStores['projects'], number>();

/**
 * Reloads the list and the recent projects. Listings can overlap (one on mount, one after an action); only the
 * latest one is applied, so an older answer never puts back a project that was just deleted. The list comes
 * promptly: rows main has not counted yet follow with projects.listCounted (ProjectLibrary listens).
 */
export async function refreshLibrary({ client, projects }: LibraryStores): Promise<void> {
  const mine = (listingGenerations.get(projects) ?? 0) + 1;
  listingGenerations.set(projects, mine);
  const [entries, recent] = await Promise.all([
    client.invoke('projects.list', { promptly: true }),
    client.invoke('projects.recent'),
  ]);
  if (mine === listingGenerations.get(projects)) projects.getState().setLibrary(entries, recent);
}

/** Opens a project in the editor, or returns why it could not be opened (nothing is written either way). */
export async function openProject(stores: LibraryStores, fileName: string): Promise<OpenFailure | null> {
  const result = await stores.client.invoke('projects.open', { fileName });
  if (!result.ok) return result;
  showInEditor(stores, {
    fileName: result.fileName,
    project: result.project,
    ...(result.migratedFrom === undefined ? {} : { migratedFrom: result.migratedFrom }),
    ...(result.revision === undefined ? {} : { revision: result.revision }),
  });
  return null;
}

export function showInEditor({ projects }: Pick<AppStores, 'projects'>, opened: OpenedProject): void {
  projects.getState().setOpened(opened);
}

export function closeEditor({ projects }: Pick<AppStores, 'projects'>): void {
  projects.getState().setOpened(null);
}
