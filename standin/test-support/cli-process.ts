import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const standinDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const repoRoot = path.dirname(standinDir);

export interface CliProcess {
  child: ChildProcessWithoutNullStreams;
  url: string;
  /** Every stdout line so far. */
  lines: string[];
  /** SIGTERM, then resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Runs `standin/cli.ts` (via tsx, as `npm run standin` does) and waits for its "listening" line. */
export async function startCliProcess(args: string[]): Promise<CliProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(standinDir, 'cli.ts'), ...args], {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        const match = /^Stand-in service listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
        if (match?.[1]) resolve(match[1]);
      }
    });
    void exited.then((code) => reject(new Error(`stand-in exited with ${code}: ${stderr}`)));
  });
  return {
    child,
    url,
    lines,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Runs the CLI to completion (for --help and bad flags). */
export function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(standinDir, 'cli.ts'), ...args], {
      cwd: repoRoot,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
