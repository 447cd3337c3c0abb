// Builds every bundle: the renderer (Vite), the browser shell and the Electron main process (esbuild, Node),
// and the preload (esbuild, one self-contained CommonJS file, as sandboxed preloads require).
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { chmod, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWasmKernels } from './build-wasm.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(root, 'dist');

/**
 * Every package stays external to the Electron main bundle except mediabunny and its encoders, and p-map. That
 * bundle is CommonJS: left external, `require('mediabunny')` loads mediabunny's CommonJS build while
 * `require('@mediabunny/aac-encoder')` (an ES module) imports its ES build, so the AAC encoder registers itself
 * with the other copy and the video export finds no encoder. Bundled, both resolve to the one ES build.
 * p-map is an ES module only, imported for its default export: required from CommonJS, esbuild's interop hands
 * over the whole module as `default`, and every generation failed with "import_p_map.default is not a function".
 */
export const BUNDLED_IN_ELECTRON_MAIN = /^(mediabunny|@mediabunny\/[^/]+|p-map)(\/|$)/;

/**
 * The packages the browser shell loads at every start (main/browser/startup-imports.test.ts), bundled into it.
 * The `require` its banner declares would clash with a bundled package's own top-level `require`: one that
 * declares it cannot join this list as it is.
 */
export const BUNDLED_IN_BROWSER_SHELL = /^(zod|ws|@noble\/hashes|p-map)(\/|$)/;

export function externalPackagesExcept(bundled) {
  return {
    name: 'external-packages-except',
    setup(build) {
      // Bare specifiers only (a package or a node: builtin); relative and absolute paths are the app's own files.
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.kind === 'entry-point' || path.isAbsolute(args.path) || bundled.test(args.path))
          return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

/**
 * zod's messages in English only. zod exports its 62 other languages as `z.locales`, which the app never uses,
 * and esbuild keeps them all: 340 KB of the shell's start-up code. Bundled zod took 48–65 ms to import with them
 * and 34–38 ms without, here. English is still what zod configures itself with (schemas.js imports locales/en.js itself), and
 * `z.locales.en` still exists.
 */
function zodInEnglishOnly() {
  return {
    name: 'zod-in-english-only',
    setup(build) {
      build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => {
        if (!args.importer.includes(`${path.sep}node_modules${path.sep}zod${path.sep}`)) return undefined;
        return {
          path: path.join(path.dirname(args.importer), '..', 'locales', 'en.js'),
          namespace: 'zod-locales',
        };
      });
      build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
        contents: `export { default as en } from ${JSON.stringify(args.path)};`,
        resolveDir: path.dirname(args.path),
      }));
    },
  };
}

/**
 * The browser shell's bundle into `outdir` (main/browser/startup-imports.test.ts bundles it the same way to list
 * what start-up loads).
 */
export function browserShellBundle(outdir) {
  return {
    bundle: true,
    platform: 'node',
    target: 'node20',
    entryPoints: { 'browser-main': path.join(root, 'main/browser/browser-main.ts') },
    outdir,
    outExtension: { '.js': '.mjs' },
    format: 'esm',
    // The packages every start loads are bundled (issue 42, start-up): Node's loader resolves, reads and compiles
    // each of a package's files on its own, and zod's ~80 files took 62–77 ms to import where one bundled file
    // takes 35–42 ms (ws: 49–58 ms against 21–24 ms). The rest load when first used, from node_modules.
    plugins: [externalPackagesExcept(BUNDLED_IN_BROWSER_SHELL), zodInEnglishOnly()],
    // Bundled CommonJS (ws) requires Node's own modules: an ES module has no `require` of its own.
    banner: {
      js: "import { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);",
    },
    // The services (and the libraries they import) are a chunk the shell loads after it listens, so the page
    // loads meanwhile. Chunks stay beside the entry: import.meta.url finds the workers from there.
    splitting: true,
    chunkNames: 'browser-[name]-[hash]',
  };
}

export async function buildAll({ quiet = false } = {}) {
  const started = Date.now();
  await buildWasmKernels();
  await rm(path.join(dist, 'main'), { recursive: true, force: true });
  await rm(path.join(dist, 'preload'), { recursive: true, force: true });
  // Vite keeps an NODE_ENV it finds (vitest sets "test"), which would bundle React's slow development build:
  // the app is always built as users get it.
  const callerNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await viteBuild({
      configFile: path.join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: quiet ? 'warn' : 'info',
    });
  } finally {
    if (callerNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callerNodeEnv;
  }

  const node = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning' };
  await Promise.all([
    esbuild({ ...node, ...browserShellBundle(path.join(dist, 'main')) }),
    // The `timbre` command line tool (package.json bin), beside the export worker it starts.
    esbuild({
      ...node,
      entryPoints: { timbre: path.join(root, 'main/cli/timbre.ts') },
      outdir: path.join(dist, 'main'),
      outExtension: { '.js': '.mjs' },
      format: 'esm',
      packages: 'external',
      banner: { js: '#!/usr/bin/env node' },
    }),
    // The export engine runs in worker threads; both main bundles find it as export-worker.mjs beside them.
    esbuild({
      ...node,
      entryPoints: { 'export-worker': path.join(root, 'main/services/export/export-worker.ts') },
      outdir: path.join(dist, 'main'),
      outExtension: { '.js': '.mjs' },
      format: 'esm',
      packages: 'external',
    }),
    // Imports are parsed in worker threads too (main/services/import-worker); found the same way, as import-worker.mjs.
    esbuild({
      ...node,
      entryPoints: { 'import-worker': path.join(root, 'main/services/import-worker/import-worker.ts') },
      outdir: path.join(dist, 'main'),
      outExtension: { '.js': '.mjs' },
      format: 'esm',
      packages: 'external',
    }),
    esbuild({
      ...node,
      entryPoints: { 'electron-main': path.join(root, 'main/electron/electron-main.ts') },
      outdir: path.join(dist, 'main'),
      outExtension: { '.js': '.cjs' },
      format: 'cjs',
      // The export engine's and the import's default worker paths use import.meta.url, which is empty here; the
      // Electron entry passes the workers' paths itself (exportWorkerEntry, importWorkerEntry), so the warning
      // says nothing useful.
      logOverride: { 'empty-import-meta': 'silent' },
      plugins: [externalPackagesExcept(BUNDLED_IN_ELECTRON_MAIN)],
    }),
    esbuild({
      ...node,
      entryPoints: { preload: path.join(root, 'preload/preload.ts') },
      outdir: path.join(dist, 'preload'),
      outExtension: { '.js': '.cjs' },
      format: 'cjs',
      external: ['electron'],
    }),
  ]);
  // npm sets the bin's executable bit only when it links the package; a rebuild writes a new file without it, and
  // `npx timbre` then fails with "Permission denied".
  await chmod(path.join(dist, 'main', 'timbre.mjs'), 0o755);
  if (!quiet)
    console.log(
      `Built in ${((Date.now() - started) / 1000).toFixed(1)} s → ${path.relative(process.cwd(), dist) || dist}`,
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildAll().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
