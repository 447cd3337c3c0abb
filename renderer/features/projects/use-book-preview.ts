import type { Dispatch, SetStateAction } from 'react';
import { useEffect, useRef } from 'react';
import type { ImportReading } from '../../../common/import/imported-script.js';
import type { ScriptSplitOptions } from '../../../common/text/index.js';
import type { AppStores } from '../../stores/app-stores.js';
import { errorData } from '../../stores/notice-store.js';
import type { PickedFile } from './ImportSource.js';
import type { BookUpload } from './use-script-file.js';

/**
 * Asks main for the preview of an uploaded book (or large text), again whenever the split, the reading of
 * speakers or the encoding changes; a preview main is still parsing when the dialog closes is stopped (a newer
 * preview of the same file replaces the one before it in main by itself).
 */
export function useBookPreview(
  stores: AppStores,
  request: {
    stagingId: string | undefined;
    picked: PickedFile | null;
    options: ScriptSplitOptions | undefined;
    reading: ImportReading;
    /** Main is parsing the book for its preview now. */
    previewing: boolean;
  },
  setBook: Dispatch<SetStateAction<BookUpload | null>>,
): void {
  const { stagingId, picked, options, reading, previewing } = request;
  useEffect(() => {
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
  }, [stagingId, options, reading, picked, stores, setBook]);

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
}
