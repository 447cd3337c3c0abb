import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpIntl } from './warm-up-intl.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('warmUpIntl', () => {
  it('starts the warm-up worker as a module and keeps its failure from the page', () => {
    const started: { url: string; options: WorkerOptions | undefined; listeners: string[] }[] = [];
    class RecordingWorker {
      constructor(url: URL | string, options?: WorkerOptions) {
        started.push({ url: String(url), options, listeners: [] });
      }
      addEventListener(type: string, listener: (event: Event) => void): void {
        started.at(-1)!.listeners.push(type);
        const event = new Event(type, { cancelable: true });
        listener(event);
        expect(event.defaultPrevented).toBe(true);
      }
    }
    vi.stubGlobal('Worker', RecordingWorker);
    warmUpIntl();
    expect(started).toHaveLength(1);
    expect(started[0]!.url).toMatch(/\/intl-warm-up-worker\.ts\b/u);
    expect(started[0]!.options).toEqual({ type: 'module' });
    expect(started[0]!.listeners).toEqual(['error']);
  });

  it('does nothing where workers do not exist, and nothing when one may not start', () => {
    vi.stubGlobal('Worker', undefined);
    expect(() => warmUpIntl()).not.toThrow();
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('refused by the content security policy', 'SecurityError');
        }
      },
    );
    expect(() => warmUpIntl()).not.toThrow();
  });

  it('builds the formatters the list uses, once, then ends', async () => {
    const built: string[] = [];
    const closed = vi.fn();
    vi.stubGlobal('close', closed);
    for (const name of ['DateTimeFormat', 'Collator'] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
      vi.spyOn(Intl, name).mockImplementation(function (...args: unknown[]) {
        built.push(name);
        return new Original(...args);
      } as never);
    }
    await import('./intl-warm-up-worker.js');
    expect(built.sort()).toEqual(['Collator', 'DateTimeFormat']);
    expect(closed).toHaveBeenCalledTimes(1);
  });
});
