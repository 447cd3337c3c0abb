import { afterAll, beforeAll } from 'vitest';
import { startStandin, type RunningStandin, type StandinOptions } from '../index.js';
import { call, expectOk, waitFor, type ApiResponse, type CallOptions } from './http-client.js';

/** Fast settings for tests: tasks finish in tens of milliseconds, no rate limit unless a test wants one. */
const FAST: StandinOptions = { speed: 100, rateLimit: 0, admin: true, syncWaitS: 5 };

export const ARIA = {
  id: '7b1e0c52-4f3a-4d8e-9b61-2a5c8f0d3e11',
  idForGenerate: 'c3d9a7e4-1b2f-4e6a-8d05-9f7b3c2a1e42',
};
export const BRUNO = {
  id: '2d8f6a1c-93e7-4b0a-a5d2-6c4e1f8b7a23',
  idForGenerate: '9e4b2c71-6d0a-4f3e-b8a1-5c7d2e9f0b64',
};

export interface StandinHandle {
  readonly standin: RunningStandin;
  readonly url: string;
  api(method: string, path: string, options?: CallOptions): Promise<ApiResponse>;
  /** Submits a task and polls until it leaves pending/processing; returns the final task data. */
  generate(body: unknown, token?: string): Promise<Record<string, unknown>>;
  waitForTask(id: string, token?: string): Promise<Record<string, unknown>>;
  admin(method: string, path: string, json?: unknown): Promise<ApiResponse>;
}

/** Starts one stand-in for the test file (beforeAll) and closes it afterwards. */
export function useStandin(options: StandinOptions = {}): StandinHandle {
  let running: RunningStandin | undefined;
  beforeAll(async () => {
    running = await startStandin({ ...FAST, ...options });
  });
  afterAll(async () => {
    await running?.close();
  });
  const standin = () => {
    if (!running) throw new Error('stand-in not started');
    return running;
  };
  const handle: StandinHandle = {
    get standin() {
      return standin();
    },
    get url() {
      return standin().url;
    },
    api: (method, path, callOptions) => call(standin().url, method, path, callOptions),
    admin: (method, path, json) =>
      call(standin().url, method, `/__standin/${path}`, {
        token: null,
        ...(json !== undefined ? { json } : {}),
      }),
    waitForTask: (id, token = 'standin-paid') =>
      waitFor(async () => {
        const task = expectOk(await call(standin().url, 'GET', `/api/tts/generate/${id}`, { token }));
        return task.status === 'pending' || task.status === 'processing' ? undefined : task;
      }, `task ${id}`),
    generate: async (body, token = 'standin-paid') => {
      const created = expectOk(await call(standin().url, 'POST', '/api/tts/generate', { token, json: body }));
      return handle.waitForTask(String(created.id), token);
    },
  };
  return handle;
}
