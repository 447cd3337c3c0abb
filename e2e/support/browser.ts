import { HEADLESS_CHROMIUM_ARGS, requireChromium } from '../../scripts/system-tools.mjs';

/**
 * CHROMIUM_PATH, else Debian's Chromium (or one on PATH); Playwright's own browser download does not work on
 * these machines. The one lookup the renderer's layout tests and the WebVTT check share (scripts/system-tools.mjs);
 * without a browser it throws, naming Chromium, what it is for and how to get it here.
 */
export function chromiumPath(): string {
  return requireChromium('The end-to-end journeys');
}

/** Flags headless Chromium needs on these machines (closed network, no GPU, running as root). */
export const chromiumArgs = [...HEADLESS_CHROMIUM_ARGS];
