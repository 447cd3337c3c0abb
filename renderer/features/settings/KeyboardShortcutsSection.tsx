import type { KeyboardEvent } from 'react';
import { useId, useState } from 'react';
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
  const refusalIds = useId();

  /** Listens for a command's new keys (null stops): a refusal from an earlier try is no longer news. */
  const startRecording = (id: CommandId | null): void => {
    setProblem(null);
    setRecording(id);
  };

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
        {/* Fixed widths for the keys and the buttons: a refusal, or Reset after a change, moves no column. */}
        <colgroup>
          <col />
          <col className="shortcut-keys-column" />
          <col className="shortcut-actions-column" />
        </colgroup>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">Command</th>
            <th scope="col">Keys</th>
            <th scope="col">Change or reset</th>
          </tr>
        </thead>
        {COMMANDS.map((spec) => {
          const keys = keysOf(spec.id, bindings, mac);
          const changed = bindings[spec.id] !== undefined;
          const isRecording = recording === spec.id;
          const refusal = problem?.id === spec.id ? problem.message : null;
          const refusalId = `${refusalIds}-${spec.id}`;
          // A command's row and the line under it that says why a key was refused go together.
          return (
            <tbody key={spec.id} data-testid="shortcut-row" data-command={spec.id}>
              <tr>
                <th scope="row">
                  {spec.title} <span className="hint">({scopeNames[spec.scope]})</span>
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
                        aria-describedby={refusal === null ? undefined : refusalId}
                        onClick={() => startRecording(isRecording ? null : spec.id)}
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
              {refusal === null ? null : (
                <tr className="shortcut-refusal">
                  <td colSpan={3}>
                    <p className="error" role="alert" id={refusalId} data-testid="shortcut-error">
                      {refusal}
                    </p>
                  </td>
                </tr>
              )}
            </tbody>
          );
        })}
      </table>
    </section>
  );
}
