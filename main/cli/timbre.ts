import { readVersion } from './app-version.js';
import { UsageError, parseCommandLine } from './cli-args.js';
import { runExportCommand } from './cli-export.js';
import { runImportCommand } from './cli-import.js';
import { CliLockedError } from './cli-lock.js';
import { USAGE } from './cli-usage.js';

/**
 * `timbre`: Timbre Studio's command line tool (package.json `bin`; built to dist/main/timbre.mjs). Exit codes:
 * 0 all exported, 1 any project failed (or the tool could not start), 2 the command line is wrong, 130 Ctrl-C.
 */
async function main(argv: readonly string[]): Promise<number> {
  let command;
  try {
    command = parseCommandLine(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`timbre: ${error.message}\nRun "timbre --help" for usage.\n`);
    return 2;
  }
  switch (command.kind) {
    case 'help':
      process.stdout.write(USAGE);
      return 0;
    case 'version':
      process.stdout.write(`timbre ${readVersion()}\n`);
      return 0;
    case 'import':
      return runImportCommand(command, {
        out: (text) => void process.stdout.write(text),
        err: (text) => void process.stderr.write(text),
      });
    case 'export':
      try {
        return await runExportCommand(command, {
          stdout: process.stdout,
          env: process.env,
          onInterrupt: (handler) => onInterrupt(handler),
        });
      } catch (error) {
        if (error instanceof UsageError) {
          process.stderr.write(`timbre: ${error.message}\nRun "timbre --help" for usage.\n`);
          return 2;
        }
        if (error instanceof CliLockedError) {
          process.stderr.write(`timbre: ${error.message}\n`);
          return 1;
        }
        throw error;
      }
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** First Ctrl-C: stop cleanly (temporary files removed, summary printed). Second: quit at once. */
function onInterrupt(handler: () => void): () => void {
  let count = 0;
  const listener = (): void => {
    count += 1;
    if (count === 1) handler();
    else process.exit(130);
  };
  process.on('SIGINT', listener);
  process.on('SIGTERM', listener);
  return () => {
    process.off('SIGINT', listener);
    process.off('SIGTERM', listener);
  };
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    // Everything is closed by now; should a library still hold the event loop (a keychain connection), the
    // command still ends. The timer itself does not keep the process alive.
    setTimeout(() => process.exit(code), 3_000).unref();
  },
  (error: unknown) => {
    process.stderr.write(`timbre: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
