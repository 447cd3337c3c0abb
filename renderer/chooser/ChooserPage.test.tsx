import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChooserApi } from './chooser-api.js';
import { ARMING_DELAY_MS, ChooserPage } from './ChooserPage.js';

function fakeApi(): ChooserApi & { picks: string[]; cancels: number } {
  const api = {
    picks: [] as string[],
    cancels: 0,
    choice: () =>
      Promise.resolve({ kind: 'save-file' as const, initialPath: '/home/me/Show.wav', home: '/home/me' }),
    browse: (folder: string) =>
      Promise.resolve({
        folder,
        parent: '/home',
        home: '/home/me',
        entries: [{ name: 'Old.wav', kind: 'file' as const }],
      }),
    pick: (chosen: string) => {
      api.picks.push(chosen);
      return Promise.resolve();
    },
    cancel: () => {
      api.cancels += 1;
    },
  };
  return api;
}

describe('ChooserPage', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('takes a click on its choosing button only once the window has been in view a moment', async () => {
    vi.useFakeTimers();
    const api = fakeApi();
    const close = vi.fn();
    render(<ChooserPage api={api} close={close} />);
    await act(async () => {
      await Promise.resolve();
    });
    const choose = screen.getByTestId('file-chooser-choose');
    expect(screen.getByTestId('file-chooser-target').textContent).toBe('Save as: /home/me/Show.wav');
    // A click that lands as the window appears (a click meant for the app page) does nothing.
    expect(choose).toHaveProperty('disabled', true);
    fireEvent.click(choose);
    expect(api.picks).toEqual([]);
    await act(async () => {
      vi.advanceTimersByTime(ARMING_DELAY_MS);
      await Promise.resolve();
    });
    expect(choose).toHaveProperty('disabled', false);
    // Losing focus disarms it again.
    act(() => {
      window.dispatchEvent(new Event('blur'));
    });
    expect(choose).toHaveProperty('disabled', true);
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      vi.advanceTimersByTime(ARMING_DELAY_MS);
      await Promise.resolve();
    });
    await act(async () => {
      fireEvent.click(choose);
      await Promise.resolve();
    });
    expect(api.picks).toEqual(['/home/me/Show.wav']);
    expect(close).toHaveBeenCalled();
  });

  it('cancels the choice when the user cancels or the window goes away', async () => {
    const api = fakeApi();
    render(<ChooserPage api={api} close={vi.fn()} />);
    fireEvent.click(await screen.findByText('Cancel'));
    expect(api.cancels).toBe(1);
    window.dispatchEvent(new Event('pagehide'));
    expect(api.cancels).toBe(2);
    expect(api.picks).toEqual([]);
  });
});
