import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStores, storesFor } from '../test-support/app-stores-harness.js';
import { FakeBridge } from '../test-support/fake-bridge.js';
import { ChooserWindow } from './ChooserWindow.js';

const choiceId = 'k'.repeat(32);
const url = `http://127.0.0.1:4100/choose#choice=${choiceId}`;

function bridge(answer: Promise<{ path: string | null }>): FakeBridge {
  return new FakeBridge({
    'files.openChooser': () => ({ ok: true, result: { choiceId, url } }),
    'files.chooserAnswer': async () => ({ ok: true, result: await answer }),
    'files.closeChooser': () => ({ ok: true, result: null }),
  });
}

describe('ChooserWindow', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('opens main’s chooser window and takes the place the user picked there', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    let pick: (answer: { path: string | null }) => void = () => undefined;
    const fake = bridge(new Promise((resolve) => (pick = resolve)));
    const onChosen = vi.fn();
    renderWithStores(
      <ChooserWindow
        kind="save-file"
        initialPath="/home/me/Show.wav"
        onChosen={onChosen}
        onCancel={vi.fn()}
      />,
      storesFor(fake),
    );
    await waitFor(() => expect(open).toHaveBeenCalledWith(url, 'timbre-chooser', expect.any(String)));
    expect(fake.calls.find((call) => call.method === 'files.openChooser')?.input).toEqual({
      kind: 'save-file',
      initialPath: '/home/me/Show.wav',
    });
    // A blocked pop-up is said so, and opened again from the button (a click of its own).
    expect(await screen.findByTestId('file-chooser-blocked')).toBeTruthy();
    open.mockReturnValue({} as Window);
    fireEvent.click(screen.getByTestId('file-chooser-open'));
    expect(open).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('file-chooser-blocked')).toBeNull();
    pick({ path: '/home/me/Elsewhere/Show.wav' });
    await waitFor(() => expect(onChosen).toHaveBeenCalledWith('/home/me/Elsewhere/Show.wav'));
  });

  it('ends the choice, granting nothing, when the page stops waiting', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const fake = bridge(new Promise(() => undefined));
    const onCancel = vi.fn();
    const view = renderWithStores(
      <ChooserWindow kind="folder" initialPath="/home/me" onChosen={vi.fn()} onCancel={onCancel} />,
      storesFor(fake),
    );
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'files.chooserAnswer')).toBe(true));
    fireEvent.click(screen.getByTestId('file-chooser-cancel'));
    expect(onCancel).toHaveBeenCalled();
    view.unmount();
    expect(fake.calls.filter((call) => call.method === 'files.closeChooser')).toEqual([
      { method: 'files.closeChooser', input: { choiceId } },
    ]);
  });

  it('says a video is only read, not written to, when the user chooses a reference video', async () => {
    vi.spyOn(window, 'open').mockReturnValue({} as Window);
    renderWithStores(
      <ChooserWindow kind="open-video" initialPath="/home/me/Films" onChosen={vi.fn()} onCancel={vi.fn()} />,
      storesFor(bridge(new Promise(() => undefined))),
    );
    const text = screen.getByTestId('file-chooser').textContent ?? '';
    expect(text).toContain('Choose the video in Timbre Studio’s chooser window.');
    expect(text).toContain('Only the video you pick there is read');
    expect(text).not.toContain('written to');
  });
});
