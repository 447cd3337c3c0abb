import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_THRESHOLDS } from '../../common/audio/take-checks.js';
import { methodNames } from '../../common/ipc/contract.js';
import { IpcError } from '../../common/ipc/errors.js';
import { MemoryLogger } from '../services/logging/logger.js';
import type { MethodHandlers } from './dispatcher.js';
import { createDispatcher } from './dispatcher.js';

function handlers(overrides: Partial<MethodHandlers> = {}): MethodHandlers {
  const view = { theme: 'system' as const, services: [], activeServiceUrl: null };
  const unused = (): never => {
    throw new IpcError({ code: 'INTERNAL', message: 'not used in this test' });
  };
  const all = Object.fromEntries(methodNames.map((name) => [name, unused])) as unknown as MethodHandlers;
  return {
    ...all,
    'app.info': () => ({
      name: 'Timbre Studio',
      version: '1.0.0',
      shell: 'browser',
      platform: 'linux',
      dataDir: '/tmp',
    }),
    'settings.get': () => view,
    'settings.setTheme': ({ theme }) => ({ ...view, theme }),
    'services.save': (input) => ({ ...view, activeServiceUrl: input.url }),
    'services.remove': () => view,
    'services.activate': () => view,
    ...overrides,
  } as MethodHandlers;
}

describe('IPC dispatcher', () => {
  it('refuses to be built with a contract method left without a handler, naming it', () => {
    const partial = { ...handlers() } as Partial<MethodHandlers>;
    delete partial['jobs.retry'];
    expect(() => createDispatcher(partial as MethodHandlers, new MemoryLogger())).toThrow(
      'IPC methods without a handler: jobs.retry',
    );
  });

  it('rejects an invalid input in main, naming the field and the rule', async () => {
    const dispatch = createDispatcher(handlers(), new MemoryLogger());
    const response = await dispatch('services.save', { url: 'ftp://example.com', label: 'x', plan: 'free' });
    expect(response.ok).toBe(false);
    if (response.ok) return;
    expect(response.error.code).toBe('INVALID_INPUT');
    expect(response.error.field).toBe('url');
    expect(response.error.message).toBe('services.save: "url" must use http:// or https:// (got "ftp:")');
  });

  it('rejects unexpected fields rather than ignoring them', async () => {
    const dispatch = createDispatcher(handlers(), new MemoryLogger());
    const response = await dispatch('settings.setTheme', { theme: 'dark', colour: 'red' });
    expect(response).toEqual({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: 'settings.setTheme: the input has unexpected field(s): colour',
      },
    });
  });

  it('rejects a wrong enum value with the allowed values', async () => {
    const dispatch = createDispatcher(handlers(), new MemoryLogger());
    const response = await dispatch('settings.setTheme', { theme: 'purple' });
    expect(response.ok).toBe(false);
    if (response.ok) return;
    expect(response.error.field).toBe('theme');
    expect(response.error.message).toContain('"theme"');
    expect(response.error.message).toContain('"dark"');
  });

  it('refuses methods outside the contract, including prototype names', async () => {
    const dispatch = createDispatcher(handlers(), new MemoryLogger());
    for (const method of ['settings.delete', 'toString', '__proto__', 42]) {
      const response = await dispatch(method, undefined);
      expect(response.ok).toBe(false);
      if (!response.ok) expect(response.error.code).toBe('UNKNOWN_METHOD');
    }
  });

  it('passes validated, defaulted input to the handler and returns its result', async () => {
    const seen: unknown[] = [];
    const dispatch = createDispatcher(
      handlers({
        'services.save': (input) => {
          seen.push(input);
          return {
            theme: 'system',
            checks: DEFAULT_CHECK_THRESHOLDS,
            services: [],
            activeServiceUrl: input.url,
          };
        },
      }),
      new MemoryLogger(),
    );
    const response = await dispatch('services.save', { url: 'HTTPS://API.Example.com/v1/' });
    expect(response).toEqual({
      ok: true,
      result: {
        theme: 'system',
        checks: DEFAULT_CHECK_THRESHOLDS,
        services: [],
        activeServiceUrl: 'https://api.example.com/v1',
      },
    });
    expect(seen).toEqual([{ url: 'https://api.example.com/v1', label: '', plan: 'free', makeActive: true }]);
  });

  it('keeps an IpcError thrown by a handler whole, and hides unexpected errors behind a plain message', async () => {
    const logger = new MemoryLogger();
    const dispatch = createDispatcher(
      handlers({
        'services.remove': () => {
          throw new IpcError({ code: 'NOT_FOUND', field: 'url', message: 'No saved service has the URL x.' });
        },
        'services.activate': () => {
          throw new Error('disk on fire at /secret/path');
        },
      }),
      logger,
    );
    expect(await dispatch('services.remove', { url: 'https://x.example' })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', field: 'url', message: 'No saved service has the URL x.' },
    });
    const hidden = await dispatch('services.activate', { url: 'https://x.example' });
    expect(hidden).toEqual({
      ok: false,
      error: {
        code: 'INTERNAL',
        message: 'Something went wrong in services.activate. Details are in the log.',
      },
    });
    expect(logger.lines.some((line) => line.includes('disk on fire'))).toBe(true);
  });
});
