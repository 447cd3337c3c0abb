import { build } from 'esbuild';
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));

/** The app's build settings for main: packages stay external, found through a node_modules link in `folder`. */
async function bundleOptions(folder: string) {
  await mkdir(folder, { recursive: true });
  await symlink(path.join(root, 'node_modules'), path.join(folder, 'node_modules'), 'dir').catch(
    () => undefined,
  );
  return {
    bundle: true,
    platform: 'node' as const,
    format: 'esm' as const,
    target: 'node20',
    packages: 'external' as const,
    logLevel: 'warning' as const,
    absWorkingDir: root,
  };
}

/**
 * A bench's runner, bundled with esbuild as the app's build bundles main, for a child process to run: so the
 * child's time and memory are the app's, without tsx. `contents` is TypeScript importing the app's modules by
 * their path from the repository's root ('./main/services/…'). Returns the bundle's path, `folder/name.mjs`.
 */
export async function bundleRunner(folder: string, name: string, contents: string): Promise<string> {
  const outfile = path.join(folder, `${name}.mjs`);
  await build({
    ...(await bundleOptions(folder)),
    stdin: { contents, resolveDir: root, sourcefile: `${name}.ts`, loader: 'ts' },
    outfile,
  });
  return outfile;
}

/** The export worker bundled as the app's build does (the engine's render halves and the AAC lanes run in it). */
export async function bundleExportWorker(folder: string): Promise<string> {
  const outfile = path.join(folder, 'export-worker.mjs');
  await build({
    ...(await bundleOptions(folder)),
    entryPoints: [path.join(root, 'main/services/export/export-worker.ts')],
    outfile,
  });
  return outfile;
}
