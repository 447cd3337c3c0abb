import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { BUNDLED_IN_BROWSER_SHELL, browserShellBundle } from '../../scripts/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The packages the browser shell loads before the page hears from it: what it imports before listening and what
 * its services and its socket import. Every other package (mediabunny, LAME, yazl, node-id3, htmlparser2, …) is
 * imported where it is first used. Loading one at start-up costs every start its time (htmlparser2 alone was
 * ~15 ms of the ~190 ms main spent importing its services; issue 42's start-up target is 1 s with 500 projects).
 * A package that must join this list is worth measuring with scripts/bench-startup.ts first. Those start-up packages are bundled into
 * the shell (scripts/build.mjs, BUNDLED_IN_BROWSER_SHELL): Node's loader then reads and compiles one file instead
 * of each of theirs.
 */
const STARTUP_PACKAGES = ['@noble/hashes', 'mime-types', 'p-map', 'ws', 'zod'];
/** mime-types is left in node_modules: most of its import is parsing mime-db's JSON, which bundling does not save. */
const STARTUP_PACKAGES_LOADED_FROM_NODE_MODULES = ['mime-types'];

/** The package an import path names (`@scope/name/sub.js` → `@scope/name`), or undefined for Node's own. */
function packageOf(importPath: string): string | undefined {
  if (importPath.startsWith('node:')) return undefined;
  const parts = importPath.split('/');
  return importPath.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The package a bundled input file belongs to (`node_modules/@scope/name/x.js` → `@scope/name`). */
function packageOfInput(inputPath: string): string | undefined {
  const inside = inputPath.split('node_modules/').pop();
  return inside === inputPath || inside === undefined ? undefined : packageOf(inside);
}

/**
 * Follows each start-up chunk's static imports through the chunks, as Node loads them with it: the
 * packages those chunks import from node_modules, and those bundled into them.
 */
function startupPackages(
  metafile: Metafile,
  startChunks: readonly string[],
): { fromNodeModules: Set<string>; bundled: Set<string> } {
  const fromNodeModules = new Set<string>();
  const bundled = new Set<string>();
  const seen = new Set<string>();
  const visit = (output: string): void => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const input of Object.keys(metafile.outputs[output]?.inputs ?? {})) {
      const name = packageOfInput(input);
      if (name !== undefined) bundled.add(name);
    }
    for (const imported of metafile.outputs[output]?.imports ?? []) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external) {
        const name = packageOf(imported.path);
        if (name !== undefined) fromNodeModules.add(name);
      } else visit(imported.path);
    }
  };
  for (const chunk of startChunks) visit(chunk);
  return { fromNodeModules, bundled };
}

describe('the browser shell at start-up', () => {
  it('loads only the packages it needs before the page hears from it', async () => {
    const result = await build({
      ...browserShellBundle(path.join(root, '.scratch', 'startup-imports')),
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const outputs = Object.keys(result.metafile.outputs);
    const entry = outputs.find((output) => output.endsWith('browser-main.mjs'));
    // The chunks the shell imports once listening: its services (app-services.ts) and the socket (ws-binding.ts).
    const services = outputs.find(
      (output) => result.metafile.outputs[output]?.entryPoint === 'main/app/app-services.ts',
    );
    const socket = outputs.find(
      (output) => result.metafile.outputs[output]?.entryPoint === 'main/browser/ws-binding.ts',
    );
    expect(entry).toBeDefined();
    expect(services).toBeDefined();
    expect(socket).toBeDefined();
    const { fromNodeModules, bundled } = startupPackages(result.metafile, [entry!, services!, socket!]);
    expect([...fromNodeModules, ...bundled].sort()).toEqual(STARTUP_PACKAGES);
    expect([...fromNodeModules]).toEqual(STARTUP_PACKAGES_LOADED_FROM_NODE_MODULES);
    for (const name of bundled) expect(BUNDLED_IN_BROWSER_SHELL.test(name), name).toBe(true);
    // zod's other languages are left out (scripts/build.mjs, zodInEnglishOnly): 340 KB that every start compiled.
    const zodLocales = Object.values(result.metafile.outputs)
      .flatMap((output) => Object.keys(output.inputs))
      .filter((input) => input.includes('zod/v4/locales/'))
      .map((input) => path.basename(input));
    expect([...new Set(zodLocales)]).toEqual(['en.js']);
  });
});
