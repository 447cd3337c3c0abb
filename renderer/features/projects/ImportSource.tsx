import {
  SCRIPT_FILE_EXTENSIONS,
  isTextFormat,
  scriptFormatOf,
} from '../../../common/import/script-formats.js';
import { useId } from 'react';
import { codePointLength } from '../../../common/text/index.js';
import { formatBytes } from '../../../common/text/index.js';
import type { TextEncoding } from '../../../common/text/index.js';
import { ImportEncodingField } from './ImportEncodingField.js';
import { formatCountOf } from '../../shared/format.js';
import type { TextFileRead } from './read-text-file.js';
import { useFileDrop } from './use-file-drop.js';

export type ScriptSource = 'paste' | 'file';

/**
 * A picked or dropped file; `read` is null while it is being read. A text or HTML file's read has its encoding;
 * a DOCX or EPUB (read by main) has none.
 */
export interface PickedFile {
  file: File;
  read: TextFileRead | { ok: true; text: ''; encoding?: undefined } | null;
  /** The encoding detection found, when the file read as text without a choice. */
  detected?: TextEncoding | undefined;
  /** The encoding the user chose instead. */
  chosen?: TextEncoding;
}

/** Where the script comes from: pasted into a text area, or a text file picked or dropped. */
export function ImportSource({
  source,
  onSource,
  pasted,
  onPasted,
  picked,
  onPick,
  onEncoding,
}: {
  source: ScriptSource;
  onSource(source: ScriptSource): void;
  pasted: string;
  onPasted(text: string): void;
  picked: PickedFile | null;
  onPick(file: File): void;
  onEncoding(encoding: TextEncoding): void;
}) {
  const hintId = useId();
  const { dragging, handlers } = useFileDrop((files) => {
    const first = files[0];
    if (first) onPick(first);
  });
  return (
    <div className="import-source">
      <div className="filter-bar" role="tablist" aria-label="Source">
        <button
          type="button"
          role="tab"
          data-testid="import-source-paste"
          aria-selected={source === 'paste'}
          onClick={() => onSource('paste')}
        >
          Paste text
        </button>
        <button
          type="button"
          role="tab"
          data-testid="import-source-file"
          aria-selected={source === 'file'}
          onClick={() => onSource('file')}
        >
          File
        </button>
      </div>
      {source === 'paste' ? (
        <label className="field import-paste">
          Script
          <textarea
            data-testid="import-text-input"
            data-autofocus
            rows={10}
            value={pasted}
            placeholder="Paste or type the script. A blank line starts a new paragraph."
            onChange={(event) => onPasted(event.target.value)}
          />
          <span className="hint">{formatCountOf(codePointLength(pasted), 'character', 'characters')}</span>
        </label>
      ) : (
        <div
          className="project-dropzone"
          data-testid="import-dropzone"
          data-dragging={dragging}
          {...handlers}
        >
          <p>Drop a script or book here, or</p>
          <label className="project-file-choose">
            Choose a file…
            <input
              type="file"
              className="visually-hidden"
              data-testid="import-file-input"
              accept={[...SCRIPT_FILE_EXTENSIONS, '.fountain', 'text/*'].join(',')}
              aria-describedby={hintId}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) onPick(file);
                // Choosing the same file again (after editing it) should read it again.
                event.target.value = '';
              }}
            />
          </label>
          <p className="hint" id={hintId}>
            A script or a book: plain text (any encoding), Markdown, CSV or TSV (speaker, text, pause; with
            start and end, a timed script), subtitles (SRT, WebVTT: one timed line per cue), HTML, Word
            (.docx) or EPUB, at most 20 MB.
          </p>
          {picked ? <PickedFileStatus picked={picked} onEncoding={onEncoding} /> : null}
        </div>
      )}
    </div>
  );
}

function PickedFileStatus({
  picked,
  onEncoding,
}: {
  picked: PickedFile;
  onEncoding(encoding: TextEncoding): void;
}) {
  const { file, read } = picked;
  if (read === null) {
    return (
      <p className="hint" role="status">
        Reading “{file.name}”…
      </p>
    );
  }
  const encoding =
    (read.ok ? read.encoding !== undefined : read.encodingProblem) === true ? (
      <ImportEncodingField
        current={read.ok ? read.encoding : undefined}
        detected={picked.detected}
        chosen={picked.chosen}
        mark={read.ok && 'mark' in read ? read.mark : undefined}
        doubt={read.ok && 'doubt' in read ? read.doubt : undefined}
        onChoose={onEncoding}
      />
    ) : null;
  if (!read.ok) {
    return (
      <>
        <div className="error-notice" role="alert" data-testid="import-file-error">
          <p>{read.message}</p>
        </div>
        {encoding}
      </>
    );
  }
  return (
    <>
      <p data-testid="import-file-name">
        <strong>{file.name}</strong> · {formatBytes(file.size)}
        {/* A large text file is read by main (its preview counts the characters): no text is kept here. */}
        {isTextFormat(scriptFormatOf(file.name)) && read.text !== ''
          ? ` · ${formatCountOf(codePointLength(read.text), 'character', 'characters')}`
          : ''}
      </p>
      {encoding}
    </>
  );
}
