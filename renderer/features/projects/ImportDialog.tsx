import { useDeferredValue, useId, useMemo, useState } from 'react';
import type { ImportReading } from '../../../common/import/imported-script.js';
import { defaultImportReading } from '../../../common/import/imported-script.js';
import { isTextFormat, pastedTextFormat, scriptFormatOf } from '../../../common/import/script-formats.js';
import { useServiceVoices } from '../../shared/use-service-voices.js';
import { ImportCastFields } from './ImportCastFields.js';
import { ImportMatterFields } from './ImportMatterFields.js';
import { DEFAULT_MAX_BLOCK_LENGTH } from '../../../common/text/index.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import type { SplitForm } from './import-form.js';
import { previewScriptText, splitOptionsOf, suggestTitle, titleFromFileName } from './import-form.js';
import { ImportSource } from './ImportSource.js';
import type { ScriptSource } from './ImportSource.js';
import { Dialog } from '../../components/Dialog.js';
import { SplitOptionsFields } from './SplitOptionsFields.js';
import { SplitPreviewView } from './SplitPreviewView.js';
import { titleProblem } from './title-rule.js';
import { importProgressText, useImportProgress } from './use-import-progress.js';
import type { ImportRun } from './use-import-progress.js';
import { useAppStores } from '../../stores/stores-context.js';
import { ImportActions } from './ImportActions.js';
import { useBookPreview } from './use-book-preview.js';
import { useImportRun } from './use-import-run.js';
import { previewedHere, useScriptFile } from './use-script-file.js';

const initialForm: SplitForm = {
  paragraphs: 'blank-lines',
  splitSentences: false,
  maxLength: String(DEFAULT_MAX_BLOCK_LENGTH),
};

/**
 * Makes a project from a text file (picked or dropped) or a pasted script, with a live preview of the blocks it
 * will make. The preview runs the same splitScript as main, on the text decoded the way main decodes files, so
 * the count shown is the count the project gets. The new project opens in the editor.
 */
export function ImportDialog({ initialFile, onClose }: { initialFile?: File | undefined; onClose(): void }) {
  const stores = useAppStores();
  const [source, setSource] = useState<ScriptSource>(initialFile ? 'file' : 'paste');
  const [pasted, setPasted] = useState('');
  const { picked, book, setBook, pickFile, chooseEncoding } = useScriptFile(stores, initialFile);
  const [title, setTitle] = useState('');
  const [titleEdited, setTitleEdited] = useState(false);
  const [form, setForm] = useState<SplitForm>(initialForm);
  const [reading, setReading] = useState<ImportReading>(defaultImportReading);
  const [chosenVoices, setChosenVoices] = useState<Record<string, string>>({});
  const { voices } = useServiceVoices(undefined);
  const titleErrorId = useId();

  const fileFormat = picked ? scriptFormatOf(picked.file.name) : 'text';
  const what = source === 'file' && picked ? `“${picked.file.name}”` : 'the pasted text';
  const localFormat =
    source === 'paste'
      ? pastedTextFormat(pasted)
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
  const timed = preview?.timed !== undefined || localFormat === 'srt' || localFormat === 'vtt';
  const stagingId = bookReady?.stagingId;
  const previewing = isBook && bookReady !== null && bookReady.preview === null && bookReady.problem === null;
  useBookPreview(stores, { stagingId, picked, options, reading, previewing }, setBook);

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
  const run = useImportRun(
    stores,
    {
      source,
      pasted,
      picked,
      stagedBookId: bookReady?.stagingId,
      // An encoding the user chose goes to main with the file, so the import reads it as the preview did.
      encoding: picked?.chosen,
      title: shownTitle,
      reading,
      chosenVoices,
      voices,
      speakers: preview?.speakers ?? [],
      what,
    },
    onClose,
  );
  const { progress } = run;
  const ready =
    options !== undefined &&
    preview !== null &&
    preview.blockCount > 0 &&
    (isBook || previewText === text) &&
    titleProblem(shownTitle) === null &&
    progress === null;
  const workerId =
    progress?.phase === 'creating' ? progress.importId : previewing ? (stagingId ?? null) : null;
  const workerRun: ImportRun = progress?.phase === 'creating' ? 'import' : 'preview';
  const workerProgress = useImportProgress(stores.client, workerId, workerRun);

  // Escape cancels an import on its way, as the Cancel button does; the short upload before it is waited for.
  const closeUnlessBusy = (): void => {
    if (progress === null) onClose();
    else run.cancelImport();
  };

  return (
    <Dialog title="Import a script or book" testId="import-dialog" onClose={closeUnlessBusy} size="wide">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && options !== undefined) void run.start(options);
        }}
        noValidate
        className="import-form"
      >
        <ImportSource
          source={source}
          onSource={setSource}
          pasted={pasted}
          onPasted={setPasted}
          picked={picked}
          onPick={(file) => {
            setSource('file');
            void pickFile(file);
          }}
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
        {/* A timed script is one block per cue: the split options would only mislead. */}
        {timed ? null : <SplitOptionsFields form={form} onChange={setForm} />}
        <ImportCastFields
          reading={reading}
          onReading={setReading}
          speakers={preview?.speakers ?? null}
          voices={voices}
          chosen={chosenVoices}
          onChoose={(speaker, voiceId) => setChosenVoices((current) => ({ ...current, [speaker]: voiceId }))}
        />
        <ImportMatterFields preview={preview} reading={reading} onReading={setReading} />
        {run.cancelledNote !== null ? (
          <p className="hint" role="status" data-testid="import-cancelled">
            {run.cancelledNote}
          </p>
        ) : null}
        <SplitPreviewView
          preview={preview}
          hasText={isBook ? book !== null : text.trim() !== ''}
          updating={isBook ? bookReady === null || bookReady.preview === null : previewText !== text}
          problem={previewProblem}
        />
        {run.error ? <ErrorNotice error={run.error} testId="import-error" /> : null}
        <ImportActions
          ready={ready}
          progress={progress}
          blockCount={preview?.blockCount}
          parts={preview?.parts ?? 1}
          onCancel={progress?.phase === 'creating' ? run.cancelImport : onClose}
          statuses={[
            ...(isBook && book?.state === 'uploading'
              ? [
                  {
                    testId: 'import-book-progress',
                    text: `Reading “${picked?.file.name}”… ${Math.round(book.fraction * 100)}%`,
                  },
                ]
              : []),
            ...(workerId !== null
              ? [
                  {
                    testId: 'import-progress',
                    text: importProgressText(workerProgress, what, preview?.parts ?? 1, workerRun),
                  },
                ]
              : []),
          ]}
        />
      </form>
    </Dialog>
  );
}
