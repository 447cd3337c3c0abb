import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleProject } from '../../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { StatusBar } from './StatusBar.js';

afterEach(cleanup);

function show(videoMs?: number) {
  const stores = storesFor(new FakeBridge({}));
  const project = sampleProject();
  stores.document.getState().open({
    fileName: 'spot.timbre',
    project:
      videoMs === undefined ? project : { ...project, video: { path: '/v/spot.mp4', durationMs: videoMs } },
  });
  renderWithStores(<StatusBar />, stores);
  return screen.getByTestId('stat-duration');
}

describe('StatusBar length', () => {
  it('is the estimate of the lines without audio when there is no video', () => {
    expect(show().textContent).toMatch(/^≈ \d+:\d\d$/u);
  });

  it('follows a longer reference video, and is no estimate then', () => {
    const duration = show(2 * 3_600_000 + 5_000);
    expect(duration.textContent).toBe('2:00:05');
    expect(duration.title).toBe('The project lasts as long as its reference video');
  });

  it('rounds a length to the nearest second, as the project list does', () => {
    // 4:37:59.6 reads 4:38:00 in the list; the editor read 4:37:59.
    expect(show(4 * 3_600_000 + 37 * 60_000 + 59_600).textContent).toBe('4:38:00');
  });
});
