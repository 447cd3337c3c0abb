import { cleanup, render } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListenerScope, listen, useListener } from './listeners.js';

afterEach(cleanup);

describe('listen', () => {
  it('calls the handler until the returned cleanup removes it', () => {
    const target = new EventTarget();
    const handler = vi.fn();
    const stop = listen(target, 'ping', handler);
    target.dispatchEvent(new Event('ping'));
    stop();
    target.dispatchEvent(new Event('ping'));
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('ListenerScope', () => {
  it('removes every listener and cancels every timer it holds on dispose', () => {
    vi.useFakeTimers();
    try {
      const scope = new ListenerScope();
      const target = new EventTarget();
      const heard = vi.fn();
      const fired = vi.fn();
      scope.listen(target, 'ping', heard);
      scope.timeout(fired, 100);
      target.dispatchEvent(new Event('ping'));
      scope.dispose();
      target.dispatchEvent(new Event('ping'));
      vi.advanceTimersByTime(200);
      expect(heard).toHaveBeenCalledTimes(1);
      expect(fired).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets a timer once it has run, keeping only those still waiting (a preview schedules hundreds)', () => {
    vi.useFakeTimers();
    try {
      const scope = new ListenerScope();
      const fired = vi.fn();
      for (let i = 0; i < 3; i += 1) scope.timeout(fired, 100);
      scope.timeout(fired, 1_000);
      vi.advanceTimersByTime(200);
      expect(fired).toHaveBeenCalledTimes(3);
      const cleared = vi.spyOn(globalThis, 'clearTimeout');
      scope.dispose();
      expect(cleared).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1_000);
      expect(fired).toHaveBeenCalledTimes(3);
    } finally {
      vi.restoreAllMocks();
      vi.useRealTimers();
    }
  });
});

function KeyCounter({ onKey }: { onKey: (key: string) => void }) {
  useListener(window, 'keydown', (event) => onKey(event.key));
  return null;
}

function ClickCounter({ onClick }: { onClick: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const [, rerender] = useState(0);
  useListener(button, 'click', () => {
    onClick();
    rerender((count) => count + 1);
  });
  return <button ref={button} data-testid="target" />;
}

describe('useListener', () => {
  it('calls the newest handler while mounted and nothing once unmounted', () => {
    const first = vi.fn();
    const second = vi.fn();
    const view = render(<KeyCounter onKey={first} />);
    view.rerender(<KeyCounter onKey={second} />);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    view.unmount();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'b' }));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledExactlyOnceWith('a');
  });

  it('listens on the element a ref points at, across re-renders, once per event', () => {
    const onClick = vi.fn();
    const view = render(<ClickCounter onClick={onClick} />);
    const button = view.getByTestId('target');
    button.click();
    button.click();
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});
