import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { IpcError } from '../../../../common/ipc/errors.js';
import type { OpenResult, OpenedProject } from '../project-library.js';
import { ProjectService } from '../project-service.js';
import type { ProjectServiceOptions } from '../project-service.js';

/** A fresh data folder and a settable clock for each test of ProjectService. */
export interface TempProjectsFolder {
  /** The data folder of the running test (set in beforeEach). */
  readonly dataDir: string;
  /** What the services' clock says, in ms; starts at 2024-06-01 12:00 UTC in each test. */
  clockMs: number;
  /** A ProjectService on the data folder and the clock. */
  service: (options?: Partial<ProjectServiceOptions>) => ProjectService;
  projectsDir: () => string;
  fileOf: (fileName: string) => string;
}

export function useTempProjectsFolder(): TempProjectsFolder {
  let dataDir = '';
  const folder: TempProjectsFolder = {
    get dataDir() {
      return dataDir;
    },
    clockMs: 0,
    service: (options = {}) =>
      new ProjectService({ dataDir, now: () => new Date(folder.clockMs), ...options }),
    projectsDir: () => path.join(dataDir, 'projects'),
    fileOf: (fileName) => path.join(folder.projectsDir(), fileName),
  };
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-projects-'));
    folder.clockMs = Date.parse('2024-06-01T12:00:00.000Z');
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  return folder;
}

export function opened(result: OpenResult): OpenedProject {
  if (!result.ok) throw new Error(`expected the project to open: ${result.message}`);
  return result;
}

/** The IpcError `promise` fails with (the test fails when it succeeds or fails otherwise). */
export async function ipcError(promise: Promise<unknown>): Promise<IpcError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof IpcError) return error;
    throw error;
  }
  throw new Error('expected an IpcError');
}
