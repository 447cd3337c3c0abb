import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { Project } from '../../../common/project/index.js';
import {
  createProject,
  createTextBlock,
  readProjectFile,
  writeProjectFile,
} from '../../../common/project/index.js';
import type { RunningStandin } from '../../../standin/index.js';
import { startStandin } from '../../../standin/index.js';

/**
 * The real `timbre` process (from the sources, through tsx) against the stand-in, for the CLI's integration tests:
 * one stand-in and one work folder per test file, and the project files the runs read and write.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
/** The environment variable the runs' --token-env names; it holds the stand-in's paid token. */
export const TOKEN_VARIABLE = 'TIMBRE_TEST_TOKEN';

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function timbre(args: string[], { timeoutMs }: { timeoutMs?: number } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const { TIMBRE_DATA_DIR: _ignored, ...env } = process.env;
    const child = spawn(process.execPath, [tsxCli, path.join(root, 'main/cli/timbre.ts'), ...args], {
      cwd: root,
      env: { ...env, [TOKEN_VARIABLE]: 'standin-paid' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a run stopped for hanging takes tsx's node child along.
      detached: timeoutMs !== undefined,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    // A run that should end at once is stopped when it does not, so a hang fails the test instead of the suite.
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
          }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export async function readBack(filePath: string): Promise<Project> {
  const result = readProjectFile(await readFile(filePath, 'utf8'));
  if (!result.ok) throw new Error(result.message);
  return result.project;
}

/**
 * The stand-in and folders of one test file. Read its fields inside tests (they are set in beforeAll); its
 * functions may be taken apart.
 */
export interface CliWorld {
  readonly standin: RunningStandin;
  readonly workDir: string;
  readonly dataDir: string;
  readonly projectsDir: string;
  /** A project on the stand-in's first market voice, one text block per text. */
  project: (title: string, texts: string[]) => Project;
  saveProject: (fileName: string, value: Project) => Promise<string>;
  /** How many tasks the stand-in has been sent so far. */
  taskPosts: () => number;
}

/** Starts a stand-in and a work folder before the file's tests, and removes both after them. */
export function useCliWorld(): CliWorld {
  let standin: RunningStandin | undefined;
  let workDir = '';
  const started = (): RunningStandin => {
    if (!standin) throw new Error('the CLI world is read before its beforeAll ran');
    return standin;
  };
  const world: CliWorld = {
    get standin() {
      return started();
    },
    get workDir() {
      return workDir;
    },
    get dataDir() {
      return path.join(workDir, 'data');
    },
    get projectsDir() {
      return path.join(workDir, 'projects');
    },
    project: (title, texts) => {
      const voice = started().marketVoices[0];
      if (!voice) throw new Error('the stand-in has market voices');
      const base = createProject({
        title,
        serviceUrl: started().url,
        defaults: { voiceId: voice.idForGenerate, voiceName: voice.name, language: 'en' },
      });
      return {
        ...base,
        tracks: { ...base.tracks, speech: { blocks: texts.map((text) => createTextBlock({ text })) } },
      };
    },
    saveProject: async (fileName, value) => {
      const filePath = path.join(world.projectsDir, fileName);
      await writeFile(filePath, writeProjectFile(value));
      return filePath;
    },
    taskPosts: () => {
      return started()
        .ledger({ kind: 'task' })
        .filter((entry) => entry.method === 'POST').length;
    },
  };
  beforeAll(async () => {
    standin = await startStandin({ speed: 50, rateLimit: 0 });
    workDir = await mkdtemp(path.join(tmpdir(), 'timbre-cli-it-'));
    await mkdir(world.projectsDir, { recursive: true });
  });
  afterAll(async () => {
    await standin?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });
  return world;
}
