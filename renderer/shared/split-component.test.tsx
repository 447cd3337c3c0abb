import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import type { JSX } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { splitComponent } from './split-component.js';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" data-testid="greeting" onClick={() => setClicks((count) => count + 1)}>
      Hello {name} ({clicks})
    </button>
  );
}

function inSuspense(element: JSX.Element) {
  return <Suspense fallback={<span data-testid="fallback">Loading…</span>}>{element}</Suspense>;
}

/** A load the test settles when it wants, as a chunk fetched over the network arrives. */
function controlledLoad() {
  let arrive: () => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<typeof Greeting>((resolve) => {
        arrive = () => resolve(Greeting);
      }),
  );
  return { load, arrive: () => arrive() };
}

describe('splitComponent', () => {
  it('renders a preloaded component in the first commit, with no fallback shown', async () => {
    const split = splitComponent(async () => Greeting);
    await split.preload();

    render(inSuspense(<split.Component name="Ada" />));

    // Synchronously, with no waiting: React.lazy would show the fallback here and the component 300 ms later.
    expect(screen.getByTestId('greeting').textContent).toBe('Hello Ada (0)');
    expect(screen.queryByTestId('fallback')).toBeNull();
  });

  it('suspends until the code arrives when it was not preloaded, and loads it once', async () => {
    const { load, arrive } = controlledLoad();
    const split = splitComponent(load);

    render(inSuspense(<split.Component name="Ada" />));
    expect(screen.getByTestId('fallback')).toBeTruthy();
    await act(async () => arrive());

    expect((await screen.findByTestId('greeting')).textContent).toBe('Hello Ada (0)');
    await split.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the state of a component shown once its code arrived when it renders again', async () => {
    const { load, arrive } = controlledLoad();
    const split = splitComponent(load);
    const { rerender } = render(inSuspense(<split.Component name="Ada" />));
    await act(async () => arrive());
    fireEvent.click(await screen.findByTestId('greeting'));
    expect(screen.getByTestId('greeting').textContent).toBe('Hello Ada (1)');

    rerender(inSuspense(<split.Component name="Grace" />));

    // Not mounted afresh (the count would be back to 0): the element's type stayed the same.
    expect(screen.getByTestId('greeting').textContent).toBe('Hello Grace (1)');
  });

  it('tries a failed preload again when the component is shown', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('chunk fetch failed'))
      .mockResolvedValue(Greeting);
    const split = splitComponent(load);
    await expect(split.preload()).rejects.toThrow('chunk fetch failed');

    render(inSuspense(<split.Component name="Ada" />));

    expect((await screen.findByTestId('greeting')).textContent).toBe('Hello Ada (0)');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
