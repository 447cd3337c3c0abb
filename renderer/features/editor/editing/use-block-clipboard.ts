import { useListener } from '../../../shared/listeners.js';
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
  const copy = (event: ClipboardEvent, cut: boolean): void => {
    if (isTextField(event.target) || event.clipboardData === null) return;
    const text = clipboardTextOfSelection();
    if (text === undefined) return;
    event.preventDefault();
    event.clipboardData.setData('text/plain', text);
    rememberCopied(text);
    if (cut) deleteSelected();
  };
  useListener(document, 'copy', (event) => copy(event, false));
  useListener(document, 'cut', (event) => copy(event, true));
  useListener(document, 'paste', (event) => {
    if (isTextField(event.target) || event.clipboardData === null) return;
    const text = event.clipboardData.getData('text/plain');
    if (text === '') return;
    event.preventDefault();
    pasteText(text);
  });
}
