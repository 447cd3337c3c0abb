import path from 'node:path';
import { Menu, app } from 'electron';
import { processInterrupts, runCli } from '../cli/run-cli.js';

/**
 * The app's binary as the `timbre` tool (`"Timbre Studio" --cli …`, what resources/bin/timbre runs): the CLI's
 * own code (main/cli/run-cli.ts) on its own services, with its output and exit codes. No window, menu, dock icon
 * or single-instance lock, so it runs beside an open app as `npx timbre` does. The packaged binary keeps its
 * RunAsNode fuse off: this is Electron's main process running the tool, not Node running dist/main/timbre.mjs.
 * It does not wait for `ready`: the tool needs nothing of Chromium's.
 */
export function runCliInElectron(argv: readonly string[]): void {
  // macOS: no dock icon and no menu bar for a command run in a terminal (`dock` exists only on macOS).
  app.dock?.hide();
  Menu.setApplicationMenu(null);
  const exit = (code: number): void => app.exit(code);
  void runCli(argv, {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    onInterrupt: processInterrupts(exit),
    runtime: {
      appVersion: app.getVersion(),
      // This bundle is CommonJS (no import.meta.url): the worker bundle sits beside it (scripts/build.mjs).
      exportWorkerEntry: path.join(__dirname, 'export-worker.mjs'),
      defaultDataDir: app.getPath('userData'),
    },
  }).then(exit);
}
