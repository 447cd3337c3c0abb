import { Dialog } from '../../components/Dialog.js';
import { APP_SHORTCUTS, SHORTCUTS, comboLabel, isMacPlatform } from '../../commands/shortcuts.js';
import { useAppStores } from '../../stores/stores-context.js';

/** Every shortcut that acts in the editor, with its keys on this platform (Cmd on macOS). */
export function ShortcutsHelp() {
  const stores = useAppStores();
  const mac = isMacPlatform();
  const close = (): void => stores.editorUi.getState().setHelpOpen(false);
  return (
    <Dialog
      title="Keyboard shortcuts"
      testId="shortcuts-help"
      className="shortcuts-help"
      size="wide"
      onClose={close}
      closeOnBackdrop
      headerActions={
        <button type="button" data-testid="shortcuts-close" onClick={close} data-autofocus>
          Close
        </button>
      }
    >
      <table>
        <tbody>
          {[...APP_SHORTCUTS, ...SHORTCUTS].map((shortcut) => (
            <tr key={shortcut.id} data-shortcut={shortcut.id}>
              <td className="shortcut-keys">
                {shortcut.combos.map((combo) => (
                  <kbd key={combo}>{comboLabel(combo, mac)}</kbd>
                ))}
              </td>
              <td>
                {shortcut.description}
                {shortcut.inTextFields ? '' : ' (outside text boxes)'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">
        Drag blocks to reorder speech or move effects and music in time; {mac ? '⌘' : 'Ctrl'}+wheel zooms;
        click the ruler to place the playhead; {mac ? '⌘' : 'Ctrl'}+click or Shift+click selects several
        blocks.
      </p>
    </Dialog>
  );
}
