import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

// Which update files (latest*.yml) a release must hold so that every installed copy finds its update: the
// installers electron-builder.yml builds, per OS and architecture, named by electron-updater's own rule (the
// file an installed copy fetches), not by a list written by hand.

const require = createRequire(import.meta.url);
interface ChannelNamer {
  getDefaultChannelName(): string;
}
const { Provider } = require('electron-updater/out/providers/Provider') as {
  Provider: new (options: { platform: NodeJS.Platform; executor: null }) => ChannelNamer;
};
const { getChannelFilename } = require('electron-updater/out/util') as {
  getChannelFilename(channel: string): string;
};
// The YAML parser electron-builder reads its own configuration with (js-yaml, a dependency of app-builder-lib).
const yaml = createRequire(require.resolve('app-builder-lib'))('js-yaml') as { load(text: string): unknown };

type TargetEntry = string | { target: string; arch?: string | string[] };

/**
 * The targets whose installers electron-updater can apply, by electron-builder.yml's platform key, with the OS
 * electron-updater runs on there. app-builder-lib 26 writes update info for exactly these (its `isWriteUpdateInfo`:
 * the macOS zip, NSIS, AppImage and the fpm packages); dmg, portable, msi, snap and flatpak get none.
 */
const updatableTargets = {
  mac: { platform: 'darwin', targets: ['zip'] },
  win: { platform: 'win32', targets: ['nsis'] },
  linux: { platform: 'linux', targets: ['AppImage', 'deb', 'rpm', 'pacman'] },
} as const;

/**
 * The name electron-updater fetches on `platform` for electron-builder's `arch`. It reads the architecture from
 * the process, where 32-bit ARM (electron-builder's armv7l) is Node's `arm`.
 */
function updateFileName(platform: NodeJS.Platform, arch: string): string {
  const before = process.env.TEST_UPDATER_ARCH;
  // electron-updater's own switch for naming another architecture's file than the running process's.
  process.env.TEST_UPDATER_ARCH = arch === 'armv7l' ? 'arm' : arch;
  try {
    return getChannelFilename(new Provider({ platform, executor: null }).getDefaultChannelName());
  } finally {
    if (before === undefined) delete process.env.TEST_UPDATER_ARCH;
    else process.env.TEST_UPDATER_ARCH = before;
  }
}

/** Every update file the installers electron-builder.yml builds are updated from, sorted. */
export async function updateFilesAskedFor(root: string): Promise<string[]> {
  const config = yaml.load(await readFile(path.join(root, 'electron-builder.yml'), 'utf8')) as Record<
    string,
    { target?: TargetEntry[] } | undefined
  >;
  const names = new Set<string>();
  for (const [key, { platform, targets }] of Object.entries(updatableTargets)) {
    for (const entry of config[key]?.target ?? []) {
      const { target, arch = 'x64' } = typeof entry === 'string' ? { target: entry } : entry;
      if (!(targets as readonly string[]).includes(target)) continue;
      for (const each of typeof arch === 'string' ? [arch] : arch) names.add(updateFileName(platform, each));
    }
  }
  return [...names].sort();
}
