import { execFile } from 'node:child_process';
import { CliInstallCancelled } from './cli-installer.js';

/**
 * Runs a shell command as administrator on macOS: the system asks for the user's password (as VS Code's
 * "Install 'code' command" does when /usr/local/bin is not writable). "Cancel" there is error -128.
 */
export function macosPrivilegedRun(shellCommand: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('/usr/bin/osascript', ['-e', privilegedScript(shellCommand)], (error, _stdout, stderr) => {
      if (!error) {
        resolve();
        return;
      }
      if (/\(-128\)/u.test(stderr)) {
        reject(new CliInstallCancelled('The administrator prompt was cancelled, so nothing was changed.'));
        return;
      }
      reject(new Error(stderr.trim() || error.message));
    });
  });
}

/** The AppleScript that runs `shellCommand` with administrator privileges. */
export function privilegedScript(shellCommand: string): string {
  const quoted = shellCommand.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
  return `do shell script "${quoted}" with administrator privileges`;
}
