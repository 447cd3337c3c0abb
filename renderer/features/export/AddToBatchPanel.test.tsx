import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectListEntry } from '../../../common/project/library-views.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { settingsView } from '../../test-support/settings-view.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { AddToBatchPanel } from './AddToBatchPanel.js';
import { styleSheetText } from '../../test-support/style-sheet.js';
import { layoutChromium } from '../../test-support/chromium.js';

/**
 * The panel with the browser shell's folder chooser open (waiting for main's chooser window), laid out by Chromium
 * with the app's own style sheets: the chooser takes a row of its own, and the fields keep their height (they
 * stretched to the chooser's when it sat in their grid row).
 */

// The app's style sheets, read by Playwright from disk (the renderer's tests load CSS as empty modules).
const styleSheets = ['../../styles.css', './batch.css'].map((relative) =>
  decodeURIComponent(new URL(relative, import.meta.url).pathname),
);

function bridge(): FakeBridge {
  return new FakeBridge({
    'projects.list': () => ({ ok: true, result: [] }),
    'export.defaultFolder': () => ({ ok: true, result: { folder: '/home/reader/Timbre Studio Exports' } }),
    // The browser shell has no system dialog: main's chooser window opens, and the panel waits for its answer.
    'files.chooseFolder': () => ({ ok: true, result: { path: null } }),
    'files.openChooser': () => ({
      ok: true,
      result: { choiceId: 'c'.repeat(32), url: `http://127.0.0.1:9/choose#choice=${'c'.repeat(32)}` },
    }),
    'files.chooserAnswer': () => new Promise(() => undefined),
  });
}

describe('AddToBatchPanel', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('keeps its fields one line tall, with the folder chooser open or closed', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const stores = storesFor(bridge());
    renderWithStores(<AddToBatchPanel onDone={() => undefined} />, stores);
    await screen.findByDisplayValue('/home/reader/Timbre Studio Exports');
    const closed = screen.getByTestId('batch-add-panel').outerHTML;
    fireEvent.click(screen.getByTestId('batch-choose-destination'));
    await screen.findByText('Show the chooser window');
    const open = screen.getByTestId('batch-add-panel').outerHTML;

    const browser = await chromium.launch(layoutChromium());
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      const box = async (selector: string) => {
        const found = await page.locator(selector).first().boundingBox();
        if (found === null) throw new Error(`${selector} is not laid out`);
        return found;
      };
      for (const markup of [closed, open]) {
        await page.setContent(`<!doctype html><main>${markup}</main>`);
        for (const sheet of styleSheets) await page.addStyleTag({ content: styleSheetText(sheet) });
        // Beside the format fields (four selects), the file names field kept growing too.
        expect((await box('[data-testid="batch-destination"]')).height).toBeLessThan(40);
        expect((await box('[data-testid="batch-name-template"]')).height).toBeLessThan(40);
      }
      const destination = await box('[data-testid="batch-destination"]');
      const template = await box('[data-testid="batch-name-template"]');
      const chooser = await box('[data-testid="file-chooser"]');
      expect(chooser.height).toBeGreaterThan(40);
      // The chooser sits below the destination field, across the panel, beside no field.
      expect(chooser.y).toBeGreaterThanOrEqual(destination.y + destination.height);
      expect(template.y).toBeGreaterThanOrEqual(chooser.y + chooser.height);
    } finally {
      await browser.close();
    }
  }, 60_000);
});

/** Two projects as main lists them: what "generate first" would send for each, as their files stand. */
function library(toGenerate: [number, number][]): ProjectListEntry[] {
  return toGenerate.map(([blocks, credits], index) => ({
    ok: true,
    fileName: `book-${index + 1}.timbre`,
    id: `book-${index + 1}`,
    title: `Book ${index + 1}`,
    modifiedAt: '2026-01-01T00:00:00.000Z',
    blockCount: 100,
    characterCount: 9_000,
    durationMs: 600_000,
    durationEstimated: true,
    toGenerate: { blocks, credits },
  }));
}

function panelWith(entries: ProjectListEntry[], confirmAboveCredits: number) {
  const bridge = new FakeBridge({
    'projects.list': () => ({ ok: true, result: entries }),
    'export.defaultFolder': () => ({ ok: true, result: { folder: '/home/reader/Timbre Studio Exports' } }),
    'batch.add': () => ({
      ok: true,
      result: {
        state: 'idle',
        items: [],
        overall: { total: 0, queued: 0, running: 0, done: 0, failed: 0, cancelled: 0, fraction: 0 },
      },
    }),
  });
  const stores = storesFor(bridge);
  stores.settings
    .getState()
    .setView(settingsView({ generation: { confirmAboveCredits, defaultVoices: {} } }));
  let done = 0;
  renderWithStores(<AddToBatchPanel onDone={() => (done += 1)} />, stores);
  const added = () => bridge.calls.filter((call) => call.method === 'batch.add').map((call) => call.input);
  return { added, done: () => done };
}

