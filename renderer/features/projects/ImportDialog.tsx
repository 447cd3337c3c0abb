import type { FormEvent } from 'react';
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import type { ImportedProjects } from '../../../common/project/library-views.js';
import type { ImportPreview, ImportReading } from '../../../common/import/imported-script.js';
import { defaultImportReading } from '../../../common/import/imported-script.js';
import type { SpeakerVoices } from '../../../common/import/import-project.js';
import { isTextFormat, notAScript, scriptFormatOf } from '../../../common/import/script-formats.js';
import { useServiceVoices } from '../../shared/use-service-voices.js';
import { ImportCastFields } from './ImportCastFields.js';
import { ImportMatterFields } from './ImportMatterFields.js';
import type { ScriptSplitOptions, TextEncoding } from '../../../common/text/index.js';
import { DEFAULT_MAX_BLOCK_LENGTH, MAX_IMPORT_BYTES } from '../../../common/text/index.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { errorData } from '../../stores/notice-store.js';
import { stageFile } from '../../shared/stage-file.js';
import type { SplitForm } from './import-form.js';
import { previewScriptText, splitOptionsOf, suggestTitle, titleFromFileName } from './import-form.js';
import { ImportSource } from './ImportSource.js';
import type { PickedFile, ScriptSource } from './ImportSource.js';
import { Dialog } from '../../components/Dialog.js';
import { refreshLibrary, showInEditor } from './project-actions.js';
import { readTextFile, textMediaType } from './read-text-file.js';
import type { TextFileRead } from './read-text-file.js';
import { SplitOptionsFields } from './SplitOptionsFields.js';
import { SplitPreviewView } from './SplitPreviewView.js';
import { formatCount } from './project-format.js';
import { titleProblem } from './title-rule.js';
import { importProgressText, useImportProgress } from './use-import-progress.js';
import type { ImportRun } from './use-import-progress.js';
import { useAppStores } from '../../stores/stores-context.js';

const initialForm: SplitForm = {
  paragraphs: 'blank-lines',
  splitSentences: false,
  maxLength: String(DEFAULT_MAX_BLOCK_LENGTH),
};

type Progress = { phase: 'uploading'; fraction: number } | { phase: 'creating'; importId: string };

/**
 * A text file larger than this is previewed by main, as books are: parsing it here would hold up the page (a
 * 19.5 MB CSV took seconds), while main parses it in its import worker and reports how far it has come.
 */
const LOCAL_PREVIEW_MAX_BYTES = 1024 * 1024;

/** Whether the dialog previews this file itself; above the cap it refuses it at once, so that is done here too. */
function previewedHere(file: File): boolean {
  return (
    isTextFormat(scriptFormatOf(file.name)) &&
    (file.size <= LOCAL_PREVIEW_MAX_BYTES || file.size > MAX_IMPORT_BYTES)
  );
}

