import { spawn } from 'node:child_process';
import {
  detectSystem,
  findMissingTools,
  missingToolsMessage,
  systemCommandFinder,
  SYSTEM_TOOLS,
} from '../../scripts/system-tools.mjs';

export interface ProcessResult {
  stdout: Buffer;
  stderr: string;
}

/**
 * Runs a command to completion, feeding `stdin` and collecting stdout; a non-zero exit throws with the tail of
 * stderr so the failure says why.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  stdin?: Buffer | string,
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      // Only the tail matters for the error message; do not let a chatty tool grow memory.
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.on('error', (error) =>
      reject(new Error(`${command} could not start: ${whyNotStarted(command, error)}`)),
    );
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout: Buffer.concat(stdout), stderr });
      else
        reject(
          new Error(
            `${command} exited with code ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
          ),
        );
    });
    // A tool that exits before reading all of stdin closes the pipe; that is reported by the exit code instead.
    child.stdin.on('error', () => undefined);
    child.stdin.end(stdin);
  });
}

/** The spawn error, or, for a system tool that is not installed, which it is and how to get it. */
export function whyNotStarted(command: string, error: NodeJS.ErrnoException): string {
  const tool = SYSTEM_TOOLS.find((candidate) => candidate.commands.includes(command));
  if (error.code !== 'ENOENT' || !tool) return error.message;
  const missing = findMissingTools([tool.id]);
  const system = detectSystem({ platform: process.platform, hasCommand: systemCommandFinder() });
  return missingToolsMessage({
    who: 'The stand-in service',
    missing: missing.length > 0 ? missing : [{ tool }],
    system,
  });
}
