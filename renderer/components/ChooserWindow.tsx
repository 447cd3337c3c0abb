import { useEffect, useRef, useState } from 'react';
import type { ChooserKind } from '../../common/ipc/files-methods.js';
import { errorData } from '../stores/notice-store.js';
import { useAppStores } from '../stores/stores-context.js';

const WINDOW_NAME = 'timbre-chooser';
const WINDOW_FEATURES = 'popup,width=760,height=640';

/**
 * Where the browser shell asks for a place: main opens a choice, and its chooser window (a page main serves on
 * an origin of its own, out of this page's reach) lets the user pick; this panel waits for the answer. Only that
 * pick lets main write there. The window opens at once where the browser allows it, else from the button.
 */
export function ChooserWindow({
  kind,
  initialPath,
  onChosen,
  onCancel,
}: {
  kind: ChooserKind;
  /**
   * For a file: its suggested full path (folder and name); for a folder: the folder to start in; absent: the user's
   * home folder (main knows it).
   */
  initialPath?: string | undefined;
  onChosen(chosenPath: string): void;
  onCancel(): void;
}) {
  const stores = useAppStores();
  const [url, setUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const choiceId = useRef<string | null>(null);
  // The latest callbacks, so the choice (opened once) answers whoever shows the panel now.
  const callbacks = useRef({ onChosen, onCancel });
  useEffect(() => {
    callbacks.current = { onChosen, onCancel };
  }, [onChosen, onCancel]);

  useEffect(() => {
    let active = true;
    void (async () => {
      try {
        const opened = await stores.client.invoke(
          'files.openChooser',
          initialPath === undefined ? { kind } : { kind, initialPath },
        );
        if (!active) {
          void stores.client
            .invoke('files.closeChooser', { choiceId: opened.choiceId })
            .catch(() => undefined);
          return;
        }
        choiceId.current = opened.choiceId;
        setUrl(opened.url);
        // Null when the browser blocked the pop-up: the button below opens it with a click of its own.
        setBlocked(window.open(opened.url, WINDOW_NAME, WINDOW_FEATURES) === null);
        const answer = await stores.client.invoke('files.chooserAnswer', { choiceId: opened.choiceId });
        choiceId.current = null;
        if (!active) return;
        if (answer.path === null) callbacks.current.onCancel();
        else callbacks.current.onChosen(answer.path);
      } catch (caught) {
        if (active) setProblem(errorData(caught).message);
      }
    })();
    return () => {
      active = false;
      // The dialog closed while the chooser was open: the choice ends, nothing granted.
      if (choiceId.current !== null) {
        void stores.client
          .invoke('files.closeChooser', { choiceId: choiceId.current })
          .catch(() => undefined);
        choiceId.current = null;
      }
    };
  }, [kind, initialPath, stores]);

  return (
    <div className="file-chooser" data-testid="file-chooser" role="status">
      <p>
        {kind === 'open-video'
          ? 'Choose the video in Timbre Studio’s chooser window. Only the video you pick there is read (never copied or sent).'
          : `Choose the ${kind === 'folder' ? 'folder' : 'file'} in Timbre Studio’s chooser window. Only what you pick there can be written to.`}
      </p>
      {blocked ? (
        <p className="hint" data-testid="file-chooser-blocked">
          The browser did not open the window: press “Show the chooser window”, or allow pop-ups for Timbre
          Studio.
        </p>
      ) : null}
      {problem ? (
        <p className="field-error" data-testid="file-chooser-problem">
          {problem}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          data-testid="file-chooser-open"
          disabled={url === null}
          onClick={() => url && setBlocked(window.open(url, WINDOW_NAME, WINDOW_FEATURES) === null)}
        >
          Show the chooser window
        </button>
        <button type="button" data-testid="file-chooser-cancel" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
