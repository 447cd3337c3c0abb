import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PathInput } from './PathInput.js';

const LONG = '/tmp/tmp.OM5wDgFmd3/Timbre Studio Exports/Harbour Voices.mp3';

/** happy-dom lays nothing out: the box is given a path twice as wide as itself. */
function laidOut(input: HTMLElement): HTMLElement {
  Object.defineProperty(input, 'scrollWidth', { configurable: true, get: () => 800 });
  Object.defineProperty(input, 'clientWidth', { configurable: true, get: () => 400 });
  return input;
}

describe('PathInput', () => {
  afterEach(cleanup);

  it('shows the end of a path longer than the box, with the whole path as its tooltip', () => {
    const { rerender } = render(<PathInput data-testid="path" value="" onChange={() => undefined} />);
    const input = laidOut(screen.getByTestId('path'));
    rerender(<PathInput data-testid="path" value={LONG} onChange={() => undefined} />);
    expect(input.scrollLeft).toBeGreaterThan(0);
    expect(input.getAttribute('title')).toBe(LONG);
  });

  it('leaves the caret alone while the user edits, and shows the end again when they leave', () => {
    const { rerender } = render(<PathInput data-testid="path" value="" onChange={() => undefined} />);
    const input = laidOut(screen.getByTestId('path'));
    input.focus();
    rerender(<PathInput data-testid="path" value={LONG} onChange={() => undefined} />);
    expect(input.scrollLeft).toBe(0);
    fireEvent.blur(input);
    expect(input.scrollLeft).toBeGreaterThan(0);
  });
});
