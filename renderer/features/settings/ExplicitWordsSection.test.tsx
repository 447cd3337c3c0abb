import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_THRESHOLDS } from '../../../common/audio/take-checks.js';
import { DEFAULT_EXPLICIT_WORDS } from '../../../common/export/explicit-words.js';
import type { SettingsView } from '../../../common/ipc/contract.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { ExplicitWordsSection } from './ExplicitWordsSection.js';

const view: SettingsView = {
  theme: 'system',
  checks: DEFAULT_CHECK_THRESHOLDS,
  services: [],
  activeServiceUrl: null,
};

describe('Settings → Explicit words', () => {
  afterEach(cleanup);

  it('shows the list a line a word, saves it cleaned, names a word over the limit, and restores the defaults', async () => {
    const bridge = new FakeBridge({
      'settings.setExplicitWords': (input) => ({
        ok: true,
        result: { ...view, explicitWords: (input as { words: string[] }).words },
      }),
    });
    const stores = storesFor(bridge);
    stores.settings.getState().setView({ ...view, explicitWords: ['damn'] });
    renderWithStores(<ExplicitWordsSection />, stores);
    const box = screen.getByTestId<HTMLTextAreaElement>('explicit-words');
    expect(box.value).toBe('damn');

    fireEvent.change(box, { target: { value: 'damn\n  Bloody  Hell \n\nDAMN' } });
    fireEvent.click(screen.getByTestId('explicit-words-save'));
    await screen.findByTestId('explicit-words-saved');
    expect(bridge.calls.at(-1)?.input).toEqual({ words: ['damn', 'bloody hell'] });
    expect(box.value).toBe('damn\nbloody hell');
    // A further edit is not saved yet, so "Saved." goes.
    fireEvent.change(box, { target: { value: 'damn\nbloody hell\nheck' } });
    expect(screen.queryByTestId('explicit-words-saved')).toBeNull();

    fireEvent.change(box, { target: { value: `ok\n${'y'.repeat(61)}` } });
    fireEvent.click(screen.getByTestId('explicit-words-save'));
    expect(screen.getByTestId('explicit-words-error').textContent).toContain('longer than 60 characters');
    expect(bridge.calls.filter((call) => call.method === 'settings.setExplicitWords')).toHaveLength(1);

    fireEvent.click(screen.getByTestId('explicit-words-reset'));
    await screen.findByTestId('explicit-words-saved');
    expect(bridge.calls.at(-1)?.input).toEqual({ words: [...DEFAULT_EXPLICIT_WORDS] });
  });

  it('keeps words being typed when another setting is saved (a new view with the same list)', () => {
    const stores = storesFor(new FakeBridge({}));
    stores.settings.getState().setView({ ...view, explicitWords: ['damn'] });
    renderWithStores(<ExplicitWordsSection />, stores);
    const box = screen.getByTestId<HTMLTextAreaElement>('explicit-words');
    fireEvent.change(box, { target: { value: 'damn\nblast' } });

    act(() => stores.settings.getState().setView({ ...view, theme: 'dark', explicitWords: ['damn'] }));
    expect(box.value).toBe('damn\nblast');

    act(() => stores.settings.getState().setView({ ...view, explicitWords: ['heck'] }));
    expect(box.value).toBe('heck');
  });
});
