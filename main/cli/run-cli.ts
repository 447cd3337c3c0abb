import { UsageError, parseCommandLine } from './cli-args.js';
import type { CliRuntime } from './cli-export.js';
import { runExportCommand } from './cli-export.js';
import { runImportCommand } from './cli-import.js';
import { CliLockedError } from './cli-lock.js';
import type { ProgressOutput } from './cli-progress.js';
import { USAGE } from './cli-usage.js';
import { installNativeSha256 } from '../platform/native-sha256.js';

/** Where the command line tool writes, what it reads and how it learns of Ctrl-C: the process it runs in. */
export interface CliIo {
  readonly stdout: ProgressOutput;
  readonly stderr: { write(text: string): unknown };
  readonly env: NodeJS.ProcessEnv;
  /** Registers the Ctrl-C handler; returns its removal. */
  onInterrupt(handler: () => void): () => void;
  /** What differs between Node (`npx timbre`) and the app's own binary (`"Timbre Studio" --cli`). */
  readonly runtime: CliRuntime;
}

/**
 * `timbre`'s whole command line, for both of its entries: Node (timbre.ts) and the app's binary started with
 * `--cli` (main/electron/electron-cli.ts), so both answer alike. It never throws: the exit code is 0 all exported,
 * 1 any project failed (or the tool could not start), 2 the command line is wrong, 130 Ctrl-C.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  // Content hashes (batches' listings and plans) by Node's SHA-256: the same hex, ~3.5× as fast.
  installNativeSha256();
  try {
    return await runCommand(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`timbre: ${error.message}\nRun "timbre --help" for usage.\n`);
      return 2;
    }
    io.stderr.write(`timbre: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

async function runCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const command = parseCommandLine(argv);
  switch (command.kind) {
    case 'help':
      io.stdout.write(USAGE);
      return 0;
    case 'version':
      io.stdout.write(`timbre ${io.runtime.appVersion}\n`);
      return 0;
    case 'import':
      return runImportCommand(command, {
        out: (text) => void io.stdout.write(text),
        err: (text) => void io.stderr.write(text),
      });
    case 'export':
      try {
        return await runExportCommand(command, io);
      } catch (error) {
        if (!(error instanceof CliLockedError)) throw error;
        io.stderr.write(`timbre: ${error.message}\n`);
        return 1;
      }
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

/**
 * Ctrl-C as the tool's process sees it. First: stop cleanly (temporary files removed, summary printed). Second:
 * `exit(130)` at once — `process.exit` under Node, `app.exit` in the app's binary.
 */
export function processInterrupts(exit: (code: number) => void): CliIo['onInterrupt'] {
  return (handler) => {
    let count = 0;
    const listener = (): void => {
      count += 1;
      if (count === 1) handler();
      else exit(130);
    };
    process.on('SIGINT', listener);
    process.on('SIGTERM', listener);
    return () => {
      process.off('SIGINT', listener);
      process.off('SIGTERM', listener);
    };
  };
}
