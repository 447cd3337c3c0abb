import { useMemo } from 'react';
import { useAppStores } from '../../../stores/stores-context.js';
import type { EditorActions } from './editor-actions.js';
import { createEditorActions } from './editor-actions.js';

/** The editor's commands for this window's stores. */
export function useEditorActions(): EditorActions {
  const stores = useAppStores();
  return useMemo(() => createEditorActions(stores), [stores]);
}
