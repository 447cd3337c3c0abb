import { useEffect, useState } from 'react';
import type { AppInfo } from '../../../common/ipc/contract.js';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import type { Project } from '../../../common/project/project-schema.js';
import { typedPathNeedsChooser } from '../../components/typed-path.js';
import { errorData } from '../../stores/notice-store.js';
import { useAppStores } from '../../stores/stores-context.js';
import type { ExportForm } from './export-form.js';
import { joinPath, outputExtension, safeFileName, withExtension } from './export-form.js';
import { lastExportForm } from './use-export-form.js';

/**
 * Where the user last chose to save each project (by id) in this session, so reopening Export offers it again
 * instead of the default folder. Only what the user chose is kept: main lets the app write there.
 */
const chosenPaths = new Map<string, string>();

export type ExportDestination = ReturnType<typeof useExportDestination>;

/**
 * The path an export is saved to: the project's last chosen path or the default folder at first, then what the
 * user types or chooses (the system dialog, or main's chooser window in the browser shell).
 */
export function useExportDestination(options: {
  project: Project | null;
  title: string;
  shell: AppInfo['shell'] | undefined;
  onError(error: IpcErrorData): void;
}) {
  const { project, title, shell, onError } = options;
  const stores = useAppStores();
  const [outputPath, setOutputPath] = useState('');
  const [defaultFolder, setDefaultFolder] = useState<string | null>(null);
  // The user typed the path (rather than choosing it or keeping the default) since the last choice.
  const [typed, setTyped] = useState(false);

  useEffect(() => {
    let cancelled = false;
    stores.client
      .invoke('export.defaultFolder')
      .then(({ folder }) => {
        if (cancelled) return;
        setDefaultFolder(folder);
        const chosen = project ? chosenPaths.get(project.id) : undefined;
        const extension = outputExtension(lastExportForm());
        setOutputPath(
          (current) =>
            current ||
            (chosen
              ? withExtension(chosen, extension)
              : joinPath(folder, `${safeFileName(title)}${extension}`)),
        );
      })
      .catch((caught: unknown) => onError(errorData(caught)));
    return () => {
      cancelled = true;
    };
    // The project's id is read once, as the dialog opens (the path is not reset while the dialog is open).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [title, stores]);

  /** A new format: the path keeps its name and takes the format's extension. */
  const followFormat = (next: ExportForm): void =>
    setOutputPath((current) => (current ? withExtension(current, outputExtension(next)) : current));

  const type = (typedPath: string): void => {
    setOutputPath(typedPath);
    setTyped(true);
  };

  /** The user chose `chosenPath` (the system dialog or main's chooser window): main may write there now. */
  const choose = (chosenPath: string): void => {
    setOutputPath(chosenPath);
    setTyped(false);
    if (project) chosenPaths.set(project.id, chosenPath);
  };

  /** Opens the system dialog; without one (the browser shell), `openChooserWindow` opens main's own chooser. */
  const chooseInSystemDialog = async (openChooserWindow: () => void): Promise<void> => {
    const picked = await stores.client.invoke('export.chooseDestination', { suggestedPath: outputPath });
    if (picked.path) choose(picked.path);
    else openChooserWindow();
  };

  return {
    outputPath,
    /** Set to the path main answered it writes to. */
    setOutputPath,
    defaultFolder,
    // In the browser shell only a pick in main's chooser window (or the default folder) lets main write: a typed
    // path is not refused after the fact but opened there for the user to confirm (Enter, or Export).
    browserShell: shell === 'browser',
    needsConfirming: typedPathNeedsChooser({ shell, typed, defaultFolder, typedPath: outputPath }),
    followFormat,
    type,
    choose,
    chooseInSystemDialog,
  };
}
