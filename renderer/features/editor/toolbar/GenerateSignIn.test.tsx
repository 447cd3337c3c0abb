import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleProject } from '../../../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { settingsView, signedInSettings } from '../../../test-support/settings-view.js';
import { GeneratePlayExportButtons } from './GeneratePlayExportButtons.js';

const SERVICE = 'http://127.0.0.1:8787';

/** Generate before sign-in says it needs a service and leads to the sign-in, never a dead button alone. */
describe('Generate without a service', () => {
  afterEach(cleanup);

  it('offers to sign in, opening the welcome page’s sign-in, when no service is set up', async () => {
    const stores = storesFor(new FakeBridge({}));
    stores.settings.getState().setView(settingsView());
    stores.document.getState().open({ fileName: 'sample.timbre', project: sampleProject() });
    renderWithStores(<GeneratePlayExportButtons />, stores);
    const hint = await screen.findByTestId('generation-unavailable');
    expect(hint.textContent).toContain('Generation needs a service');
    expect(screen.getByTestId<HTMLButtonElement>('generate-project').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('generation-sign-in'));
    expect(stores.navigation.getState().welcomeOpen).toBe(true);
  });

  it('sends a signed-out service to its Sign in button in Settings', async () => {
    const stores = storesFor(new FakeBridge({}));
    const saved = signedInSettings(SERVICE);
    stores.settings.getState().setView({
      ...saved,
      services: saved.services.map((service) => ({ ...service, signedIn: false })),
    });
    stores.document.getState().open({ fileName: 'sample.timbre', project: sampleProject() });
    renderWithStores(<GeneratePlayExportButtons />, stores);
    fireEvent.click(await screen.findByTestId('generation-sign-in'));
    expect(stores.navigation.getState()).toMatchObject({ page: 'settings', welcomeOpen: false });
  });
});
