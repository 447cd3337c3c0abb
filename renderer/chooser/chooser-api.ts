import type { ChooserKind, FolderListing } from '../../common/ipc/files-methods.js';

/** Must match main/browser/chooser-server.ts: the header only this origin's page can send. */
const CHOICE_HEADER = 'X-Timbre-Choice';

/** The chooser page's calls to main, on the chooser's own origin, for the one choice its address names. */
export interface ChooserApi {
  /** The choice main opened, and the user's home folder (where Home leads). */
  choice(): Promise<{ kind: ChooserKind; initialPath: string; home: string }>;
  browse(folder: string): Promise<FolderListing>;
  pick(chosenPath: string): Promise<void>;
  /** Ends the choice with no pick; also sent as the window closes (a beacon cannot carry the header). */
  cancel(): void;
}

export function chooserApi(choiceId: string): ChooserApi {
  const headers = { [CHOICE_HEADER]: choiceId };
  const answered = async <T>(response: Response): Promise<T> => {
    if (response.ok) return (response.status === 204 ? undefined : await response.json()) as T;
    const body = (await response.json().catch(() => ({}))) as { message?: unknown };
    throw new Error(typeof body.message === 'string' ? body.message : `Main answered ${response.status}.`);
  };
  return {
    choice: async () => answered(await fetch('/api/choice', { headers })),
    browse: async (folder) =>
      answered(await fetch(`/api/browse?folder=${encodeURIComponent(folder)}`, { headers })),
    pick: async (chosenPath) =>
      answered(
        await fetch('/api/pick', {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ path: chosenPath }),
        }),
      ),
    cancel: () => {
      navigator.sendBeacon(`/api/cancel?choice=${encodeURIComponent(choiceId)}`);
    },
  };
}
