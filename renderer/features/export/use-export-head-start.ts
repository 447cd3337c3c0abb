import { useEffect, useRef } from 'react';
import type { ProjectExportSettings } from '../../../common/export/project-export-settings.js';
import { selectIsDirty, selectProjectFileName } from '../../stores/document-store.js';
import { useAppStores, useDocumentStore } from '../../stores/stores-context.js';

/**
 * While the export dialog is open, main starts the export's worker and decodes the open project's audio, so the
 * export the user then starts has little left to do (a 5-minute episode's decoding is most of its export). Sent
 * once the project is saved, and again when the sample rate changes (the one setting the decoding depends on) or
 * the project changes and is saved again (a block generated meanwhile); the dialog closing stops it. Only a head
 * start: an export works the same without it, so a failure here is not the user's concern.
 */
export function useExportHeadStart(settings: ProjectExportSettings | null): void {
  const stores = useAppStores();
  const fileName = useDocumentStore(selectProjectFileName);
  // The settings as they are when sent; other changes (a tag typed, the loudness) do not send them again.
  const latest = useRef(settings);
  useEffect(() => {
    latest.current = settings;
  });
  const sampleRate = settings?.sampleRate;
  // Main reads the project from its file: edits and takes not yet saved (autosave follows within a second or two)
  // would leave blocks it counts as not generated, so the head start waits for them.
  const unsaved = useDocumentStore(selectIsDirty);
  useEffect(() => {
    const chosen = latest.current;
    if (fileName === null || chosen === null || sampleRate === undefined || unsaved) return;
    stores.client.invoke('export.dialogOpened', { fileName, settings: chosen }).catch(() => undefined);
    return () => {
      stores.client.invoke('export.dialogClosed').catch(() => undefined);
    };
  }, [stores, fileName, sampleRate, unsaved]);
}
