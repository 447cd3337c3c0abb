import { promises as nodeFs } from 'node:fs';
import path from 'node:path';
import {
  appImageCommandScript,
  isOurAppImageScript,
  isOurLauncherLink,
  shellQuote,
} from './cli-command-files.js';

/** The file-system calls the installer makes (node:fs/promises; a test can make one of them fail). */
export type CliInstallerFs = Pick<
  typeof nodeFs,
  'lstat' | 'readlink' | 'readFile' | 'symlink' | 'unlink' | 'mkdir' | 'writeFile' | 'chmod' | 'rename'
>;

/**
 * Runs a shell command with administrator rights, asking the user first (macOS: `osascript … with administrator
 * privileges`, as VS Code does). Rejects with the reason, or with a CliInstallCancelled when the user said no.
 */
export type PrivilegedRun = (shellCommand: string) => Promise<void>;

/** What the `timbre` command on the PATH is made of here. */
export type CliCommandTarget =
  /** macOS: a symlink (/usr/local/bin/timbre) to the launcher inside the app bundle. */
  | { kind: 'symlink'; commandPath: string; launcherPath: string }
  /** A Linux AppImage: a small script (~/.local/bin/timbre) starting the image file with --cli. */
  | { kind: 'appimage-script'; commandPath: string; appImagePath: string };

/**
 * What is at the command's place: nothing; ours and current; ours but for another copy of the app (moved, or an
 * older AppImage), which installing replaces; or somebody else's, which is never touched.
 */
export type CliCommandState =
  | { state: 'absent' }
  | { state: 'installed' }
  | { state: 'stale'; pointsTo: string }
  | { state: 'foreign'; what: string };

export class CliInstallError extends Error {
  override readonly name = 'CliInstallError';
}

/** The user declined the administrator prompt: nothing was changed. */
export class CliInstallCancelled extends CliInstallError {}

/**
 * Puts the `timbre` command on the PATH and takes it off again (Timbre Studio → Install 'timbre' command on macOS,
 * Settings → Command line tool with an AppImage). An existing file there is replaced only when it is ours; a
 * foreign one is named and left alone. Where the folder is not writable (macOS's /usr/local/bin), the change is
 * made with administrator rights through `runPrivileged`, after the OS asks the user.
 */
export class CliInstaller {
  private readonly fs: CliInstallerFs;
  private readonly runPrivileged: PrivilegedRun | undefined;

  constructor(
    readonly target: CliCommandTarget,
    options: { fs?: CliInstallerFs; runPrivileged?: PrivilegedRun } = {},
  ) {
    this.fs = options.fs ?? nodeFs;
    this.runPrivileged = options.runPrivileged;
  }

  get commandPath(): string {
    return this.target.commandPath;
  }

  async state(): Promise<CliCommandState> {
    const { commandPath } = this.target;
    let stats;
    try {
      stats = await this.fs.lstat(commandPath);
    } catch (error) {
      if (isCode(error, 'ENOENT')) return { state: 'absent' };
      throw this.failure('read', error);
    }
    if (stats.isSymbolicLink()) {
      const pointsTo = await this.fs.readlink(commandPath);
      if (
        this.target.kind === 'symlink' &&
        path.resolve(path.dirname(commandPath), pointsTo) === this.target.launcherPath
      )
        return { state: 'installed' };
      if (isOurLauncherLink(pointsTo)) return { state: 'stale', pointsTo };
      return { state: 'foreign', what: `a link to ${pointsTo}` };
    }
    if (!stats.isFile()) return { state: 'foreign', what: 'not a file' };
    if (this.target.kind === 'appimage-script' && stats.size < 4096) {
      const text = await this.fs.readFile(commandPath, 'utf8');
      if (text === appImageCommandScript(this.target.appImagePath)) return { state: 'installed' };
      if (isOurAppImageScript(text)) return { state: 'stale', pointsTo: 'another copy of the AppImage' };
    }
    return { state: 'foreign', what: 'a file of another program' };
  }

  /** Installs (or repairs) the command; refuses a foreign file with its name. */
  async install(): Promise<void> {
    const before = await this.state();
    if (before.state === 'installed') return;
    if (before.state === 'foreign') {
      throw new CliInstallError(
        `${this.commandPath} already exists and is not Timbre Studio's (${before.what}), so it was left as it is. Remove or rename it, then install the command again.`,
      );
    }
    const replace = before.state === 'stale';
    if (this.target.kind === 'appimage-script') {
      await this.writeAppImageScript(this.target.appImagePath);
    } else {
      await this.writeLink(this.target.launcherPath, replace);
    }
  }

  /** Removes the command when it is ours (current or stale); a foreign file is named and left alone. */
  async uninstall(): Promise<void> {
    const before = await this.state();
    if (before.state === 'absent') return;
    if (before.state === 'foreign') {
      throw new CliInstallError(
        `${this.commandPath} is not Timbre Studio's (${before.what}), so it was left as it is.`,
      );
    }
    try {
      await this.fs.unlink(this.commandPath);
    } catch (error) {
      if (!isPermissionError(error)) throw this.failure('remove', error);
      await this.privileged(`rm -f ${shellQuote(this.commandPath)}`, 'remove', error);
    }
  }

  private async writeLink(launcherPath: string, replace: boolean): Promise<void> {
    const folder = path.dirname(this.commandPath);
    try {
      await this.fs.mkdir(folder, { recursive: true });
      if (replace) await this.fs.unlink(this.commandPath);
      await this.fs.symlink(launcherPath, this.commandPath);
    } catch (error) {
      if (!isPermissionError(error)) throw this.failure('create', error);
      // The checks above said nothing foreign is there, so -f replaces only our own stale link.
      await this.privileged(
        `mkdir -p ${shellQuote(folder)} && ln -sf ${shellQuote(launcherPath)} ${shellQuote(this.commandPath)}`,
        'create',
        error,
      );
    }
  }

  private async writeAppImageScript(appImagePath: string): Promise<void> {
    const folder = path.dirname(this.commandPath);
    const temporary = `${this.commandPath}.${process.pid}.tmp`;
    try {
      await this.fs.mkdir(folder, { recursive: true });
      await this.fs.writeFile(temporary, appImageCommandScript(appImagePath), { mode: 0o755 });
      await this.fs.chmod(temporary, 0o755);
      await this.fs.rename(temporary, this.commandPath);
    } catch (error) {
      await this.fs.unlink(temporary).catch(() => undefined);
      throw this.failure('create', error);
    }
  }

  private async privileged(command: string, verb: 'create' | 'remove', cause: unknown): Promise<void> {
    if (!this.runPrivileged) throw this.failure(verb, cause);
    try {
      await this.runPrivileged(command);
    } catch (error) {
      if (error instanceof CliInstallCancelled) throw error;
      throw this.failure(verb, error);
    }
  }

  private failure(verb: 'create' | 'remove' | 'read', error: unknown): CliInstallError {
    const reason = error instanceof Error ? error.message : String(error);
    return new CliInstallError(`Could not ${verb} ${this.commandPath}: ${reason}`, { cause: error });
  }
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

function isPermissionError(error: unknown): boolean {
  return isCode(error, 'EACCES') || isCode(error, 'EPERM');
}