/** A book file (HTML, DOCX, EPUB) is parsed by main: it is uploaded once, previewed there, then imported. */
type BookUpload =
  | { state: 'uploading'; fraction: number }
  | {
      state: 'ready';
      stagingId: string;
      preview: (ImportPreview & { parseMs: number }) | null;
      problem: string | null;
    }
  | { state: 'failed'; message: string };

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
  const [cancelledNote, setCancelledNote] = useState<string | null>(null);
  const [reading, setReading] = useState<ImportReading>(defaultImportReading);
  const [chosenVoices, setChosenVoices] = useState<Record<string, string>>({});
  const [book, setBook] = useState<BookUpload | null>(null);
  const { voices } = useServiceVoices(undefined);
  const titleErrorId = useId();
  const readGeneration = useRef(0);

  const fileFormat = picked ? scriptFormatOf(picked.file.name) : 'text';
  const what = source === 'file' && picked ? `“${picked.file.name}”` : 'the pasted text';
  const localFormat =
    source === 'paste'
      ? 'text'
      : isTextFormat(fileFormat) && picked && previewedHere(picked.file)
        ? fileFormat
        : null;
  const text = source === 'paste' ? pasted : picked?.read?.ok ? picked.read.text : '';
  // Splitting megabytes of text takes a moment: the preview may lag the typing, the typing never waits for it.
  const previewText = useDeferredValue(text);
  const options = useMemo(() => splitOptionsOf(form), [form]);
  const local = useMemo(
    () =>
      options && localFormat !== null && previewText.trim() !== ''
        ? previewScriptText(previewText, localFormat, options, reading)
        : null,
    [options, previewText, localFormat, reading],
  );
  const isBook = source === 'file' && localFormat === null;
  const bookReady = isBook && book?.state === 'ready' ? book : null;
  const preview = isBook ? (bookReady?.preview ?? null) : local?.ok ? local.preview : null;
  const previewProblem = isBook
    ? book?.state === 'failed'
      ? book.message
      : (bookReady?.problem ?? null)
    : local && !local.ok
      ? local.message
      : null;
  const stagingId = bookReady?.stagingId;
  // An encoding the user chose goes to main with the file, so the import reads it as the preview did.
  const encodingField = picked?.chosen !== undefined ? { encoding: picked.chosen } : {};

  useEffect(() => {
    // A book's preview comes from main, again whenever the split, the reading of speakers or the encoding changes.
    if (stagingId === undefined || options === undefined || !picked) return;
    let current = true;
    const encoding = picked.chosen !== undefined ? { encoding: picked.chosen } : {};
    stores.client
      .invoke('projects.previewImport', {
        stagingId,
        fileName: picked.file.name,
        split: options,
        reading,
        ...encoding,
      })
      .then(
        (answer) => {
          if (current) setBook({ state: 'ready', stagingId, preview: answer, problem: null });
        },
        (caught: unknown) => {
          if (current)
            setBook({ state: 'ready', stagingId, preview: null, problem: errorData(caught).message });
        },
      );
    return () => {
      current = false;
    };
  }, [stagingId, options, reading, picked, stores]);

  // A preview main is still parsing when the dialog closes is stopped (a newer preview of the same file replaces
  // the one before it in main by itself).
  const previewing = isBook && bookReady !== null && bookReady.preview === null && bookReady.problem === null;
  const previewingId = useRef<string | null>(null);
  useEffect(() => {
    previewingId.current = previewing ? (stagingId ?? null) : null;
  }, [previewing, stagingId]);
  useEffect(
    () => () => {
      const importId = previewingId.current;
      if (importId !== null)
        void stores.client.invoke('projects.cancelImport', { importId }).catch(() => undefined);
    },
    [stores],
  );
  // An import the user started goes on if the dialog goes (they switched page): see submit.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const workerId =
    progress?.phase === 'creating' ? progress.importId : previewing ? (stagingId ?? null) : null;
  const workerRun: ImportRun = progress?.phase === 'creating' ? 'import' : 'preview';
  const workerProgress = useImportProgress(stores.client, workerId, workerRun);

  // Only a file that was read and accepted names the project: a refused one (garbage.bin, a damaged book) leaves
  // the title empty, and takes back a title it suggested before it was refused. A typed title is never touched.
  const fileAccepted = picked?.read?.ok === true && previewProblem === null;
  const suggestedTitle =
    source === 'paste'
      ? suggestTitle(pasted)
      : picked && fileAccepted
        ? (preview?.title ?? titleFromFileName(picked.file.name))
        : '';
  const shownTitle = titleEdited ? title : suggestedTitle;
  const titleError = titleEdited || shownTitle !== '' ? titleProblem(shownTitle) : null;
  const ready =
    options !== undefined &&
    preview !== null &&
    preview.blockCount > 0 &&
    (isBook || previewText === text) &&
    titleProblem(shownTitle) === null &&
    progress === null;

  const readPicked = async (file: File, mine: number): Promise<void> => {
    const refusal = notAScript(file.name);
    if (refusal !== undefined) {
      setPicked({ file, read: { ok: false, message: `“${file.name}” cannot be imported: ${refusal}.` } });
      return;
    }
    const format = scriptFormatOf(file.name);
    if (isTextFormat(format) || format === 'html') {
      // HTML and large text files are parsed by main, but read here too: to refuse what is no text, and show its
      // encoding.
      const read = await readTextFile(file);
      if (readGeneration.current !== mine) return;
      setPicked({ file, read: keptRead(read, file), detected: read.ok ? read.encoding : undefined });
      if (!previewedHere(file) && read.ok) await stageBook(file, mine);
      return;
    }
    setPicked({ file, read: { ok: true, text: '' } });
    await stageBook(file, mine);
  };

  const stageBook = async (file: File, mine: number): Promise<void> => {
    setBook({ state: 'uploading', fraction: 0 });
    try {
      const id = await stageFile(
        stores.client,
        { blob: file, fileName: file.name, mediaType: bookMediaType(file) },
        (sent, total) => {
          if (readGeneration.current === mine)
            setBook({ state: 'uploading', fraction: total === 0 ? 1 : sent / total });
        },
      );
      if (readGeneration.current === mine)
        setBook({ state: 'ready', stagingId: id, preview: null, problem: null });
    } catch (caught) {
      if (readGeneration.current === mine) setBook({ state: 'failed', message: errorData(caught).message });
    }
  };

  const chooseEncoding = async (encoding: TextEncoding): Promise<void> => {
    if (!picked) return;
    const { file } = picked;
    const mine = readGeneration.current;
    setPicked((current) => (current?.file === file ? { ...current, chosen: encoding } : current));
    const read = await readTextFile(file, encoding);
    if (readGeneration.current !== mine) return;
    setPicked((current) =>
      current?.file === file && current.chosen === encoding
        ? { ...current, read: keptRead(read, file) }
        : current,
    );
    // An HTML file that detection refused is uploaded once an encoding reads it as text.
    if (!previewedHere(file) && read.ok && book === null) await stageBook(file, mine);
  };

  const pickFile = async (file: File): Promise<void> => {
    readGeneration.current += 1;
    const mine = readGeneration.current;
    setSource('file');
    setPicked({ file, read: null });
    setBook(null);
    await readPicked(file, mine);
  };

  useEffect(() => {
    // The file dropped on the page that opened this dialog; later picks go through pickFile.
    if (!initialFile) return;
    readGeneration.current += 1;
    void readPicked(initialFile, readGeneration.current);
    // Only the dropped file: readPicked is stable enough for this one-time read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialFile]);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!ready || options === undefined) return;
    const importedWhat = what;
    setError(null);
    setCancelledNote(null);
    try {
      const opened = await importScript(options);
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
          title: `Imported as ${formatCount(opened.parts.length, 'project', 'projects')}`,
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
    const titleToSend = shownTitle.trim();
    const speakerVoices = voicesFor(chosenVoices, voices, preview?.speakers ?? []);
    if (source === 'paste' || !picked) {
      const importId = crypto.randomUUID();
      setProgress({ phase: 'creating', importId });
      return client.invoke('projects.importText', {
        title: titleToSend,
        text: pasted,
        split,
        reading,
        voices: speakerVoices,
        importId,
      });
    }
    if (bookReady) {
      // Main keeps the upload when the import is cancelled, so the preview stays and Import works again.
      setProgress({ phase: 'creating', importId: bookReady.stagingId });
      return client.invoke('projects.importStaged', {
        stagingId: bookReady.stagingId,
        fileName: picked.file.name,
        title: titleToSend,
        split,
        reading,
        voices: speakerVoices,
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
        title: titleToSend,
        split,
        reading,
        voices: speakerVoices,
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

  // Escape cancels an import on its way, as the Cancel button does; the short upload before it is waited for.
  const closeUnlessBusy = (): void => {
    if (progress === null) onClose();
    else cancelImport();
  };

  return (
    <Dialog title="Import a script or book" testId="import-dialog" onClose={closeUnlessBusy} size="wide">
      <form onSubmit={(event) => void submit(event)} noValidate className="import-form">
        <ImportSource
          source={source}
          onSource={setSource}
          pasted={pasted}
          onPasted={setPasted}
          picked={picked}
          onPick={(file) => void pickFile(file)}
          onEncoding={(encoding) => void chooseEncoding(encoding)}
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
        <ImportCastFields
          reading={reading}
          onReading={setReading}
          speakers={preview?.speakers ?? null}
          voices={voices}
          chosen={chosenVoices}
          onChoose={(speaker, voiceId) => setChosenVoices((current) => ({ ...current, [speaker]: voiceId }))}
        />
        <ImportMatterFields preview={preview} reading={reading} onReading={setReading} />
        {cancelledNote !== null ? (
          <p className="hint" role="status" data-testid="import-cancelled">
            {cancelledNote}
          </p>
        ) : null}
        <SplitPreviewView
          preview={preview}
          hasText={isBook ? book !== null : text.trim() !== ''}
          updating={isBook ? bookReady === null || bookReady.preview === null : previewText !== text}
          problem={previewProblem}
        />
        {error ? <ErrorNotice error={error} testId="import-error" /> : null}
        {/* The footer stays in view as the dialog scrolls: the progress is told where the user looks, by Cancel. */}
        <div className="form-actions import-actions">
          <button type="submit" className="primary" data-testid="import-submit" disabled={!ready}>
            {progressLabel(progress, preview?.blockCount, preview?.parts ?? 1)}
          </button>
          <button
            type="button"
            data-testid="import-cancel"
            onClick={progress?.phase === 'creating' ? cancelImport : onClose}
            disabled={progress?.phase === 'uploading'}
          >
            Cancel
          </button>
          {isBook && book?.state === 'uploading' ? (
            <p className="hint" role="status" data-testid="import-book-progress">
              Reading “{picked?.file.name}”… {Math.round(book.fraction * 100)}%
            </p>
          ) : null}
          {workerId !== null ? (
            <p className="hint" role="status" data-testid="import-progress">
              {importProgressText(workerProgress, what, preview?.parts ?? 1, workerRun)}
            </p>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}

/** What the dialog keeps of a read: the text of a file main parses (HTML, a large text file) is main's, only its
 * encoding matters here. */
function keptRead(read: TextFileRead, file: File): TextFileRead {
  return !previewedHere(file) && read.ok ? { ...read, text: '' } : read;
}

/** The media type of a book by its name (browsers often leave .epub and .docx untyped). */
function bookMediaType(file: File): string {
  switch (scriptFormatOf(file.name)) {
    case 'epub':
      return 'application/epub+zip';
    case 'docx':
      return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    case 'html':
      return file.type === 'application/xhtml+xml' ? file.type : 'text/html';
    default:
      // A large text file previewed by main.
      return textMediaType(file);
  }
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

function progressLabel(progress: Progress | null, blockCount: number | undefined, parts: number): string {
  if (progress === null) {
    if (!blockCount) return 'Import';
    const blocks = formatCount(blockCount, 'block', 'blocks');
    return parts > 1
      ? `Import ${blocks} as ${formatCount(parts, 'project', 'projects')}`
      : `Import ${blocks} and open`;
  }
  switch (progress.phase) {
    case 'uploading':
      // The file was read for the preview already: this is the import sending it to main.
      return `Importing: sending the file… ${Math.round(progress.fraction * 100)}%`;
    case 'creating':
      return parts > 1 ? `Creating ${formatCount(parts, 'project', 'projects')}…` : 'Creating the project…';
    default: {
      const exhaustive: never = progress;
      throw new Error(`Unknown progress ${String(exhaustive)}`);
    }
  }
}
