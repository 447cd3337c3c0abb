import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** Sources that run in main, its workers or the preload: bundled with every package left external. */
function shippedSources(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/u.test(file) && !/\.test\.tsx?$|(^|\/)test-support\//u.test(file))
    .map((file) => path.join(root, folder, file));
}

/**
 * Loaded but never installed with the app: Electron is the app itself; tsx only runs a worker's TypeScript source
 * in development and tests (worker-launcher.ts), a built app starts the bundled .mjs.
 */
const NOT_SHIPPED = new Set(['electron', 'tsx/esm/api']);

/** The packages a source loads at run time (type-only imports are erased, so they need nothing installed). */
function runtimePackages(source: string): string[] {
  const text = readFileSync(source, 'utf8');
  const specifiers = [
    ...text.matchAll(/^import (?!type )[^;]*?from '([^'.][^']*)';/gmu),
    // Loaded for its effect alone (libav.js sets a global): `import 'package';`.
    ...text.matchAll(/^import '([^'.][^']*)';/gmu),
    ...text.matchAll(/\bimport\('([^'.][^']*)'\)/gu),
  ].map((match) => match[1] ?? '');
  return specifiers
    .filter((specifier) => !specifier.startsWith('node:') && !NOT_SHIPPED.has(specifier))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

describe('runtime dependencies', () => {
  // The renderer's packages (React, zustand, howler) are bundled by Vite into dist/renderer; listed as runtime
  // dependencies, the installer would ship them a second time in node_modules.
  it('are exactly the packages main, its workers and the preload load, so the installer ships nothing twice', () => {
    const loaded = new Set(['main', 'common', 'preload'].flatMap(shippedSources).flatMap(runtimePackages));
    expect([...loaded].sort()).toEqual(Object.keys(manifest.dependencies).sort());
  });
});
