import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { chooserApi } from './chooser-api.js';
import { ChooserPage } from './ChooserPage.js';
import '../styles.css';
import './chooser.css';

// main/browser/chooser-server.ts serves this page at /choose#choice=<id> on the chooser's own origin.
const container = document.getElementById('root');
if (!container) throw new Error('The chooser page has no #root element.');
const choiceId = new URLSearchParams(window.location.hash.slice(1)).get('choice') ?? '';

createRoot(container).render(
  <StrictMode>
    <ChooserPage api={chooserApi(choiceId)} close={() => window.close()} />
  </StrictMode>,
);
