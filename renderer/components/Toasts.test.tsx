import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithStores, storesFor } from '../test-support/app-stores-harness.js';
import { FakeBridge } from '../test-support/fake-bridge.js';
import { MAX_VISIBLE_TOASTS, Toasts } from './Toasts.js';

afterEach(cleanup);

describe('Toasts', () => {
  it('shows the newest three, the rest behind "n more", repeats with their count, and dismisses all', () => {
    const stores = storesFor(new FakeBridge({}));
    renderWithStores(<Toasts />, stores);
    act(() => {
      for (const title of ['One', 'Two', 'Three', 'Four', 'Five'])
        stores.notices.getState().showError(new Error(title));
      stores.notices.getState().showError(new Error('Five'));
    });
    const titles = () =>
      screen.queryAllByTestId('toast').map((toast) => toast.querySelector('strong')?.textContent);
    expect(titles()).toEqual(['Three', 'Four', 'Five']);
    expect(screen.getAllByTestId('toast')).toHaveLength(MAX_VISIBLE_TOASTS);
    expect(screen.getByTestId('toast-count').textContent).toContain('×2');
    fireEvent.click(screen.getByTestId('toasts-more'));
    expect(titles()).toEqual(['One', 'Two', 'Three', 'Four', 'Five']);
    fireEvent.click(screen.getByTestId('toasts-dismiss-all'));
    expect(titles()).toEqual([]);
    expect(stores.notices.getState().toasts).toEqual([]);
  });
});
