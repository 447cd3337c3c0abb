import { inspect } from 'node:util';
import { REDACTED, redactBearerCredentials } from '../../../common/text/index.js';
import type { LogRotation } from './rotating-log-file.js';
import { DEFAULT_LOG_ROTATION, RotatingLogFile } from './rotating-log-file.js';

export interface Logger {
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

type Level = 'info' | 'warn' | 'error';

/**
 * Writes to stderr and to a log file in the data folder, rotated at a size cap (rotating-log-file.ts: 20 MB per
 * log by default). Every line goes through `redact`, and bearer tokens are scrubbed whatever their source,
 * because a token in a log or crash report would outlive the keychain entry.
 */
export class FileLogger implements Logger {
  private readonly secrets = new Set<string>();
  private writeChain: Promise<void> = Promise.resolve();
  private readonly file: RotatingLogFile | null;

  constructor(
    filePath: string | null,
    private readonly echo: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
    rotation: LogRotation = DEFAULT_LOG_ROTATION,
  ) {
    this.file = filePath === null ? null : new RotatingLogFile(filePath, rotation);
  }

  /** Registers a secret (e.g. a token just read from the keychain) that must never be written. */
  addSecret(secret: string): void {
    if (secret.length >= 4) this.secrets.add(secret);
  }

  info(message: string, detail?: unknown): void {
    this.write('info', message, detail);
  }
  warn(message: string, detail?: unknown): void {
    this.write('warn', message, detail);
  }
  error(message: string, detail?: unknown): void {
    this.write('error', message, detail);
  }

  /** Resolves when everything logged so far has reached the file. */
  flush(): Promise<void> {
    return this.writeChain;
  }

  redact(text: string): string {
    let result = redactBearerCredentials(text);
    for (const secret of this.secrets) result = result.split(secret).join(REDACTED);
    return result;
  }

  private write(level: Level, message: string, detail?: unknown): void {
    const line = this.redact(
      `${new Date().toISOString()} ${level.toUpperCase()} ${message}${formatDetail(detail)}`,
    );
    this.echo(line);
    const file = this.file;
    if (file === null) return;
    // One append at a time: a rotation never runs between another line's size check and its write.
    this.writeChain = this.writeChain.then(() => file.append(`${line}\n`)).catch(() => undefined);
  }
}

function formatDetail(detail: unknown): string {
  if (detail === undefined) return '';
  if (detail instanceof Error) return ` — ${detail.stack ?? detail.message}`;
  // JSON keeps a line greppable; what JSON cannot write (a circular object, a BigInt inside, a function) is
  // inspected rather than printed as "[object Object]" or "undefined".
  try {
    const json = JSON.stringify(detail) as string | undefined;
    if (json !== undefined) return ` — ${json}`;
  } catch {
    // Falls through to inspect.
  }
  return ` — ${inspect(detail, { depth: 4, breakLength: Infinity })}`;
}

/** A logger that keeps lines in memory, for tests. */
export class MemoryLogger implements Logger {
  readonly lines: string[] = [];
  info(message: string): void {
    this.lines.push(`info ${message}`);
  }
  warn(message: string): void {
    this.lines.push(`warn ${message}`);
  }
  error(message: string, detail?: unknown): void {
    this.lines.push(`error ${message}${formatDetail(detail)}`);
  }
}
