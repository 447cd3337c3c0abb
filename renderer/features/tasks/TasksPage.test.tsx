import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_THRESHOLDS } from '../../../common/audio/take-checks.js';
import type { SettingsView } from '../../../common/ipc/contract.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { TasksPage } from './TasksPage.js';

const SERVICE = 'http://127.0.0.1:8787';

function settings(signedIn: boolean): SettingsView {
  return {
    theme: 'system',
    checks: DEFAULT_CHECK_THRESHOLDS,
    activeServiceUrl: SERVICE,
    services: [
      {
        url: SERVICE,
        label: '',
        plan: 'paid',
        active: true,
        signedIn,
        maskedToken: signedIn ? '••••3f9a' : null,
        sessionOnly: false,
      },
    ],
  };
}

describe('TasksPage', () => {
  afterEach(cleanup);

  it('says a signed-out service’s sent tasks wait for a sign-in, with a Sign in button', () => {
    const stores = storesFor(new FakeBridge({}));
    stores.settings.getState().setView(settings(false));
    stores.generation.getState().replaceJobs([
      {
        id: 'job-1',
        kind: 'task',
        serviceUrl: SERVICE,
        status: 'running',
        createdAt: '2026-11-24T05:00:00.000Z',
        submittedAt: '2026-11-24T05:00:00.000Z',
        error: {
          code: 'NOT_SIGNED_IN',
          message: 'Sent to the service earlier; the app cannot check on it while this service has no token.',
        },
      },
    ]);
    renderWithStores(<TasksPage />, stores);
    expect(screen.getByTestId('tasks-signed-out').textContent).toMatch(
      /sent tasks are checked once you sign in/,
    );
    fireEvent.click(screen.getByTestId('tasks-sign-in'));
    expect(stores.navigation.getState().page).toBe('settings');
  });

  it('shows no sign-in prompt while signed in', () => {
    const stores = storesFor(new FakeBridge({}));
    stores.settings.getState().setView(settings(true));
    renderWithStores(<TasksPage />, stores);
    expect(screen.queryByTestId('tasks-signed-out')).toBeNull();
  });
});
