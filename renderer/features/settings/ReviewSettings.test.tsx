import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_THRESHOLDS } from '../../../common/audio/take-checks.js';
import type { SettingsView } from '../../../common/ipc/contract.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { AudioCacheSection } from './AudioCacheSection.js';
import { ChecksSection } from './ChecksSection.js';

const view: SettingsView = {
  theme: 'system',
  checks: DEFAULT_CHECK_THRESHOLDS,
  services: [],
  activeServiceUrl: null,
};

describe('Settings for reviewing takes', () => {
  afterEach(cleanup);

  it('saves thresholds in the units shown, and names the field and the rule when one is out of range', async () => {
    const bridge = new FakeBridge({
      'settings.setChecks': (input) => ({
        ok: true,
        result: { ...view, checks: (input as { checks: SettingsView['checks'] }).checks },
      }),
    });
    const stores = storesFor(bridge);
    stores.settings.getState().setView(view);
    renderWithStores(<ChecksSection />, stores);
    expect(screen.getByTestId<HTMLInputElement>('check-longPauseMs').value).toBe('2');

    fireEvent.change(screen.getByTestId('check-longPauseMs'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByTestId('checks-save'));
    await screen.findByTestId('checks-saved');
    expect(bridge.calls.at(-1)?.input).toEqual({
      checks: { ...DEFAULT_CHECK_THRESHOLDS, longPauseMs: 1_500 },
    });

    fireEvent.change(screen.getByTestId('check-durationTolerance'), { target: { value: '150' } });
    fireEvent.click(screen.getByTestId('checks-save'));
    expect(screen.getByTestId('checks-error').textContent).toBe(
      '“Length differs from expected by more than” must be at most 100 %.',
    );
    fireEvent.change(screen.getByTestId('check-durationTolerance'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('checks-save'));
    expect(screen.getByTestId('checks-error').textContent).toBe(
      '“Length differs from expected by more than” needs a number.',
    );
    expect(bridge.calls.filter((call) => call.method === 'settings.setChecks')).toHaveLength(1);
  });

  it('shows the audio cache, and removes unused audio only after saying what that means', async () => {
    let unused = 3;
    const bridge = new FakeBridge({
      'cache.usage': () => ({
        ok: true,
        result: {
          entries: 10,
          bytes: 5 * 1024 * 1024,
          unusedEntries: unused,
          unusedBytes: unused * 1024 * 1024,
        },
      }),
      'cache.removeUnused': () => {
        unused = 0;
        return { ok: true, result: { removedEntries: 3, freedBytes: 3 * 1024 * 1024 } };
      },
    });
    renderWithStores(<AudioCacheSection />, storesFor(bridge));
    expect((await screen.findByTestId('audio-cache-usage')).textContent).toBe(
      '10 takes kept, 5.0 MB. 3 takes (3.0 MB) no project uses: deleted takes and earlier versions of edited blocks.',
    );
    fireEvent.click(screen.getByTestId('audio-cache-clean'));
    expect(bridge.calls.some((call) => call.method === 'cache.removeUnused')).toBe(false);
    fireEvent.click(screen.getByTestId('audio-cache-clean-confirm'));
    expect((await screen.findByTestId('audio-cache-done')).textContent).toBe(
      'Removed 3 takes, 3.0 MB freed.',
    );
    await waitFor(() =>
      expect(screen.getByTestId('audio-cache-usage').textContent).toContain(
        'Every one is used by a project.',
      ),
    );
  });
});
