import type { KeyboardEvent } from 'react';
import { useState } from 'react';
import type { CommandId, CommandScope } from '../../../common/commands/command-list.js';
import { COMMANDS, hasFixedKeys } from '../../../common/commands/command-list.js';
import { keyBindingChangeProblem, keysOf } from '../../../common/commands/key-bindings.js';
import { comboLabel, comboOfKey } from '../../../common/commands/key-combo.js';
import type { KeyBindingChange } from '../../../common/commands/key-bindings.js';
import { isMacPlatform } from '../../commands/shortcuts.js';
import { selectKeyBindings } from '../../stores/settings-store.js';
import { useAppStores, useSettingsStore } from '../../stores/stores-context.js';
import './keyboard-shortcuts.css';

const scopeNames: Record<CommandScope, string> = {
  app: 'everywhere',
  editor: 'in the editor',
  library: 'on the project list',
};

/**
 * Every command's keys, and a way to change them: "Change" listens for the next key press (Esc cancels), which
 * is refused here and in main, saying why, when a text box needs it or another command has it; "Reset" gives the
 * defaults back. Main keeps the keys (settings.json) and the keyboard, menu, palette and F1 follow them.
 */
export function KeyboardShortcutsSection() {
  const stores = useAppStores();
  const bindings = useSettingsStore(selectKeyBindings);
  const mac = isMacPlatform();
  const [recording, setRecording] = useState<CommandId | null>(null);
  const [problem, setProblem] = useState<{ id: CommandId; message: string } | null>(null);

  const save = (change: KeyBindingChange): void => {
    const refused = keyBindingChangeProblem(change, bindings, mac);
    if (refused !== null) {
      setProblem({ id: change.commandId, message: refused.message });
      return;
    }
    setProblem(null);
    stores.client
      .invoke('settings.setKeyBinding', change)
      .then((view) => stores.settings.getState().setView(view))
      .catch((error: unknown) =>
        setProblem({ id: change.commandId, message: error instanceof Error ? error.message : String(error) }),
      );
  };

  const record = (id: CommandId, event: KeyboardEvent<HTMLButtonElement>): void => {
    if (event.key === 'Tab') {
      setRecording(null); // Tab leaves, as everywhere
      return;
    }
    // The key is the recorder's: no command acts on it, and the page does not scroll.
    event.preventDefault();
    event.stopPropagation();
    if (event.key === 'Escape') {
      setRecording(null);
      return;
    }
    const combo = comboOfKey(event, mac);
    if (combo === undefined) return; // only modifiers so far
    setRecording(null);
    save({ commandId: id, keys: [combo] });
  };

  return (
    <section className="card keyboard-shortcuts" data-testid="keyboard-shortcuts-section">
      <h2>Keyboard shortcuts</h2>
      <p className="hint">
        Change a command’s key: press Change, then the new keys. A key another command has, or one the text
        boxes need, is refused.
      </p>
      <table>
        <caption className="visually-hidden">Every command and its keys</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">Command</th>
            <th scope="col">Keys</th>
            <th scope="col">Change or reset</th>
          </tr>
        </thead>
        <tbody>
          {COMMANDS.map((spec) => {
            const keys = keysOf(spec.id, bindings, mac);
            const changed = bindings[spec.id] !== undefined;
            const isRecording = recording === spec.id;
            return (
              <tr key={spec.id} data-testid="shortcut-row" data-command={spec.id}>
                <th scope="row">
                  {spec.title} <span className="hint">({scopeNames[spec.scope]})</span>
                  {problem?.id === spec.id ? (
                    <p className="error" role="alert" data-testid="shortcut-error">
                      {problem.message}
                    </p>
                  ) : null}
                </th>
                <td className="shortcut-keys" data-testid="shortcut-keys">
                  {keys.map((combo) => (
                    <kbd key={combo}>{comboLabel(combo, mac)}</kbd>
                  ))}
                </td>
                <td className="shortcut-actions">
                  {hasFixedKeys(spec) ? (
                    <span className="hint">{'viaClipboardEvent' in spec ? 'System keys' : 'Fixed key'}</span>
                  ) : (
                    <>
                      <button
                        type="button"
                        data-testid="shortcut-change"
                        aria-label={
                          isRecording
                            ? `Press the new keys for ${spec.title}`
                            : `Change the keys of ${spec.title}`
                        }
                        onClick={() => setRecording(isRecording ? null : spec.id)}
                        onKeyDown={isRecording ? (event) => record(spec.id, event) : undefined}
                        onBlur={() => setRecording((current) => (current === spec.id ? null : current))}
                      >
                        {isRecording ? 'Press keys…' : 'Change'}
                      </button>
                      {changed ? (
                        <button
                          type="button"
                          data-testid="shortcut-reset"
                          aria-label={`Reset the keys of ${spec.title}`}
                          onClick={() => save({ commandId: spec.id, keys: null })}
                        >
                          Reset
                        </button>
                      ) : null}
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
