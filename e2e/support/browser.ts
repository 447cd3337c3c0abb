import { existsSync } from 'node:fs';

/** Debian's Chromium (or CHROMIUM_PATH); Playwright's own browser download does not work on these machines. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (candidate): candidate is string => Boolean(candidate),
  );
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(
      'No Chromium found: install it with scripts/install-system-deps.sh or set CHROMIUM_PATH.',
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
