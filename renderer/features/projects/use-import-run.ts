import { useEffect, useRef, useState } from 'react';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import type { ImportedProjects } from '../../../common/project/library-views.js';
import type { ImportPreview, ImportReading } from '../../../common/import/imported-script.js';
import type { SpeakerVoices } from '../../../common/import/import-project.js';
import type { ScriptSplitOptions, TextEncoding } from '../../../common/text/index.js';
import type { AppStores } from '../../stores/app-stores.js';
import { errorData } from '../../stores/notice-store.js';
import { stageFile } from '../../shared/stage-file.js';
import type { PickedFile, ScriptSource } from './ImportSource.js';
import { refreshLibrary, showInEditor } from './project-actions.js';
import { formatCountOf } from '../../shared/format.js';
import { textMediaType } from './read-text-file.js';

/** How far an import the user started has come: sending the file to main, then main making the projects. */
export type ImportProgress =
  { phase: 'uploading'; fraction: number } | { phase: 'creating'; importId: string };

/** What the dialog imports, as the form shows it when Import is pressed. */
export interface ImportRequest {
  source: ScriptSource;
  pasted: string;
  picked: PickedFile | null;
  /** The book main has staged and previewed, if the source is one. */
  stagedBookId: string | undefined;
  encoding: TextEncoding | undefined;
  title: string;
  reading: ImportReading;
  chosenVoices: Record<string, string>;
  voices: readonly { idForGenerate: string; name: string }[];
  speakers: ImportPreview['speakers'];
  /** How the dialog names the source: “notes.txt”, the pasted text. */
  what: string;
}

export interface ImportRunControls {
  progress: ImportProgress | null;
  error: IpcErrorData | null;
  cancelledNote: string | null;
  start(split: ScriptSplitOptions): Promise<void>;
  cancelImport(): void;
}

/**
 * Runs the import the user started and opens what it made. It goes on if the dialog goes (the user switched
 * page): then it finishes, and is told, without pulling them back. Cancelled, nothing is made and the dialog
 * stays as it was to import again.
 */
export function useImportRun(
  stores: AppStores,
  request: ImportRequest,
  onClose: () => void,
): ImportRunControls {
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [error, setError] = useState<IpcErrorData | null>(null);
  const [cancelledNote, setCancelledNote] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const start = async (split: ScriptSplitOptions): Promise<void> => {
    const importedWhat = request.what;
    setError(null);
    setCancelledNote(null);
    try {
      const opened = await importScript(split);
      void refreshLibrary(stores).catch(() => undefined);
      if (!mounted.current) {
        // The user went elsewhere while it ran: the import finishes, and is told, without pulling them back.
        stores.notices.getState().receive({
          kind: 'notification',
          title: `Imported ${importedWhat}`,
          body: `Open ${opened.parts.length > 1 ? 'them' : 'it'} from Projects: ${opened.parts.map((part) => part.title).join(', ')}`,
        });
        return;
      }
      showInEditor(stores, opened);
      if (opened.parts.length > 1) {
        stores.notices.getState().receive({
          kind: 'notification',
          title: `Imported as ${formatCountOf(opened.parts.length, 'project', 'projects')}`,
          body: opened.parts.map((part) => part.title).join(', '),
        });
      }
      onClose();
    } catch (caught) {
      const data = errorData(caught);
      if (!mounted.current) {
        stores.notices.getState().showError(caught);
        return;
      }
      // Cancelled by the user: nothing was made, and the dialog stays as it was to import again.
      if (data.code === 'CANCELLED') setCancelledNote(data.message);
      else setError(data);
      setProgress(null);
    }
  };

  const importScript = async (split: ScriptSplitOptions): Promise<ImportedProjects> => {
    const client = stores.client;
    const { picked, reading } = request;
    const title = request.title.trim();
    const voices = voicesFor(request.chosenVoices, request.voices, request.speakers);
    const encodingField = request.encoding !== undefined ? { encoding: request.encoding } : {};
    if (request.source === 'paste' || !picked) {
      const importId = crypto.randomUUID();
      setProgress({ phase: 'creating', importId });
      return client.invoke('projects.importText', {
        title,
        text: request.pasted,
        split,
        reading,
        voices,
        importId,
      });
    }
    if (request.stagedBookId !== undefined) {
      // Main keeps the upload when the import is cancelled, so the preview stays and Import works again.
      setProgress({ phase: 'creating', importId: request.stagedBookId });
      return client.invoke('projects.importStaged', {
        stagingId: request.stagedBookId,
        fileName: picked.file.name,
        title,
        split,
        reading,
        voices,
        ...encodingField,
      });
    }
    // Files go through the upload staging so main decodes the original bytes, whatever their encoding.
    setProgress({ phase: 'uploading', fraction: 0 });
    const stagingId = await stageFile(
      client,
      { blob: picked.file, fileName: picked.file.name, mediaType: textMediaType(picked.file) },
      (sent, total) => setProgress({ phase: 'uploading', fraction: total === 0 ? 1 : sent / total }),
    );
    setProgress({ phase: 'creating', importId: stagingId });
    return client
      .invoke('projects.importStaged', {
        stagingId,
        fileName: picked.file.name,
        title,
        split,
        reading,
        voices,
        ...encodingField,
      })
      .catch(async (caught: unknown) => {
        // This upload was made for this import only; the next Import uploads the file again.
        if (errorData(caught).code === 'CANCELLED')
          await client.invoke('staging.discard', { stagingId }).catch(() => undefined);
        throw caught;
      });
  };

  /**
   * Stops the import main is making: its worker ends and nothing is created. An import already writing its
   * projects finishes (main says it was too late) and opens as usual, so the user is never unsure what exists.
   */
  const cancelImport = (): void => {
    if (progress?.phase !== 'creating') return;
    void stores.client
      .invoke('projects.cancelImport', { importId: progress.importId })
      .catch(() => undefined);
  };

  return { progress, error, cancelledNote, start, cancelImport };
}

/** The voices chosen for the speakers still found, with their names so the cast shows them offline. */
function voicesFor(
  chosen: Record<string, string>,
  voices: readonly { idForGenerate: string; name: string }[],
  speakers: ImportPreview['speakers'],
): SpeakerVoices {
  const result: SpeakerVoices = {};
  for (const speaker of speakers) {
    const voiceId = chosen[speaker.name];
    if (!voiceId) continue;
    const name = voices.find((voice) => voice.idForGenerate === voiceId)?.name;
    result[speaker.name] = { voiceId, ...(name ? { voiceName: name } : {}) };
  }
  return result;
}