describe('AddToBatchPanel: generating first', () => {
  afterEach(cleanup);

  it('spends no credits by default, shows what generating first would take, and asks above the setting', async () => {
    const { added, done } = panelWith(
      library([
        [13, 357],
        [200, 9_000],
      ]),
      5_000,
    );
    fireEvent.click(await screen.findByTestId('batch-select-all'));
    const generate = screen.getByTestId<HTMLInputElement>('batch-generate-missing');
    expect(generate.checked).toBe(false);
    expect(screen.getByTestId('batch-generate-estimate').textContent).toBe(
      '(213 blocks, up to ≈ 9,357 credits)',
    );

    // Unticked: added at once, generating nothing.
    fireEvent.click(screen.getByTestId('batch-add-submit'));
    await waitFor(() => expect(added()).toHaveLength(1));
    expect(added()[0]).toMatchObject({ generateMissing: false });
    expect(done()).toBe(1);

    // Ticked, above 5,000 credits: the question first, with the figure; Cancel adds nothing.
    fireEvent.click(generate);
    fireEvent.click(screen.getByTestId('batch-add-submit'));
    const confirm = screen.getByTestId('generation-confirm');
    expect(confirm.textContent).toContain(
      'Generate 213 blocks of 2 projects, then export: up to ≈ 9,357 credits',
    );
    expect(confirm.textContent).toContain('confirm above 5,000 credits');
    fireEvent.click(screen.getByTestId('generation-confirm-cancel'));
    expect(added()).toHaveLength(1);

    fireEvent.click(screen.getByTestId('batch-add-submit'));
    fireEvent.click(screen.getByTestId('generation-confirm-send'));
    await waitFor(() => expect(added()).toHaveLength(2));
    expect(added()[1]).toMatchObject({ generateMissing: true });
  });

  it('adds at once when generating first stays under the setting', async () => {
    const { added } = panelWith(library([[13, 357]]), 5_000);
    fireEvent.click(await screen.findByTestId('batch-select-all'));
    fireEvent.click(screen.getByTestId('batch-generate-missing'));
    expect(screen.getByTestId('batch-generate-estimate').textContent).toBe(
      '(13 blocks, up to ≈ 357 credits)',
    );
    fireEvent.click(screen.getByTestId('batch-add-submit'));
    await waitFor(() => expect(added()).toHaveLength(1));
    expect(screen.queryByTestId('generation-confirm')).toBeNull();
    expect(added()[0]).toMatchObject({ generateMissing: true });
  });
});

describe('AddToBatchPanel: a typed destination in the browser shell', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('opens a typed folder in main’s chooser to confirm, then adds to the folder picked there', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    let answerChoice: (chosen: string) => void = () => undefined;
    const bridge = new FakeBridge({
      'app.info': () => ({
        ok: true,
        result: {
          name: 'Timbre Studio',
          version: '1.0.0',
          shell: 'browser',
          platform: 'linux',
          dataDir: '/home/reader/.local/share/timbre-studio',
          canReveal: false,
        },
      }),
      'projects.list': () => ({ ok: true, result: library([[0, 0]]) }),
      'export.defaultFolder': () => ({ ok: true, result: { folder: '/home/reader/Timbre Studio Exports' } }),
      'files.openChooser': () => ({
        ok: true,
        result: { choiceId: 'c'.repeat(32), url: `http://127.0.0.1:9/choose#choice=${'c'.repeat(32)}` },
      }),
      'files.chooserAnswer': () =>
        new Promise((resolve) => {
          answerChoice = (chosen) => resolve({ ok: true, result: { path: chosen } });
        }),
      'batch.add': () => ({
        ok: true,
        result: {
          state: 'idle',
          items: [],
          overall: { total: 0, queued: 0, running: 0, done: 0, failed: 0, cancelled: 0, fraction: 0 },
        },
      }),
    });
    const calls = (method: string) =>
      bridge.calls
        .filter((call) => call.method === method)
        .map((call) => call.input as Record<string, unknown>);
    renderWithStores(<AddToBatchPanel onDone={() => undefined} />, storesFor(bridge));
    const destination = await screen.findByDisplayValue('/home/reader/Timbre Studio Exports');
    await waitFor(() => expect(calls('app.info')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('batch-select-all'));
    fireEvent.change(destination, { target: { value: '/srv/books' } });
    expect(screen.getByTestId('batch-destination-confirm').textContent).toBe(
      'In the browser, Timbre Studio writes only where you pick in its chooser window or inside /home/reader/Timbre Studio Exports: Enter or Add opens it at this folder for you to confirm.',
    );

    fireEvent.click(screen.getByTestId('batch-add-submit'));
    await waitFor(() => expect(calls('files.chooserAnswer')).toHaveLength(1));
    expect(calls('files.openChooser')).toEqual([{ kind: 'folder', initialPath: '/srv/books' }]);
    expect(calls('batch.add')).toEqual([]);
    answerChoice('/srv/books/Audio');
    await waitFor(() => expect(calls('batch.add')).toHaveLength(1));
    expect(calls('batch.add')[0]?.destination).toBe('/srv/books/Audio');
  });
});
