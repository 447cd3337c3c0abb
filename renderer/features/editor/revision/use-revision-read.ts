import { useEffect, useRef, useState } from 'react';
import type { ImportPreview } from '../../../../common/import/imported-script.js';
import { notAScript, scriptFormatOf } from '../../../../common/import/script-formats.js';
import type { ParagraphMode } from '../../../../common/text/index.js';
import type { AppStores } from '../../../stores/app-stores.js';
import { errorData } from '../../../stores/notice-store.js';
import { stageFile } from '../../../shared/stage-file.js';
import type { ImportBlock } from '../../../../common/import/imported-script.js';

/** How the revision is cut into paragraphs: as the project was imported, so unchanged text pairs up again. */
export interface RevisionReading {
  paragraphs: ParagraphMode;
  splitSentences: boolean;
  speakerLabels: boolean;
}

export const DEFAULT_REVISION_READING: RevisionReading = {
  paragraphs: 'blank-lines',
  splitSentences: false,
  speakerLabels: true,
};

export type RevisionRead =
  | { state: 'idle' }
  | { state: 'reading'; fileName: string }
  | { state: 'read'; fileName: string; preview: ImportPreview; paragraphs: readonly ImportBlock[] }
  | { state: 'failed'; message: string };

/**
 * Reads a revised manuscript as the import would (main parses every format the importer reads, in its import
 * worker): the file is uploaded, cut into paragraphs, and the upload discarded. A newer pick or reading makes an
 * answer still on its way for an older one count for nothing, and ends its read (as closing the dialog does), so
 * a large book picked by mistake does not keep a worker busy on the machine's cores after the user moved on.
 */
export function useRevisionRead(stores: AppStores) {
  const [read, setRead] = useState<RevisionRead>({ state: 'idle' });
  const generation = useRef(0);
  /** The upload whose read main is running (its id is the read's import id), or null. */
  const inFlight = useRef<string | null>(null);

  const cancelInFlight = (): void => {
    const importId = inFlight.current;
    inFlight.current = null;
    if (importId !== null)
      void stores.client.invoke('projects.cancelImport', { importId }).catch(() => undefined);
  };
  useEffect(
    () => () => {
      generation.current += 1;
      cancelInFlight();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- ends the read on unmount only
    [],
  );

  const readFile = async (file: File, reading: RevisionReading): Promise<void> => {
    generation.current += 1;
    const mine = generation.current;
    cancelInFlight();
    const refusal = notAScript(file.name);
    if (refusal !== undefined) {
      setRead({ state: 'failed', message: `“${file.name}” cannot be read as a manuscript: ${refusal}.` });
      return;
    }
    setRead({ state: 'reading', fileName: file.name });
    try {
      const stagingId = await stageFile(
        stores.client,
        { blob: file, fileName: file.name, mediaType: manuscriptMediaType(file.name) },
        () => undefined,
      );
      if (generation.current !== mine) {
        // Picked again during the upload: this one is never read.
        void stores.client.invoke('staging.discard', { stagingId }).catch(() => undefined);
        return;
      }
      inFlight.current = stagingId;
      const answer = await stores.client
        .invoke('projects.readRevision', {
          stagingId,
          fileName: file.name,
          split: { paragraphs: reading.paragraphs, splitSentences: reading.splitSentences },
          reading: { speakerLabels: reading.speakerLabels, quotedDialogue: false },
        })
        .finally(() => {
          if (inFlight.current === stagingId) inFlight.current = null;
        });
      if (generation.current !== mine) return;
      setRead({ state: 'read', fileName: file.name, preview: answer.preview, paragraphs: answer.blocks });
    } catch (caught) {
      if (generation.current === mine) setRead({ state: 'failed', message: errorData(caught).message });
    }
  };

  return { read, readFile };
}

/** The media type the upload is announced with (staging takes text, HTML and the book formats). */
function manuscriptMediaType(fileName: string): string {
  switch (scriptFormatOf(fileName)) {
    case 'epub':
      return 'application/epub+zip';
    case 'docx':
      return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    case 'html':
      return 'text/html';
    default:
      return 'text/plain';
  }
}
