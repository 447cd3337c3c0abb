import type { RenderResult } from '@testing-library/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { TimbreBridge } from '../../common/ipc/api.js';
import { createTimbreClient } from '../bridge/timbre-client.js';
import type { AppStores } from '../stores/app-stores.js';
import { createAppStores } from '../stores/app-stores.js';
import { StoresProvider } from '../stores/stores-context.js';

/** A fresh set of the window's stores around a bridge: each test gets its own, nothing global to reset. */
export function storesFor(bridge: TimbreBridge): AppStores {
  return createAppStores(createTimbreClient(bridge));
}

/** Renders a component tree inside StoresProvider, as main.tsx does for the real window. */
export function renderWithStores(ui: ReactElement, stores: AppStores): RenderResult {
  return render(<StoresProvider stores={stores}>{ui}</StoresProvider>);
}
