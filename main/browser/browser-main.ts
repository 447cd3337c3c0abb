import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { defaultDataDir } from '../platform/data-dir.js';
import { FileLogger } from '../services/logging/logger.js';
import { readShellAddress, writeShellAddress } from './shell-address.js';
import { startBrowserShell } from './browser-shell.js';

/**
 * Entry of the browser shell: `node dist/main/browser-main.mjs [--port N] [--data DIR] [--renderer DIR] [--url-file FILE]`. Prints the URL to open
 * (with its secret) and runs until interrupted. Without --port it reuses the last launch's address.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      data: { type: 'string' },
      renderer: { type: 'string' },
      'url-file': { type: 'string' },
    },
  });
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dataDir = path.resolve(values.data ?? process.env.TIMBRE_DATA_DIR ?? defaultDataDir());
  const rendererDir = path.resolve(values.renderer ?? path.join(here, '..', 'renderer'));
  const logger = new FileLogger(path.join(dataDir, 'logs', 'main.log'));
  const common = { dataDir, rendererDir, appVersion: readVersion(here), logger, ...devStandinFromEnv() };
  // The URL is printed as soon as the page can load (a launcher opens it then), before main's services are ready.
  let announced = false;
  const onListening = (url: string): void => {
    announced = true;
    process.stdout.write(
      `Timbre Studio (browser shell) is running.\nOpen: ${url}\nData folder: ${dataDir}\n`,
    );
  };
  let shell;
  if (values.port !== undefined) {
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new Error(`--port must be a whole number from 0 to 65535 (got ${values.port})`);
    }
    shell = await startBrowserShell({ ...common, port, onListening });
  } else {
    // Without --port, the address of the last launch is used again when it is free, so a tab left open across a
    // restart finds the app again (and learns it was restarted) instead of losing its unsaved edits.
    const remembered = await readShellAddress(dataDir);
    try {
      shell = await startBrowserShell({ ...common, ...(remembered ?? {}), onListening });
    } catch (error) {
      // Only a remembered address that is taken is worth another try; a failure after listening is not.
      if (remembered === undefined || announced) throw error;
      shell = await startBrowserShell({ ...common, onListening });
    }
    await writeShellAddress(dataDir, shell.url);
  }
  if (values['url-file']) {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(values['url-file'], shell.url, { mode: 0o600 });
  }
  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    void shell.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/** `npm start` runs a stand-in of the service beside the app and names it here (never set in a packaged app). */
function devStandinFromEnv(env = process.env): {
  devStandin?: { url: string; token: string; voiceIds: string[] };
} {
  const url = env.TIMBRE_STANDIN_URL;
  const voiceIds = (env.TIMBRE_STANDIN_VOICES ?? '').split(',').filter(Boolean);
  return url ? { devStandin: { url, token: env.TIMBRE_STANDIN_TOKEN ?? 'standin-paid', voiceIds } } : {};
}

function readVersion(fromDir: string): string {
  for (const candidate of [
    path.join(fromDir, '..', '..', 'package.json'),
    path.join(fromDir, '..', 'package.json'),
  ]) {
    try {
      return (JSON.parse(readFileSync(candidate, 'utf8')) as { version: string }).version;
    } catch {
      // try the next location: the layout differs between the source tree and a packaged build
    }
  }
  return '0.0.0';
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Timbre Studio could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
