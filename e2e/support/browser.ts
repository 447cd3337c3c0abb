import { existsSync } from 'node:fs';
import { assertToolsPresent, findCommand } from '../../scripts/system-tools.mjs';

/**
 * CHROMIUM_PATH, else Debian's Chromium (or one on PATH); Playwright's own browser download does not work on
 * these machines.
 */
export function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    findCommand('chromium|chromium-browser'),
  ].filter((candidate): candidate is string => Boolean(candidate));
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    // Names Chromium, what it is for and how to get it here (it throws: Chromium is on neither path).
    assertToolsPresent('e2e', 'The end-to-end journeys');
    throw new Error(
      'No Chromium found at /usr/bin/chromium or CHROMIUM_PATH: install it or set CHROMIUM_PATH.',
    );
  }
  return found;
}

/** Flags headless Chromium needs on these machines (closed network, no GPU, running as root). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
