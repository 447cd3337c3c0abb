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

  it("offers a problem's action, runs it, and goes once it is done", () => {
    const stores = storesFor(new FakeBridge({}));
    renderWithStores(<Toasts />, stores);
    const ran: string[] = [];
    act(() =>
      stores.notices.getState().showProblem({
        title: 'Nothing was sent: 2 blocks need fixing first',
        body: '2 blocks: no voice is chosen.',
        action: { label: 'Select them (2)', run: () => ran.push('selected') },
      }),
    );
    expect(screen.getByTestId('toast').getAttribute('role')).toBe('alert');
    fireEvent.click(screen.getByTestId('toast-action'));
    expect(ran).toEqual(['selected']);
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });
});
