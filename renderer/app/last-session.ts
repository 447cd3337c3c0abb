import type { AppStores } from '../stores/app-stores.js';
import { allBlocks } from '../../common/project/index.js';
import { openProject } from '../features/projects/project-actions.js';

/*
 * Where the user was: the project open in the editor and its selection, kept in the window's local storage, so
 * reloading the window or starting the app again returns to that project at that block instead of the list.
 * Closing the editor forgets it. A project that no longer opens (deleted, damaged) is forgotten quietly: the
 * list shows it as it is.
 */

const KEY = 'timbre.lastSession.v1';
/** Selections larger than this are not worth restoring whole: the anchor is what brings the user back. */
const MAX_IDS = 500;

interface LastSession {
  fileName: string;
  ids: string[];
  anchorId: string | null;
}

type SessionStores = Pick<AppStores, 'client' | 'projects' | 'document'>;

/** Keeps the last session up to date from now on; returns the function that stops. */
export function rememberSession(stores: SessionStores, storage: Storage): () => void {
  const write = (): void => {
    const opened = stores.projects.getState().opened;
    if (opened === null) return void forget(storage);
    const doc = stores.document.getState();
    const selection = doc.doc?.fileName === opened.fileName ? doc.selection : { ids: [], anchorId: null };
    const session: LastSession = {
      fileName: opened.fileName,
      ids: selection.ids.slice(0, MAX_IDS),
      anchorId: selection.anchorId,
    };
    try {
      storage.setItem(KEY, JSON.stringify(session));
    } catch {
      // Storage full or refused: the app works as before, it only starts on the list.
    }
  };
  const stopProjects = stores.projects.subscribe((state, previous) => {
    if (state.opened !== previous.opened) write();
  });
  const stopSelection = stores.document.subscribe((state, previous) => {
    if (state.selection !== previous.selection || state.doc?.fileName !== previous.doc?.fileName) write();
  });
  return () => {
    stopProjects();
    stopSelection();
  };
}

/** Windows whose session was restored: once per window, however often the app mounts. */
const restored = new WeakSet<object>();

/** Opens the last session's project at its selection, when no project is open yet. */
export async function restoreSession(stores: SessionStores, storage: Storage): Promise<void> {
  if (restored.has(stores.projects)) return;
  restored.add(stores.projects);
  const session = readSession(storage);
  if (session === null || stores.projects.getState().opened !== null) return;
  let failure: Awaited<ReturnType<typeof openProject>>;
  try {
    failure = await openProject(stores, session.fileName);
  } catch {
    return;
  }
  if (failure !== null) return forget(storage);
  // The editor opens the document as it mounts: select once it holds this project.
  let done = false;
  const select = (): boolean => {
    const doc = stores.document.getState();
    if (done || doc.doc?.fileName !== session.fileName) return done;
    done = true;
    const known = new Set(allBlocks(doc.doc.project).map((block) => block.id));
    const ids = session.ids.filter((id) => known.has(id));
    const anchorId = session.anchorId !== null && known.has(session.anchorId) ? session.anchorId : null;
    if (ids.length > 0 || anchorId !== null) doc.select(ids, anchorId);
    return true;
  };
  if (select()) return;
  const stop = stores.document.subscribe(() => {
    if (select()) stop();
  });
}

function readSession(storage: Storage): LastSession | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { fileName, ids, anchorId } = value as Record<string, unknown>;
    if (typeof fileName !== 'string' || fileName === '') return null;
    return {
      fileName,
      ids: Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [],
      anchorId: typeof anchorId === 'string' ? anchorId : null,
    };
  } catch {
    return null;
  }
}

function forget(storage: Storage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // Nothing to do: the next start simply begins on the list.
  }
}
