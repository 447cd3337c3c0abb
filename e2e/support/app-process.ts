import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RunningApp {
  url: string;
  origin: string;
  dataDir: string;
  /** Stops the app (as a user quitting would) without deleting its data folder. */
  stop(): Promise<void>;
  /** Stops the app and deletes its data folder. */
  dispose(): Promise<void>;
}

/**
 * Starts the built browser shell as users run it (`node dist/main/browser-main.mjs`), in its own temporary
 * data folder unless one is given (to reopen the same data after a restart).
 */
export async function startApp(
  options: {
    dataDir?: string;
    env?: Record<string, string>;
    /** Start as `npm start` does: on the last launch's address when it is free (a restart keeps its tabs). */
    rememberAddress?: boolean;
    /** Settings a fresh data folder starts with (ignored when reopening one), e.g. the welcome page already left. */
    seedSettings?: Record<string, unknown>;
  } = {},
): Promise<RunningApp> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'timbre-e2e-')));
  if (options.dataDir === undefined && options.seedSettings !== undefined) {
    const settings = { schemaVersion: 1, theme: 'system', services: [], activeServiceUrl: null };
    await writeFile(
      path.join(dataDir, 'settings.json'),
      JSON.stringify({ ...settings, ...options.seedSettings }),
    );
  }
  const child = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'dist/main/browser-main.mjs'),
      '--data',
      dataDir,
      ...(options.rememberAddress === true ? [] : ['--port', '0']),
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const url = await readUrl(child);
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return {
    url,
    origin: new URL(url).origin,
    dataDir,
    stop,
    async dispose() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function readUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`The app did not print its URL in 20 s:\n${output}`)),
      20_000,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Open: (\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The app exited with code ${code} before printing its URL:\n${output}`));
    });
  });
}
