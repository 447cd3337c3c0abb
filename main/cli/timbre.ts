import { readVersion } from './app-version.js';
import { processInterrupts, runCli } from './run-cli.js';

/**
 * `timbre` under Node: Timbre Studio's command line tool (package.json `bin`; built to dist/main/timbre.mjs). The
 * app's own binary runs the same `runCli` when started with `--cli` (main/electron/electron-cli.ts). Exit codes:
 * 0 all exported, 1 any project failed (or the tool could not start), 2 the command line is wrong, 130 Ctrl-C.
 */
void runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  onInterrupt: processInterrupts((code) => process.exit(code)),
  runtime: { appVersion: readVersion() },
}).then((code) => {
  process.exitCode = code;
  // Everything is closed by now; should a library still hold the event loop (a keychain connection), the
  // command still ends. The timer itself does not keep the process alive.
  setTimeout(() => process.exit(code), 3_000).unref();
});
