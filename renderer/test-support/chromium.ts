import { HEADLESS_CHROMIUM_ARGS, requireChromium } from '../../scripts/system-tools.mjs';

/**
 * Launch options for the browser the layout tests lay components out in: the journeys' own lookup
 * (CHROMIUM_PATH, else Debian's Chromium; scripts/system-tools.mjs), with the flags these machines need (no GPU,
 * running as root). Throws, saying how to get a browser, when there is none.
 */
export function layoutChromium(): { executablePath: string; args: string[] } {
  return {
    executablePath: requireChromium("The renderer's layout tests"),
    args: [...HEADLESS_CHROMIUM_ARGS],
  };
}
