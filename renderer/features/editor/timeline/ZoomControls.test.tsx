import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandRegistry } from '../../../commands/command-registry.js';
import { CommandsProvider } from '../../../commands/use-commands.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { ZoomControls } from './ZoomControls.js';

describe('ZoomControls', () => {
  afterEach(cleanup);

  it('shows the zoom keys the user set in Settings in its tooltips as soon as they change', () => {
    const registry = new CommandRegistry(window, false);
    renderWithStores(
      <CommandsProvider value={registry}>
        <ZoomControls />
      </CommandsProvider>,
      storesFor(new FakeBridge({})),
    );
    const zoomIn = screen.getByRole('button', { name: /zoom in/i });
    expect(zoomIn.getAttribute('title')).toBe('Zoom in (Ctrl+=)');
    act(() => registry.setKeyBindings({ 'zoom-in': ['Mod+Shift+I'] }));
    expect(zoomIn.getAttribute('title')).toBe('Zoom in (Ctrl+Shift+I)');
  });
});
