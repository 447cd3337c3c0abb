import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_THRESHOLDS } from '../../../common/audio/take-checks.js';
import type { AppInfo } from '../../../common/ipc/contract.js';
import type { VoiceView } from '../../../common/voices/voice-view.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { DataFolderSection } from './DataFolderSection.js';
import { StandinVoicesSection } from './StandinVoicesSection.js';

const STANDIN = 'http://127.0.0.1:8787';
const VOICE_ID = '0b7e9c4a-2f1d-4c3b-9a8e-7d6c5b4a3f21';

function info(more: Partial<AppInfo>): AppInfo {
  return {
    name: 'Timbre Studio',
    version: '1.0.0',
    shell: 'browser',
    platform: 'linux',
    dataDir: '/home/ana/.local/share/timbre-studio',
    canReveal: false,
    ...more,
  };
}

function setup(answer: AppInfo, activeUrl = STANDIN) {
  const bridge = new FakeBridge({
    'app.info': () => ({ ok: true, result: answer }),
    'files.reveal': () => ({ ok: true, result: { revealed: true } }),
  });
  const stores = storesFor(bridge);
  stores.settings.getState().setView({
    theme: 'system',
    checks: DEFAULT_CHECK_THRESHOLDS,
    activeServiceUrl: activeUrl,
    services: [
      {
        url: activeUrl,
        label: '',
        plan: 'paid',
        active: true,
        signedIn: true,
        maskedToken: '…1234',
        sessionOnly: false,
      },
    ],
  });
  return { bridge, stores };
}

describe('Settings: where things are', () => {
  afterEach(cleanup);

  it('shows the data folder with a copy button, and "Show in folder" only where the shell can open it', async () => {
    const browser = setup(info({}));
    renderWithStores(<DataFolderSection />, browser.stores);
    expect(await screen.findByTestId('data-folder-path')).toHaveProperty(
      'textContent',
      'Data folder /home/ana/.local/share/timbre-studioCopy',
    );
    expect(screen.queryByTestId('data-folder-reveal')).toBeNull();
    cleanup();

    const desktop = setup(info({ shell: 'electron', canReveal: true }));
    renderWithStores(<DataFolderSection />, desktop.stores);
    fireEvent.click(await screen.findByTestId('data-folder-reveal'));
    await waitFor(() =>
      expect(desktop.bridge.calls.filter((call) => call.method === 'files.reveal')).toEqual([
        { method: 'files.reveal', input: { path: '/home/ana/.local/share/timbre-studio' } },
      ]),
    );
  });

  it("lists the stand-in's market voice ids while it is the active service, named when in the library", async () => {
    const withStandin = info({ devStandin: { url: STANDIN, voiceIds: [VOICE_ID, 'other-id'] } });
    const { stores } = setup(withStandin);
    stores.serviceLibrary.getState().setVoices(STANDIN, [{ id: VOICE_ID, name: 'Aria' } as VoiceView]);
    renderWithStores(<StandinVoicesSection />, stores);
    const rows = await screen.findAllByTestId('standin-voice');
    expect(rows.map((row) => row.textContent)).toEqual([
      `Aria Voice id ${VOICE_ID}Copy`,
      ' Voice id other-idCopy',
    ]);
    cleanup();

    // Another service active: nothing about the stand-in.
    const other = setup(withStandin, 'https://api.example.com');
    renderWithStores(<StandinVoicesSection />, other.stores);
    await waitFor(() => expect(other.bridge.calls.map((call) => call.method)).toContain('app.info'));
    expect(screen.queryByTestId('standin-voices-section')).toBeNull();
  });
});
