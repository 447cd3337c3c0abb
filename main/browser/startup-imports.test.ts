import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { browserShellBundle } from '../../scripts/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The packages the browser shell loads before the page hears from it: what it imports before listening and what
 * its services import. Every other package (mediabunny, LAME, yazl, node-id3, htmlparser2, …) is imported where it
 * is first used. Loading one at start-up costs every start its time (htmlparser2 alone was ~15 ms of the ~190 ms
 * main spent importing its services; issue 42's start-up target is 1 s with 500 projects). A package that must
 * join this list is worth measuring with scripts/bench-startup.ts first.
 */
const STARTUP_PACKAGES = ['@noble/hashes', 'mime-types', 'p-map', 'zod'];

/** The package an import path names (`@scope/name/sub.js` → `@scope/name`), or undefined for Node's own. */
function packageOf(importPath: string): string | undefined {
  if (importPath.startsWith('node:')) return undefined;
  const parts = importPath.split('/');
  return importPath.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Follows the entry's static imports through the chunks, as Node loads them before any dynamic import. */
function staticPackages(metafile: Metafile, entry: string, services: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (output: string): void => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const imported of metafile.outputs[output]?.imports ?? []) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external) {
        const name = packageOf(imported.path);
        if (name !== undefined) packages.add(name);
      } else visit(imported.path);
    }
  };
  visit(entry);
  visit(services);
  return packages;
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
    // The services chunk is the one whose entry point is app-services.ts (the shell imports it once listening).
    const services = outputs.find(
      (output) => result.metafile.outputs[output]?.entryPoint === 'main/app/app-services.ts',
    );
    expect(entry).toBeDefined();
    expect(services).toBeDefined();
    expect([...staticPackages(result.metafile, entry!, services!)].sort()).toEqual(STARTUP_PACKAGES);
  });
});
