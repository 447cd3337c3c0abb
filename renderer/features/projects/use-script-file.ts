import type { Dispatch, SetStateAction } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { ImportPreview } from '../../../common/import/imported-script.js';
import { isTextFormat, notAScript, scriptFormatOf } from '../../../common/import/script-formats.js';
import type { TextEncoding } from '../../../common/text/index.js';
import { MAX_IMPORT_BYTES } from '../../../common/text/index.js';
import type { AppStores } from '../../stores/app-stores.js';
import { errorData } from '../../stores/notice-store.js';
import { stageFile } from '../../shared/stage-file.js';
import type { PickedFile } from './ImportSource.js';
import { readTextFile, textMediaType } from './read-text-file.js';
import type { TextFileRead } from './read-text-file.js';

/**
 * A text file larger than this is previewed by main, as books are: parsing it here would hold up the page (a
 * 19.5 MB CSV took seconds), while main parses it in its import worker and reports how far it has come.
 */
const LOCAL_PREVIEW_MAX_BYTES = 1024 * 1024;

/** Whether the dialog previews this file itself; above the cap it refuses it at once, so that is done here too. */
export function previewedHere(file: File): boolean {
  return (
    isTextFormat(scriptFormatOf(file.name)) &&
    (file.size <= LOCAL_PREVIEW_MAX_BYTES || file.size > MAX_IMPORT_BYTES)
  );
}

/** A book file (HTML, DOCX, EPUB) is parsed by main: it is uploaded once, previewed there, then imported. */
export type BookUpload =
  | { state: 'uploading'; fraction: number }
  | {
      state: 'ready';
      stagingId: string;
      preview: (ImportPreview & { parseMs: number }) | null;
      problem: string | null;
    }
  | { state: 'failed'; message: string };

export interface ScriptFile {
  picked: PickedFile | null;
  book: BookUpload | null;
  setBook: Dispatch<SetStateAction<BookUpload | null>>;
  pickFile(file: File): Promise<void>;
  /** Reads the picked file again in the encoding the user chose. */
  chooseEncoding(encoding: TextEncoding): Promise<void>;
}

/**
 * The file picked or dropped for import: read here, to refuse what is no text and to show its encoding, and (a
 * book, or a text too large to preview here) uploaded once for main to preview. A newer pick makes the answers
 * still on their way for an older one count for nothing.
 */
export function useScriptFile(stores: AppStores, initialFile: File | undefined): ScriptFile {
  const [picked, setPicked] = useState<PickedFile | null>(
    initialFile ? { file: initialFile, read: null } : null,
  );
  const [book, setBook] = useState<BookUpload | null>(null);
  const readGeneration = useRef(0);

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

  return { picked, book, setBook, pickFile, chooseEncoding };
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
