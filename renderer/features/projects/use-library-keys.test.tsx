import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLibraryKeys, type LibraryKeyActions } from './use-library-keys.js';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

function actionsCalling(deleted: string[], name: string): LibraryKeyActions {
  return {
    move: vi.fn(),
    openSelected: vi.fn(),
    renameSelected: vi.fn(),
    deleteSelected: () => deleted.push(name),
    newProject: vi.fn(),
    importText: vi.fn(),
  };
}

/** A list whose rename closes when `finish` is called from outside React, as a settled save does. */
function Library({ deleted, expose }: { deleted: string[]; expose(finish: () => void): void }) {
  const [renaming, setRenaming] = useState<string | null>('alpha');
  const selected = renaming === null ? 'Alpha (final)' : 'Alpha';
  useLibraryKeys(actionsCalling(deleted, selected), renaming === null);
  useEffect(() => expose(() => setRenaming(null)), [expose]);
  return <p data-testid="state">{renaming === null ? 'listing' : 'renaming'}</p>;
}

describe('useLibraryKeys', () => {
  // Real scheduling, as in the app: React runs passive effects in a later task, not inside a test's act().
  beforeEach(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = undefined;
    document.body.innerHTML = '';
  });

  it('acts on a key pressed the moment a rename closes, on the row as it is now', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    let finish: () => void = () => undefined;
    const deleted: string[] = [];
    root.render(<Library deleted={deleted} expose={(done) => (finish = done)} />);
    await vi.waitFor(() => expect(container.textContent).toBe('renaming'));

    // While renaming, Delete belongs to the field: nothing is asked.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Delete' }));
    expect(deleted).toEqual([]);

    // The rename settles outside any event handler; the key arrives as soon as the list is back on screen,
    // before React's passive effects have had their turn.
    const pressed = new Promise<void>((resolve) => {
      new MutationObserver((_, observer) => {
        observer.disconnect();
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Delete' }));
        resolve();
      }).observe(container, { subtree: true, characterData: true, childList: true });
    });
    setTimeout(finish, 0);
    await pressed;
    expect(container.textContent).toBe('listing');
    expect(deleted).toEqual(['Alpha (final)']);
    root.unmount();
  });
});
