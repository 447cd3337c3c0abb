import { useEffect, useState } from 'react';
import type { ChooserKind, FolderListing } from '../../common/ipc/files-methods.js';
import { VIDEO_FILE_EXTENSIONS } from '../../common/ipc/video-methods.js';

/**
 * The browser shell's stand-in for the OS save and folder dialogs, shown in main's chooser window (on an origin
 * of its own, see main/browser/chooser-server.ts): main lists a folder's sub-folders and export files (names
 * only), the user walks the folders and picks a place, and the pick goes to main, which is what lets it write
 * there (or, for a reference video, read it). In Electron the system dialog is used instead.
 */
export function FileChooser({
  kind,
  initialPath,
  home,
  armed,
  browse,
  choose,
  onCancel,
}: {
  kind: ChooserKind;
  /**
   * For a file: its suggested full path (folder and name); for a folder: the folder to start in; for a video to
   * open: the video to locate again (folder and name) or a folder to start in.
   */
  initialPath: string;
  /** The user's home folder, where Home leads even before any folder could be listed. */
  home: string;
  /** Whether the choosing button takes clicks: not until the window has been in view a moment (no click-through). */
  armed: boolean;
  browse(folder: string): Promise<FolderListing>;
  /** Hands the pick to main; rejects with the reason main refused it. */
  choose(chosenPath: string): Promise<void>;
  onCancel(): void;
}) {
  const separator = initialPath.includes('\\') && !initialPath.includes('/') ? '\\' : '/';
  // A video to open may start from a folder (adding one) or from the file it replaces (locating a moved one).
  const startsInFolder = kind === 'folder' || (kind === 'open-video' && !isVideoFileName(initialPath));
  const startFolder = startsInFolder ? initialPath : parentOf(initialPath, separator);
  const [listing, setListing] = useState<FolderListing | null>(null);
  const [folder, setFolder] = useState(startFolder);
  const [name, setName] = useState(startsInFolder ? '' : baseName(initialPath, separator));
  const [problem, setProblem] = useState<string | null>(null);
  // A folder that does not exist yet is listed as its nearest existing ancestor: the user sees where it would go
  // and can walk from there, and choosing creates it.
  const missing = listing?.missing !== undefined;
  const listedFolder = listing?.folder ?? folder;
  // Up works from the folder named (existing or not, listed or not), so no listing failure is a dead end.
  const up = listing && !missing ? listing.parent : parentOf(withoutTrailingSeparator(folder), separator);
  const canGoUp = up !== null && up !== folder && folder !== '';

  useEffect(() => {
    let cancelled = false;
    browse(folder)
      .then((answer) => {
        if (cancelled) return;
        setListing(answer);
        setProblem(null);
      })
      .catch((caught: unknown) => {
        if (cancelled) return;
        setListing(null);
        setProblem(caught instanceof Error ? caught.message : String(caught));
      });
    return () => {
      cancelled = true;
    };
  }, [folder, browse]);

  const confirm = async (): Promise<void> => {
    const target = kind === 'folder' ? folder : joinPath(folder, name.trim(), separator);
    if (kind !== 'folder' && name.trim() === '') {
      setProblem(kind === 'open-video' ? 'Choose a video file in the list.' : 'Give the file a name.');
      return;
    }
    try {
      await choose(target);
    } catch (caught) {
      setProblem(caught instanceof Error ? caught.message : String(caught));
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
        <button type="button" disabled={!canGoUp} onClick={() => canGoUp && setFolder(up)}>
          Up
        </button>
        <button type="button" onClick={() => setFolder(listing?.home ?? home)}>
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
      {missing && kind === 'open-video' ? (
        <p className="hint" data-testid="file-chooser-missing">
          <code>{folder}</code> does not exist. Below is <code>{listedFolder}</code>, the nearest folder that
          exists.
        </p>
      ) : missing ? (
        <p className="hint" data-testid="file-chooser-missing">
          <code>{folder}</code> does not exist yet: {kind === 'folder' ? 'using it' : 'saving there'} creates
          it. Below is <code>{listedFolder}</code>, the nearest folder that exists.
        </p>
      ) : null}
      <ul className="file-chooser-list" data-testid="file-chooser-list">
        {(listing?.entries ?? []).map((entry) => (
          <li key={entry.name}>
            {entry.kind === 'folder' ? (
              <button
                type="button"
                className="link"
                onClick={() => setFolder(joinPath(listedFolder, entry.name, separator))}
              >
                <span className="folder-icon" aria-hidden="true" />
                {entry.name}
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
      {kind !== 'folder' ? (
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
      <p className="hint" data-testid="file-chooser-target">
        {kind === 'folder' ? 'Folder: ' : kind === 'open-video' ? 'Open: ' : 'Save as: '}
        <code>{kind === 'folder' ? folder : joinPath(folder, name.trim(), separator)}</code>
      </p>
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
          disabled={!armed}
          onClick={() => void confirm()}
        >
          {kind === 'open-video'
            ? 'Open'
            : kind === 'folder'
              ? missing
                ? 'Create it and use it'
                : 'Use this folder'
              : missing
                ? 'Create it and save here'
                : 'Save here'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function isVideoFileName(filePath: string): boolean {
  const extension = /\.([A-Za-z0-9]+)$/u.exec(filePath)?.[1]?.toLowerCase() ?? '';
  return (VIDEO_FILE_EXTENSIONS as readonly string[]).includes(extension);
}

function parentOf(filePath: string, separator: string): string {
  const index = filePath.lastIndexOf(separator);
  return index <= 0 ? separator : filePath.slice(0, index);
}

function baseName(filePath: string, separator: string): string {
  return filePath.slice(filePath.lastIndexOf(separator) + 1);
}

/** The file named in the folder shown; a full path typed as the name (as OS dialogs accept) is taken as it is. */
function joinPath(folder: string, name: string, separator: string): string {
  if (name.startsWith('/') || /^[A-Za-z]:[\\/]/u.test(name) || name.startsWith('\\\\')) return name;
  return folder.endsWith(separator) ? `${folder}${name}` : `${folder}${separator}${name}`;
}

function withoutTrailingSeparator(folder: string): string {
  return folder.replace(/[\\/]+$/u, '') || folder;
}
