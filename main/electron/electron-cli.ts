import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
  // Linux: the tool draws nothing, so Chromium must not look for X11 or Wayland ("Missing X server or
  // $DISPLAY" on a server or over ssh). What makes that so is resources/bin/timbre passing
  // --ozone-platform=headless before --cli: Electron picks its Ozone platform before this script runs, so the
  // switch set here cannot rescue the binary started by hand without a display; it only keeps the processes
  // Chromium starts later on the same platform as the launcher's.
  if (process.platform === 'linux' && app.commandLine.getSwitchValue('ozone-platform') !== 'headless') {
    app.commandLine.removeSwitch('ozone-platform');
    app.commandLine.appendSwitch('ozone-platform', 'headless');
  }
  app.disableHardwareAcceleration();
  // The tool's data folder is the app's (read before the next line); Chromium, which still starts in this process,
  // keeps its own files (Local State, caches) in sessionData — by default that same folder, beside a running app's.
  // A private temporary folder keeps them apart; it is removed at exit.
  const defaultDataDir = app.getPath('userData');
  const chromiumDir = mkdtempSync(path.join(tmpdir(), 'timbre-cli-chromium-'));
  app.setPath('sessionData', chromiumDir);
  // The first exit wins (app.exit ends the process; the double that tests it only records the code).
  let exited = false;
  const exit = (code: number): void => {
    if (exited) return;
    exited = true;
    rmSync(chromiumDir, { recursive: true, force: true });
    app.exit(code);
  };
  // Electron answers an error nothing caught (a pipe closed under the output: `timbre export … | head`) with a
  // modal "A JavaScript error occurred" box and no exit, which would hang a terminal or a script on macOS and
  // Windows. Node prints it and exits 1; so does the tool here.
  const crashed = (error: unknown): void => {
    stopCatching();
    if (exited) return;
    process.stderr.write(`timbre: ${error instanceof Error ? error.message : String(error)}\n`);
    exit(1);
  };
  const stopCatching = (): void => {
    process.off('uncaughtException', crashed);
    process.off('unhandledRejection', crashed);
  };
  process.on('uncaughtException', crashed);
  process.on('unhandledRejection', crashed);
  void runCli(argv, {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    onInterrupt: processInterrupts(exit),
    runtime: {
      appVersion: app.getVersion(),
      // This bundle is CommonJS (no import.meta.url): the worker bundle sits beside it (scripts/build.mjs).
      exportWorkerEntry: path.join(__dirname, 'export-worker.mjs'),
      defaultDataDir,
    },
  }).then(async (code) => {
    // app.exit ends the process at once: output still queued for a pipe (`timbre export … | tee log`) would be
    // lost, where Node's own exit waits for it.
    await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
    stopCatching();
    exit(code);
  });
}

/** Resolves once what was written to `stream` has been handed to the OS (at most 3 s: a reader may be stuck). */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  if (stream.writableLength === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 3_000);
    stream.write('', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
