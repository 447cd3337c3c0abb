import type { KeyboardEvent } from 'react';
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { comboLabel } from '../../common/commands/key-combo.js';
import { Dialog } from '../components/Dialog.js';
import type { CommandEntry } from './command-registry.js';
import { rankCommands } from './palette-ranking.js';
import { isMacPlatform } from './key-targets.js';
import { useCommandRegistry } from './use-commands.js';
import './command-palette.css';

// PageUp/PageDown move by the rows the list shows; before it is laid out, by this many.
const ROWS_PER_PAGE_UNMEASURED = 10;

function rowsPerPage(list: HTMLElement | null): number {
  const rowHeight = list?.querySelector('li')?.offsetHeight ?? 0;
  if (list === null || rowHeight === 0) return ROWS_PER_PAGE_UNMEASURED;
  return Math.max(1, Math.floor(list.clientHeight / rowHeight));
}

/** What the always-present live region says, so a screen reader hears how many commands a search leaves. */
function resultSentence(count: number, query: string): string {
  if (count === 0) return `No command matches “${query}”.`;
  return count === 1 ? '1 command.' : `${count} commands.`;
}

/**
 * Every command, searchable, with its keys (Ctrl/Cmd+Shift+P): ↑/↓, PageUp/PageDown and Ctrl+Home/End choose (the
 * chosen row scrolled into view), Enter runs, Esc closes. A command that
 * cannot run here is shown greyed with why. It closes before the command runs, so focus is back where the user
 * was (a text box's cursor for Split) when the command acts.
 */
export function CommandPalette({ onClose }: { onClose(): void }) {
  const registry = useCommandRegistry();
  const mac = isMacPlatform();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  // What can run is read as the palette opens: the app behind it does not change while it is open.
  const entries = useMemo(
    () => registry.entries().filter((entry) => entry.spec.notInPalette !== true),
    [registry],
  );
  const shown = rankCommands(entries, query, mac);
  const current = shown[Math.min(active, shown.length - 1)];
  const list = useRef<HTMLUListElement>(null);
  const currentId = current?.spec.id;
  useLayoutEffect(() => {
    if (currentId === undefined) return;
    list.current?.querySelector(`[data-command="${currentId}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [currentId]);

  const run = (entry: CommandEntry | undefined): void => {
    if (entry === undefined || entry.unavailableReason !== null) return;
    flushSync(onClose);
    registry.run(entry.spec.id, { source: 'palette', target: document.activeElement, repeat: false });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    const last = shown.length - 1;
    const page = rowsPerPage(list.current);
    const moves: Record<string, number> = {
      ArrowDown: Math.min(active + 1, last),
      ArrowUp: Math.max(active - 1, 0),
      PageDown: Math.min(active + page, last),
      PageUp: Math.max(active - page, 0),
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    // Home and End without Ctrl move the search box's cursor.
    if (next !== undefined && ((event.key !== 'Home' && event.key !== 'End') || event.ctrlKey)) {
      event.preventDefault();
      setActive(Math.max(next, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      run(current);
    }
  };

  const optionId = (entry: CommandEntry): string => `${listId}-${entry.spec.id}`;
  return (
    <Dialog
      title="Commands"
      testId="command-palette"
      className="command-palette"
      onClose={onClose}
      closeOnBackdrop
    >
      <label className="field command-palette-search">
        <span>Search commands</span>
        <input
          type="search"
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={current === undefined ? undefined : optionId(current)}
          data-testid="command-palette-search"
          data-autofocus
          placeholder="Type to search commands"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
      </label>
      <ul ref={list} id={listId} role="listbox" aria-label="Commands" className="command-palette-list">
        {shown.map((entry) => (
          <li
            key={entry.spec.id}
            id={optionId(entry)}
            role="option"
            aria-selected={entry === current}
            aria-disabled={entry.unavailableReason !== null}
            data-testid="command-palette-item"
            data-command={entry.spec.id}
            className={entry === current ? 'is-active' : undefined}
            onMouseMove={() => setActive(shown.indexOf(entry))}
            onClick={() => run(entry)}
          >
            <span className="command-palette-title">{entry.spec.title}</span>
            {entry.unavailableReason === null ? null : (
              <span className="hint command-palette-reason">{entry.unavailableReason}</span>
            )}
            <span className="shortcut-keys">
              {entry.keys.map((combo) => (
                <kbd key={combo}>{comboLabel(combo, mac)}</kbd>
              ))}
            </span>
          </li>
        ))}
      </ul>
      <p
        className={shown.length === 0 ? 'hint' : 'visually-hidden'}
        role="status"
        data-testid="command-palette-result"
      >
        {resultSentence(shown.length, query)}
      </p>
    </Dialog>
  );
}
