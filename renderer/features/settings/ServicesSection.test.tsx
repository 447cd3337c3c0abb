import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { DEFAULT_CHECK_THRESHOLDS } from '../../../common/audio/take-checks.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { SettingsView } from '../../../common/ipc/contract.js';
import type { IpcResponse } from '../../../common/ipc/errors.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { ServicesSection } from './ServicesSection.js';

const saved: SettingsView = {
  theme: 'system',
  checks: DEFAULT_CHECK_THRESHOLDS,
  activeServiceUrl: 'http://127.0.0.1:8787',
  services: [
    {
      url: 'http://127.0.0.1:8787',
      label: '',
      plan: 'free',
      active: true,
      signedIn: false,
      maskedToken: null,
      sessionOnly: false,
    },
  ],
};

describe('ServicesSection', () => {
  afterEach(cleanup);

  it('keeps a form opened while an earlier save is still on its way', async () => {
    let answerSave: (response: IpcResponse<unknown>) => void = () => undefined;
    const bridge = new FakeBridge({
      'services.save': () =>
        new Promise((resolve) => {
          answerSave = resolve;
        }),
    });
    const stores = storesFor(bridge);
    stores.settings.getState().setView({
      theme: 'system',
      checks: DEFAULT_CHECK_THRESHOLDS,
      services: [],
      activeServiceUrl: null,
    });
    renderWithStores(<ServicesSection />, stores);

    fireEvent.click(screen.getByTestId('add-service'));
    fireEvent.change(screen.getByTestId('service-url-input'), { target: { value: 'http://127.0.0.1:8787' } });
    fireEvent.click(screen.getByTestId('save-service'));
    // Main's settings event shows the saved service (and its Edit button) before the save's own answer.
    act(() => stores.settings.getState().setView(saved));
    fireEvent.click(screen.getByTestId('edit-service'));
    await act(async () => {
      answerSave({ ok: true, result: saved });
      await Promise.resolve();
    });

    expect((screen.getByTestId('service-url-input') as HTMLInputElement).value).toBe('http://127.0.0.1:8787');
    expect(screen.queryByTestId('add-service')).toBeNull();
  });

  it('offers Sign in on a signed-out service, opening its form with the token field', () => {
    const stores = storesFor(new FakeBridge({}));
    stores.settings.getState().setView(saved);
    renderWithStores(<ServicesSection />, stores);
    expect(screen.getByTestId('sign-in-state').textContent).toBe('Not signed in');
    expect(screen.queryByTestId('sign-out')).toBeNull();
    fireEvent.click(screen.getByTestId('sign-in'));
    expect((screen.getByTestId('service-url-input') as HTMLInputElement).value).toBe('http://127.0.0.1:8787');
    expect(screen.getByTestId('service-token-input')).toBeTruthy();

    act(() =>
      stores.settings.getState().setView({
        ...saved,
        services: saved.services.map((service) => ({ ...service, signedIn: true, maskedToken: '••••3f9a' })),
      }),
    );
    expect(screen.queryByTestId('sign-in')).toBeNull();
    expect(screen.getByTestId('sign-out')).toBeTruthy();
  });
});
