import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PackagingExpectations } from './packaging-rules.js';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

interface BuilderConfig {
  productName: string;
  executableName?: string;
  linux?: { executableName?: string };
  fileAssociations: { ext: string; mimeType: string }[];
  deb: { depends: string[] };
}

// electron-builder's own loader, so the expectations read electron-builder.yml exactly as the build does.
const { getConfig } = require('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string, fromOptions: null): Promise<BuilderConfig>;
};

/**
 * Debian packages Electron's Linux binary cannot start without (GTK, NSS, GBM, ALSA), and keytar's libsecret:
 * the .deb must declare them whatever electron-builder.yml says, as `deb.depends` replaces electron-builder's list.
 */
const ELECTRON_LINUX_PACKAGES = ['libgtk-3-0', 'libnss3', 'libgbm1', 'libasound2', 'libsecret-1-0'];

/** A package's .wasm files (its own, not those of packages nested in it), as paths inside app.asar. */
async function wasmFilesOf(dependency: string): Promise<string[]> {
  const folder = path.join(root, 'node_modules', dependency);
  const files = await readdir(folder, { recursive: true });
  return files
    .filter((file) => file.endsWith('.wasm') && !file.split(path.sep).includes('node_modules'))
    .map((file) => `/node_modules/${dependency}/${file.split(path.sep).join('/')}`);
}

/** What the built packages must hold, from package.json, electron-builder.yml and node_modules. */
export async function packagingExpectations(): Promise<PackagingExpectations> {
  const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
    name: string;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const config = await getConfig(root, path.join(root, 'electron-builder.yml'), null);
  const [association] = config.fileAssociations;
  if (association === undefined) throw new Error('electron-builder.yml declares no fileAssociations');
  const runtimeWasm = (await Promise.all(Object.keys(manifest.dependencies).map(wasmFilesOf))).flat();
  return {
    installDir: `/opt/${config.productName}`,
    // electron-builder's rule: the configured name, else package.json's name in lower case.
    executableName: config.linux?.executableName ?? config.executableName ?? manifest.name.toLowerCase(),
    mimeType: association.mimeType,
    extension: association.ext,
    depends: [...new Set([...ELECTRON_LINUX_PACKAGES, ...config.deb.depends])],
    devDependencies: Object.keys(manifest.devDependencies),
    runtimeWasm,
  };
}
