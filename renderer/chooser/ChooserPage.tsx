import { useEffect, useMemo, useState } from 'react';
import type { ChooserKind } from '../../common/ipc/files-methods.js';
import { FileChooser } from '../components/FileChooser.js';
import type { ChooserApi } from './chooser-api.js';
import { ListenerScope, listen } from '../shared/listeners.js';

/** How long the window must have been in view before its choosing button takes a click (no click-through). */
export const ARMING_DELAY_MS = 600;

type Stage =
  | { kind: 'loading' }
  | { kind: 'choosing'; choice: { kind: ChooserKind; initialPath: string; home: string } }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; message: string };

/**
 * Main's chooser window: the one place where the user grants Timbre Studio a file or folder in the browser shell.
 * It runs on its own origin, so the app's page (which opened it) cannot read it or click in it.
 */
export function ChooserPage({ api, close }: { api: ChooserApi; close(): void }) {
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const armed = useArmedAfterFocus();

  useEffect(() => {
    api.choice().then(
      (choice) => setStage({ kind: 'choosing', choice }),
      (error: unknown) => setStage({ kind: 'failed', message: String((error as Error).message ?? error) }),
    );
    // Closing the window is cancelling: main learns it and the app stops waiting, with nothing granted.
    return listen(window, 'pagehide', () => api.cancel());
  }, [api]);

  const choose = useMemo(
    () =>
      async (chosenPath: string): Promise<void> => {
        await api.pick(chosenPath);
        setStage({ kind: 'done', message: `Chosen: ${chosenPath}. You can close this window.` });
        close();
      },
    [api, close],
  );

  const cancel = (): void => {
    api.cancel();
    setStage({ kind: 'done', message: 'Cancelled. You can close this window.' });
    close();
  };

  return (
    <main className="chooser-page" data-testid="chooser-page">
      <h1>
        {stage.kind === 'choosing' && stage.choice.kind === 'folder'
          ? 'Timbre Studio: choose a folder'
          : stage.kind === 'choosing' && stage.choice.kind === 'open-video'
            ? 'Timbre Studio: choose a video'
            : 'Timbre Studio: choose where to save'}
      </h1>
      {stage.kind === 'loading' ? <p className="hint">Opening…</p> : null}
      {stage.kind === 'choosing' ? (
        <FileChooser
          kind={stage.choice.kind}
          initialPath={stage.choice.initialPath}
          home={stage.choice.home}
          armed={armed}
          browse={api.browse}
          choose={choose}
          onCancel={cancel}
        />
      ) : null}
      {stage.kind === 'done' ? <p data-testid="chooser-done">{stage.message}</p> : null}
      {stage.kind === 'failed' ? (
        <p className="field-error" data-testid="chooser-failed">
          {stage.message}
        </p>
      ) : null}
    </main>
  );
}

/** False until the window has been visible and focused for ARMING_DELAY_MS, and again whenever it loses focus. */
function useArmedAfterFocus(): boolean {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => setArmed(true), ARMING_DELAY_MS);
    };
    const disarm = (): void => {
      clearTimeout(timer);
      setArmed(false);
    };
    arm();
    const focus = new ListenerScope();
    focus.listen(window, 'focus', arm);
    focus.listen(window, 'blur', disarm);
    return () => {
      clearTimeout(timer);
      focus.dispose();
    };
  }, []);
  return armed;
}
