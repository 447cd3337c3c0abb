import { Dialog } from '../../components/Dialog.js';
import type { CommandScope } from '../../../common/commands/command-list.js';
import { comboLabel } from '../../../common/commands/key-combo.js';
import { isMacPlatform } from '../../commands/shortcuts.js';
import { useCommandRegistry, useCommandsRevision } from '../../commands/use-commands.js';
import { useAppStores } from '../../stores/stores-context.js';

// F1 is the editor's: it lists what acts there (the project list's keys are on Settings' list and the palette).
const scopeHeadings: Record<Exclude<CommandScope, 'library'>, string> = {
  editor: 'In the editor',
  app: 'Everywhere',
};

/** Every command that acts in the editor and has keys (from the command registry), with the user's keys. */
export function ShortcutsHelp() {
  const stores = useAppStores();
  const registry = useCommandRegistry();
  useCommandsRevision(registry);
  const mac = isMacPlatform();
  const close = (): void => stores.editorUi.getState().setHelpOpen(false);
  const paletteKey = registry.keysOf('command-palette')[0];
  const entries = registry.entries().filter((entry) => entry.keys.length > 0);
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
      {(['editor', 'app'] as const).map((scope) => (
        <table key={scope}>
          <caption>{scopeHeadings[scope]}</caption>
          {/* One keys width for every table, so the descriptions of all of them line up. */}
          <colgroup>
            <col className="shortcuts-help-keys-column" />
            <col />
          </colgroup>
          <tbody>
            {entries
              .filter((entry) => entry.spec.scope === scope)
              .map(({ spec, keys }) => (
                <tr key={spec.id} data-shortcut={spec.id}>
                  <td className="shortcut-keys">
                    {keys.map((combo) => (
                      <kbd key={combo}>{comboLabel(combo, mac)}</kbd>
                    ))}
                  </td>
                  <td>
                    {spec.title}
                    {spec.inTextFields ? '' : ' (outside text boxes)'}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      ))}
      <p className="hint">
        Drag blocks to reorder speech or move effects and music in time; {mac ? '⌘' : 'Ctrl'}+wheel zooms;
        click the ruler to place the playhead; {mac ? '⌘' : 'Ctrl'}+click or Shift+click selects several
        blocks. {paletteKey === undefined ? 'The palette' : comboLabel(paletteKey, mac)} lists every command;
        Settings changes their keys.
      </p>
    </Dialog>
  );
}
