import { useEffect } from 'react';
import { useEditorActions } from './use-editor-actions.js';
import { rememberCopied } from './clipboard-bridge.js';
import { isTextField } from '../../../commands/shortcuts.js';

/**
 * Copy, cut and paste of blocks while focus is not in a text box (where the clipboard keeps its usual meaning).
 * Blocks travel as text in the model's clipboard format, so they paste into any open project, in this window or
 * another.
 */
export function useBlockClipboard(): void {
  const { clipboardTextOfSelection, deleteSelected, pasteText } = useEditorActions();
  useEffect(() => {
    const copy = (event: ClipboardEvent, cut: boolean): void => {
      if (isTextField(event.target) || event.clipboardData === null) return;
      const text = clipboardTextOfSelection();
      if (text === undefined) return;
      event.preventDefault();
      event.clipboardData.setData('text/plain', text);
      rememberCopied(text);
      if (cut) deleteSelected();
    };
    const onCopy = (event: ClipboardEvent): void => copy(event, false);
    const onCut = (event: ClipboardEvent): void => copy(event, true);
    const onPaste = (event: ClipboardEvent): void => {
      if (isTextField(event.target) || event.clipboardData === null) return;
      const text = event.clipboardData.getData('text/plain');
      if (text === '') return;
      event.preventDefault();
      pasteText(text);
    };
    document.addEventListener('copy', onCopy);
    document.addEventListener('cut', onCut);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('cut', onCut);
      document.removeEventListener('paste', onPaste);
    };
  }, [clipboardTextOfSelection, deleteSelected, pasteText]);
}
