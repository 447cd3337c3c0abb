import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.restoreAllMocks());

/**
 * The page's first Intl object loads ICU's data: 27–105 ms on this machine's main thread at start-up (issue 42).
 * intl-warm-up-worker.ts loads it beside the page instead, which helps only if nothing the page loads builds one
 * first: formatters are built at their first use, and the schemas' limits are grouped without Intl.
 */
describe('the page at start-up', () => {
  it('loads its first screen’s modules without building an Intl object', async () => {
    const built: string[] = [];
    for (const name of [
      'NumberFormat',
      'DateTimeFormat',
      'Collator',
      'PluralRules',
      'RelativeTimeFormat',
      'DisplayNames',
      'ListFormat',
      'Segmenter',
    ] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
      vi.spyOn(Intl, name).mockImplementation(function (...args: unknown[]) {
        built.push(`Intl.${name}`);
        return new Original(...args);
      } as never);
    }
    type Methods = Record<string, (...args: unknown[]) => unknown>;
    const watched: [Methods, string][] = [
      [Number.prototype as unknown as Methods, 'toLocaleString'],
      [String.prototype as unknown as Methods, 'localeCompare'],
      [Date.prototype as unknown as Methods, 'toLocaleString'],
      [Date.prototype as unknown as Methods, 'toLocaleDateString'],
      [Date.prototype as unknown as Methods, 'toLocaleTimeString'],
    ];
    for (const [owner, method] of watched) {
      const original = owner[method]!;
      vi.spyOn(owner, method).mockImplementation(function (this: unknown, ...args: unknown[]) {
        built.push(method);
        return original.apply(this, args);
      });
    }
    await import('./App.js');
    await import('../stores/app-stores.js');
    await import('../bridge/websocket-bridge.js');
    await import('../bridge/timbre-client.js');
    expect(built).toEqual([]);
  });
});
