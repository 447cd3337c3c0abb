import { warmUpIntl } from './shared/warm-up-intl.js';

// main.tsx imports this first, so the worker starts before the rest of the page's modules run, not after them.
warmUpIntl();
