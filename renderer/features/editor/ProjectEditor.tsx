import type { JSX } from 'react';
import { CastPanel } from './cast/CastPanel.js';
import { LexiconPanel } from './lexicon/LexiconPanel.js';
import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import type { OpenedProject } from '../../../common/project/library-views.js';
import { selectProjectFileName, type DocumentState } from '../../stores/document-store.js';
import type { Autosave } from '../../stores/editor-autosave.js';
import { startAutosave } from '../../stores/editor-autosave.js';
import { ListenerScope } from '../../shared/listeners.js';
import { createProjectSaver } from '../../stores/project-saver.js';
import { selectHelpOpen } from '../../stores/editor-ui-store.js';
import { BlockInspector } from './inspector/BlockInspector.js';
import { EditorToolbar } from './toolbar/EditorToolbar.js';
import { ProjectDefaultsPanel } from './inspector/ProjectDefaultsPanel.js';
import { SaveBanner } from './SaveBanner.js';
import { PendingChangeConfirm } from './block-state/StaleConfirm.js';
import { SaveIndicator } from './SaveIndicator.js';
import { ScriptView } from './script/ScriptView.js';
import { ShortcutsHelp } from './ShortcutsHelp.js';
import { StatusBar } from './StatusBar.js';
import { Timeline } from './timeline/Timeline.js';
import { useBlockClipboard } from './editing/use-block-clipboard.js';
import { useEditorKeyboard } from './editing/use-editor-keyboard.js';
import { useGenerationRun } from './block-state/use-generation-run.js';
import { GenerationProgress } from './block-state/GenerationProgress.js';
import { ReviewPanel } from './review/ReviewPanel.js';
import { VideoPanel } from './video/VideoPanel.js';
import { GeneratePlayExportButtons } from './toolbar/GeneratePlayExportButtons.js';
import './editor.css';
import { RelaunchBanner } from './RelaunchBanner.js';
import { saveEditsAsCopy } from './editing/save-as-copy.js';
import { useAppStores, useDocumentStore, useEditorUiStore } from '../../stores/stores-context.js';

// Primitive slices only: the editor frame must not re-render (with all its panels) on every keystroke.
const selectSource = (state: DocumentState): OpenedProject | null => state.doc?.source ?? null;
const selectTitle = (state: DocumentState): string => state.doc?.project.title ?? '';

/**
 * The editor of one open project. The projects page mounts it with what projects.open returned and unmounts it
 * after onClose, which is only called once everything is saved (or the user chose to drop unsaved edits).
 */
export function ProjectEditor(props: { opened: OpenedProject; onClose(): void }): JSX.Element {
  const stores = useAppStores();
  const { opened, onClose } = props;
  const source = useDocumentStore(selectSource);
  const title = useDocumentStore(selectTitle);
  const fileName = useDocumentStore(selectProjectFileName);
  const helpOpen = useEditorUiStore(selectHelpOpen);
  const autosaveRef = useRef<Autosave | null>(null);
  const [closeBlocked, setCloseBlocked] = useState(false);
  const [closing, setClosing] = useState(false);

  useLayoutEffect(() => {
    // Remounted with the same value (the page was left and shown again): keep the edited document.
    if (stores.document.getState().doc?.source !== opened) {
      stores.document.getState().open(opened);
      stores.timelineView.getState().setPlayhead(0);
    }
    stores.editorUi.setState({ caret: null, focusRequest: null, helpOpen: false, speakerFilter: null });
  }, [opened, stores]);

  useEffect(() => {
    const autosave = startAutosave(stores.document, {
      save: createProjectSaver(stores.client, () => stores.document.getState().doc?.source),
      paused: () => stores.connection.getState().state === 'relaunched',
    });
    autosaveRef.current = autosave;
    // A save that failed while the app could not be reached goes again as soon as it is back.
    const stopWatching = stores.connection.subscribe((now, before) => {
      if (now.reconnections !== before.reconnections && now.state === 'connected') void autosave.flush();
    });
    // Best effort when the window goes away: the request is sent, though the page may not see the answer.
    const flushNow = (): void => void autosave.flush();
    const leaving = new ListenerScope();
    leaving.listen(window, 'beforeunload', flushNow);
    leaving.listen(window, 'pagehide', flushNow);
    return () => {
      stopWatching();
      leaving.dispose();
      autosave.dispose();
      autosaveRef.current = null;
      // Unmounted without Close (another page was chosen): still write what is unsaved.
      void autosave.flush();
    };
  }, [stores]);

  const flush = useCallback(async (): Promise<boolean> => {
    return (await autosaveRef.current?.flush()) ?? true;
  }, []);

  const onSaveShortcut = useCallback(() => void flush(), [flush]);
  useEditorKeyboard(onSaveShortcut);
  useGenerationRun();
  useBlockClipboard();

  const close = async (): Promise<void> => {
    setClosing(true);
    const saved = await flush();
    setClosing(false);
    if (!saved) {
      setCloseBlocked(true);
      return;
    }
    stores.document.getState().close();
    onClose();
  };

  // "Projects" in the sidebar, clicked while editing, closes the editor the same way (saving first).
  const closeOnRequest = useEffectEvent(() => void close());
  useEffect(
    () =>
      stores.editorUi.subscribe((state, previous) => {
        if (state.closeRequest !== previous.closeRequest) closeOnRequest();
      }),
    [stores],
  );

  const saveAsNew = async (): Promise<void> => {
    if (await saveEditsAsCopy(stores)) setCloseBlocked(false);
  };

  const discardAndClose = (): void => {
    stores.document.getState().close();
    onClose();
  };

  if (source !== opened) {
    return <section className="project-editor" data-testid="project-editor" aria-busy="true" />;
  }

  return (
    <section className="project-editor" data-testid="project-editor" data-file-name={fileName ?? undefined}>
      <header className="editor-header">
        <h1 data-testid="editor-title">{title}</h1>
        <SaveIndicator />
        <span className="editor-header-spacer" />
        <GeneratePlayExportButtons />
        <button type="button" data-testid="editor-close" disabled={closing} onClick={() => void close()}>
          {closing ? 'Saving…' : 'Close'}
        </button>
      </header>
      {opened.migratedFrom === undefined ? null : (
        <p className="hint" data-testid="migrated-notice">
          This project was made by an older version (format {opened.migratedFrom}); it was converted and the
          original file kept beside it.
        </p>
      )}
      <RelaunchBanner onSaveAsNew={() => void saveAsNew()} />
      <SaveBanner
        closeBlocked={closeBlocked}
        onRetry={() => void flush()}
        onSaveAsNew={() => void saveAsNew()}
        onDiscardAndClose={discardAndClose}
      />
      <EditorToolbar />
      <PendingChangeConfirm />
      <GenerationProgress />
      <ReviewPanel />
      <Timeline />
      <div className="editor-body">
        <ScriptView />
        <aside className="editor-side">
          <VideoPanel />
          <BlockInspector />
          <ProjectDefaultsPanel />
          <CastPanel />
          <LexiconPanel />
        </aside>
      </div>
      <StatusBar />
      {helpOpen ? <ShortcutsHelp /> : null}
    </section>
  );
}
