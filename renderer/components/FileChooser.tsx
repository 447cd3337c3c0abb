import { useEffect, useState } from 'react';
import type { FolderListing } from '../../common/ipc/output-methods.js';
import { errorData } from '../stores/notice-store.js';
import { useAppStores } from '../stores/stores-context.js';

/**
 * The browser shell's stand-in for the OS save and folder dialogs: main lists a folder's sub-folders and export
 * files (names only), the user walks the folders and picks a place, and main is told of the choice (which is
 * what lets it write there). In Electron the system dialog is used instead.
 */
export function FileChooser({
  kind,
  initialPath,
  onChosen,
  onCancel,
}: {
  kind: 'save-file' | 'folder';
  /** For a file: its suggested full path (folder and name); for a folder: the folder to start in. */
  initialPath: string;
  onChosen(chosenPath: string): void;
  onCancel(): void;
}) {
  const stores = useAppStores();
  const separator = initialPath.includes('\\') && !initialPath.includes('/') ? '\\' : '/';
  const startFolder = kind === 'folder' ? initialPath : parentOf(initialPath, separator);
  const [listing, setListing] = useState<FolderListing | null>(null);
  const [folder, setFolder] = useState(startFolder);
  const [name, setName] = useState(kind === 'folder' ? '' : baseName(initialPath, separator));
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    stores.client
      .invoke('files.browse', { folder })
      .then((answer) => {
        if (cancelled) return;
        setListing(answer);
        setProblem(null);
      })
      .catch((caught: unknown) => {
        if (cancelled) return;
        setListing(null);
        setProblem(errorData(caught).message);
      });
    return () => {
      cancelled = true;
    };
  }, [folder, stores]);

  const choose = async (): Promise<void> => {
    const target = kind === 'folder' ? folder : joinPath(folder, name.trim(), separator);
    if (kind === 'save-file' && name.trim() === '') {
      setProblem('Give the file a name.');
      return;
    }
    try {
      const chosen = await stores.client.invoke('files.choose', { path: target, kind });
      onChosen(chosen.path);
    } catch (caught) {
      setProblem(errorData(caught).message);
    }
  };

  return (
    <div
      className="file-chooser"
      data-testid="file-chooser"
      onKeyDown={(event) => {
        // Escape leaves the chooser, not the dialog around it.
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        event.preventDefault();
        onCancel();
      }}
    >
      <div className="path-row">
        <button
          type="button"
          disabled={!listing?.parent}
          onClick={() => listing?.parent && setFolder(listing.parent)}
        >
          Up
        </button>
        <button type="button" onClick={() => listing && setFolder(listing.home)}>
          Home
        </button>
        <input
          aria-label="Folder"
          data-testid="file-chooser-folder"
          value={folder}
          spellCheck={false}
          onChange={(event) => setFolder(event.target.value)}
        />
      </div>
      <ul className="file-chooser-list" data-testid="file-chooser-list">
        {(listing?.entries ?? []).map((entry) => (
          <li key={entry.name}>
            {entry.kind === 'folder' ? (
              <button
                type="button"
                className="link"
                onClick={() => setFolder(joinPath(folder, entry.name, separator))}
              >
                📁 {entry.name}
              </button>
            ) : (
              <button
                type="button"
                className="link"
                disabled={kind === 'folder'}
                onClick={() => setName(entry.name)}
              >
                {entry.name}
              </button>
            )}
          </li>
        ))}
        {listing && listing.entries.length === 0 ? <li className="hint">This folder is empty.</li> : null}
      </ul>
      {kind === 'save-file' ? (
        <label className="field">
          <span>File name</span>
          <input
            data-testid="file-chooser-name"
            value={name}
            spellCheck={false}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
      ) : null}
      {problem ? (
        <p className="field-error" data-testid="file-chooser-problem">
          {problem}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="primary"
          data-testid="file-chooser-choose"
          onClick={() => void choose()}
        >
          {kind === 'folder' ? 'Use this folder' : 'Save here'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function parentOf(filePath: string, separator: string): string {
  const index = filePath.lastIndexOf(separator);
  return index <= 0 ? separator : filePath.slice(0, index);
}

function baseName(filePath: string, separator: string): string {
  return filePath.slice(filePath.lastIndexOf(separator) + 1);
}

function joinPath(folder: string, name: string, separator: string): string {
  return folder.endsWith(separator) ? `${folder}${name}` : `${folder}${separator}${name}`;
}
