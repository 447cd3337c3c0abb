import type { FormEvent } from 'react';
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import type { OpenedProject } from '../../../common/project/library-views.js';
import type { ScriptSplitOptions } from '../../../common/text/index.js';
import { DEFAULT_MAX_BLOCK_LENGTH } from '../../../common/text/index.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { errorData } from '../../stores/notice-store.js';
import { stageFile } from '../voices/stage-file.js';
import type { SplitForm } from './import-form.js';
import { previewSplit, splitOptionsOf, suggestTitle, titleFromFileName } from './import-form.js';
import { ImportSource } from './ImportSource.js';
import type { PickedFile, ScriptSource } from './ImportSource.js';
import { Dialog } from '../../components/Dialog.js';
import { refreshLibrary, showInEditor } from './project-actions.js';
import { readTextFile, textMediaType } from './read-text-file.js';
import { SplitOptionsFields } from './SplitOptionsFields.js';
import { SplitPreviewView } from './SplitPreviewView.js';
import { titleProblem } from './title-rule.js';
import { useAppStores } from '../../stores/stores-context.js';

const initialForm: SplitForm = {
  paragraphs: 'blank-lines',
  splitSentences: false,
  maxLength: String(DEFAULT_MAX_BLOCK_LENGTH),
};

type Progress = { phase: 'uploading'; fraction: number } | { phase: 'creating' };

/**
 * Makes a project from a text file (picked or dropped) or a pasted script, with a live preview of the blocks it
 * will make. The preview runs the same splitScript as main, on the text decoded the way main decodes files, so
 * the count shown is the count the project gets. The new project opens in the editor.
 */
export function ImportDialog({ initialFile, onClose }: { initialFile?: File | undefined; onClose(): void }) {
  const stores = useAppStores();
  const [source, setSource] = useState<ScriptSource>(initialFile ? 'file' : 'paste');
  const [pasted, setPasted] = useState('');
  const [picked, setPicked] = useState<PickedFile | null>(
    initialFile ? { file: initialFile, read: null } : null,
  );
  const [title, setTitle] = useState('');
  const [titleEdited, setTitleEdited] = useState(false);
  const [form, setForm] = useState<SplitForm>(initialForm);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<IpcErrorData | null>(null);
  const titleErrorId = useId();
  const readGeneration = useRef(0);

  const text = source === 'paste' ? pasted : picked?.read?.ok ? picked.read.text : '';
  // Splitting megabytes of text takes a moment: the preview may lag the typing, the typing never waits for it.
  const previewText = useDeferredValue(text);
  const options = useMemo(() => splitOptionsOf(form), [form]);
  const preview = useMemo(
    () => (options && previewText.trim() !== '' ? previewSplit(previewText, options) : null),
    [options, previewText],
  );
  const suggestedTitle =
    source === 'paste' ? suggestTitle(pasted) : picked ? titleFromFileName(picked.file.name) : '';
  const shownTitle = titleEdited ? title : suggestedTitle;
  const titleError = titleEdited || shownTitle !== '' ? titleProblem(shownTitle) : null;
  const ready =
    options !== undefined &&
    preview !== null &&
    preview.blockCount > 0 &&
    previewText === text &&
    titleProblem(shownTitle) === null &&
    progress === null;

  const pickFile = async (file: File): Promise<void> => {
    readGeneration.current += 1;
    const mine = readGeneration.current;
    setSource('file');
    setPicked({ file, read: null });
    const read = await readTextFile(file);
    if (readGeneration.current === mine) setPicked({ file, read });
  };

  useEffect(() => {
    // The file dropped on the page that opened this dialog; later picks go through pickFile.
    if (!initialFile) return;
    readGeneration.current += 1;
    const mine = readGeneration.current;
    void readTextFile(initialFile).then((read) => {
      if (readGeneration.current === mine) setPicked({ file: initialFile, read });
    });
  }, [initialFile]);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!ready || options === undefined) return;
    setError(null);
    try {
      const opened = await importScript(options);
      showInEditor(stores, opened);
      void refreshLibrary(stores).catch(() => undefined);
      onClose();
    } catch (caught) {
      setError(errorData(caught));
      setProgress(null);
    }
  };

  const importScript = async (split: ScriptSplitOptions): Promise<OpenedProject> => {
    const client = stores.client;
    const titleToSend = shownTitle.trim();
    if (source === 'paste' || !picked) {
      setProgress({ phase: 'creating' });
      return client.invoke('projects.importText', { title: titleToSend, text: pasted, split });
    }
    // Files go through the upload staging so main decodes the original bytes, whatever their encoding.
    setProgress({ phase: 'uploading', fraction: 0 });
    const stagingId = await stageFile(
      client,
      { blob: picked.file, fileName: picked.file.name, mediaType: textMediaType(picked.file) },
      (sent, total) => setProgress({ phase: 'uploading', fraction: total === 0 ? 1 : sent / total }),
    );
    setProgress({ phase: 'creating' });
    return client.invoke('projects.importStaged', {
      stagingId,
      fileName: picked.file.name,
      title: titleToSend,
      split,
    });
  };

  // Once the import is on its way it finishes (and opens the project): closing midway would leave the user unsure
  // whether the project exists.
  const closeUnlessBusy = (): void => {
    if (progress === null) onClose();
  };

  return (
    <Dialog title="Import a script" testId="import-dialog" onClose={closeUnlessBusy} size="wide">
      <form onSubmit={(event) => void submit(event)} noValidate className="import-form">
        <ImportSource
          source={source}
          onSource={setSource}
          pasted={pasted}
          onPasted={setPasted}
          picked={picked}
          onPick={(file) => void pickFile(file)}
        />
        <label className="field">
          Project title
          <input
            data-testid="import-title"
            value={shownTitle}
            placeholder="Title of the new project"
            onChange={(event) => {
              setTitle(event.target.value);
              setTitleEdited(true);
            }}
            aria-invalid={titleError !== null}
            aria-describedby={titleError !== null ? titleErrorId : undefined}
          />
          {titleError !== null ? (
            <span className="field-error" id={titleErrorId} data-testid="import-title-error">
              {titleError}
            </span>
          ) : null}
        </label>
        <SplitOptionsFields form={form} onChange={setForm} />
        <SplitPreviewView preview={preview} hasText={text.trim() !== ''} updating={previewText !== text} />
        {error ? <ErrorNotice error={error} testId="import-error" /> : null}
        <div className="form-actions">
          <button type="submit" className="primary" data-testid="import-submit" disabled={!ready}>
            {progressLabel(progress, preview?.blockCount)}
          </button>
          <button type="button" onClick={onClose} disabled={progress !== null}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function progressLabel(progress: Progress | null, blockCount: number | undefined): string {
  if (progress === null) {
    return blockCount ? `Import ${blockCount === 1 ? '1 block' : `${blockCount} blocks`} and open` : 'Import';
  }
  switch (progress.phase) {
    case 'uploading':
      return `Reading the file… ${Math.round(progress.fraction * 100)}%`;
    case 'creating':
      return 'Creating the project…';
    default: {
      const exhaustive: never = progress;
      throw new Error(`Unknown progress ${String(exhaustive)}`);
    }
  }
}
