import './start-intl-warm-up.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { createConnectionStore } from './bridge/connection-store.js';
import { createTimbreClient } from './bridge/timbre-client.js';
import { createWebSocketBridge } from './bridge/websocket-bridge.js';
import { createAppStores } from './stores/app-stores.js';
import { StoresProvider } from './stores/stores-context.js';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// Electron's preload provides the bridge; the browser shell talks to main over a WebSocket and reports its line.
const connection = createConnectionStore();
const bridge = window.timbre ?? createWebSocketBridge(window.location, connection);
const stores = createAppStores(createTimbreClient(bridge), { connection });

createRoot(container).render(
  <StrictMode>
    <StoresProvider stores={stores}>
      <App />
    </StoresProvider>
  </StrictMode>,
);
