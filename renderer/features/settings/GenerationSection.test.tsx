import { cleanup, fireEvent, screen } from '@testing-library/react';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_THRESHOLDS } from '../../../common/audio/take-checks.js';
import type { SettingsView } from '../../../common/ipc/contract.js';
import type { VoiceView } from '../../../common/voices/voice-view.js';
import type { GenerationUpdate } from '../../../common/settings/settings-schema.js';
import {
  DEFAULT_GENERATION_SETTINGS,
  updatedGenerationSettings,
} from '../../../common/settings/settings-schema.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { GenerationSection } from './GenerationSection.js';
import { styleSheetText } from '../../test-support/style-sheet.js';
import { layoutChromium } from '../../test-support/chromium.js';

const SERVICE = 'http://127.0.0.1:8787';
// The app's style sheet, read by Playwright from disk (the renderer's tests load CSS as empty modules), as
// AddToBatchPanel.test.tsx uses it.
// (Mapped, as a literal `new URL('…', import.meta.url)` is rewritten by Vite into a URL of the dev server.)
const [STYLES = ''] = ['../../styles.css'].map((relative) =>
  decodeURIComponent(new URL(relative, import.meta.url).pathname),
);
const ARIA = 'c3d9a7e4-1b2f-4e6a-8d05-9f7b3c2a1e42';

const view: SettingsView = {
  theme: 'system',
  checks: DEFAULT_CHECK_THRESHOLDS,
  activeServiceUrl: SERVICE,
  services: [
    {
      url: SERVICE,
      label: 'Local stand-in',
      plan: 'free',
      active: true,
      signedIn: true,
      maskedToken: null,
      sessionOnly: false,
    },
  ],
  generation: DEFAULT_GENERATION_SETTINGS,
};

const aria: VoiceView = {
  id: 'aria-resource',
  idForGenerate: ARIA,
  name: 'Aria',
  serviceName: 'Aria',
  state: 'ready',
  status: 'pending',
  origin: 'added',
  professional: false,
  styles: [{ id: 'default', name: 'Default' }],
  addedAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function setUp() {
  const bridge = new FakeBridge({
    // Main applies the change onto the saved settings.
    'settings.setGeneration': (input) => {
      const merged = updatedGenerationSettings(
        DEFAULT_GENERATION_SETTINGS,
        (input as { generation: GenerationUpdate }).generation,
      );
      if (!merged.ok) return { ok: false, error: { code: 'INVALID_INPUT', message: merged.message } };
      return { ok: true, result: { ...view, generation: merged.settings } };
    },
  });
  const stores = storesFor(bridge);
  stores.settings.getState().setView(view);
  stores.serviceLibrary.getState().setVoices(SERVICE, [aria]);
  renderWithStores(<GenerationSection />, stores);
  return { bridge };
}

/** The field (label, control, its answer and hint) a control sits in. */
function fieldOf(testId: string): HTMLElement {
  const field = screen.getByTestId(testId).closest<HTMLElement>('.field');
  if (field === null) throw new Error(`${testId} is in no field`);
  return field;
}

describe('Settings → Generation', () => {
  afterEach(cleanup);

  it('answers the credit limit beside it: its Save, its error and its "Saved." sit in its own field', async () => {
    const { bridge } = setUp();
    const limit = fieldOf('generation-confirm-above');
    expect(limit.contains(screen.getByTestId('generation-settings-save'))).toBe(true);

    fireEvent.change(screen.getByTestId('generation-confirm-above'), { target: { value: '-5' } });
    fireEvent.click(screen.getByTestId('generation-settings-save'));
    // Issue 36: the error showed under the default voice, at the bottom of the section.
    const error = screen.getByTestId('generation-settings-error');
    expect(limit.contains(error)).toBe(true);
    expect(error.textContent).toMatch(/^“Ask before generating more than” /u);
    expect(bridge.calls).toHaveLength(0);

    fireEvent.change(screen.getByTestId('generation-confirm-above'), { target: { value: '800' } });
    expect(screen.queryByTestId('generation-settings-error')).toBeNull();
    fireEvent.click(screen.getByTestId('generation-settings-save'));
    expect(limit.contains(await screen.findByTestId('generation-settings-saved'))).toBe(true);
    // Only the limit: main merges it, so a voice picked meanwhile is not undone by this page's older copy.
    expect(bridge.calls.at(-1)?.input).toEqual({ generation: { confirmAboveCredits: 800 } });
  });

  it('saves the default voice when it is picked, says so at the voice, and leaves the limit’s Save out of it', async () => {
    const { bridge } = setUp();
    const voiceField = fieldOf('generation-default-voice');
    expect(voiceField.contains(screen.getByTestId('generation-settings-save'))).toBe(false);

    fireEvent.change(screen.getByTestId('generation-default-voice'), { target: { value: ARIA } });
    expect(voiceField.contains(await screen.findByTestId('generation-default-voice-saved'))).toBe(true);
    expect(screen.queryByTestId('generation-settings-saved')).toBeNull();
    expect(bridge.calls.at(-1)?.input).toEqual({
      generation: { defaultVoices: { [SERVICE]: { voiceId: ARIA, voiceName: 'Aria' } } },
    });
  });

  it('lays the limit’s Save beside its box, and its error right under them (Chromium, the app’s styles)', async () => {
    setUp();
    fireEvent.change(screen.getByTestId('generation-confirm-above'), { target: { value: '-5' } });
    fireEvent.click(screen.getByTestId('generation-settings-save'));
    const markup = screen.getByTestId('generation-section').outerHTML;
    const browser = await chromium.launch(layoutChromium());
    try {
      const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
      await page.setContent(`<!doctype html><main>${markup}</main>`);
      await page.addStyleTag({ content: styleSheetText(STYLES) });
      const box = async (testId: string) => {
        const found = await page.getByTestId(testId).boundingBox();
        if (found === null) throw new Error(`${testId} is not laid out`);
        return found;
      };
      const input = await box('generation-confirm-above');
      const save = await box('generation-settings-save');
      const error = await box('generation-settings-error');
      const voice = await box('generation-default-voice');
      // Beside: on the input's line, to its right.
      expect(Math.abs(save.y + save.height / 2 - (input.y + input.height / 2))).toBeLessThan(4);
      expect(save.x).toBeGreaterThan(input.x + input.width);
      // The error is the next thing under them, above the voice field.
      expect(error.y).toBeGreaterThanOrEqual(input.y + input.height);
      expect(error.y - (input.y + input.height)).toBeLessThan(12);
      expect(error.y + error.height).toBeLessThan(voice.y);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
