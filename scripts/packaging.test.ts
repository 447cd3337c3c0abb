import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { minimatch } from 'minimatch';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeStandInElectronBinary } from './packaging-check/stand-in-electron.js';

const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

interface BuilderConfig {
  /** electron-builder normalises `files` into filter groups. */
  files: (string | { filter: string[] })[];
  asarUnpack: string[];
  afterPack: string;
  fileAssociations: { ext: string }[];
  mac: {
    target: { target: string; arch: string[] }[];
    hardenedRuntime: boolean;
    extendInfo: Record<string, string>;
  };
  win: { target: { target: string; arch: string[] }[] };
  nsis: { oneClick: boolean; perMachine: boolean; allowToChangeInstallationDirectory: boolean };
  linux: { target: { target: string; arch: string[] }[]; category: string };
  deb: { depends: string[] };
}

// electron-builder's own loader and schema validation (the same code `electron-builder` runs before packaging).
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string, fromOptions: null): Promise<BuilderConfig>;
  validateConfiguration(config: unknown, logger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
const afterPack = require('./after-pack.cjs') as ((context: PackContext) => Promise<void>) & {
  releaseFuses: Record<string, unknown>;
};
const { releaseFuses } = afterPack;
const { FuseV1Options, getCurrentFuseWire } = require('@electron/fuses') as {
  FuseV1Options: Record<string, number>;
  getCurrentFuseWire(pathToElectron: string): Promise<Record<string, number>>;
};

/** The part of electron-builder's afterPack context the hook reads. */
interface PackContext {
  electronPlatformName: string;
  appOutDir: string;
  arch: number;
  packager: { executableName: string; appInfo: { productFilename: string } };
}

/** The packaged executable's fuses after the hook ran for a platform, by name: true on, false off. */
async function fusesAfterPack(platform: 'linux' | 'win32'): Promise<Record<string, boolean>> {
  const appOutDir = await mkdtemp(path.join(tmpdir(), `timbre-pack-${platform}-`));
  try {
    const context: PackContext = {
      electronPlatformName: platform,
      appOutDir,
      arch: 1,
      packager: { executableName: 'timbre-studio', appInfo: { productFilename: 'Timbre Studio' } },
    };
    const executable = path.join(appOutDir, platform === 'win32' ? 'Timbre Studio.exe' : 'timbre-studio');
    await writeStandInElectronBinary(executable);
    await afterPack(context);
    const wire = await getCurrentFuseWire(executable);
    return Object.fromEntries(
      Object.entries(FuseV1Options)
        .filter(([name]) => Number.isNaN(Number(name)))
        .map(([name, index]) => [name, wire[index] === '1'.charCodeAt(0)]),
    );
  } finally {
    await rm(appOutDir, { recursive: true, force: true });
  }
}

/** Applies electron-builder's `files` semantics: later patterns win, `!` excludes. */
function isPackaged(file: string, patterns: string[]): boolean {
  let included = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith('!');
    if (minimatch(file, negated ? pattern.slice(1) : pattern, { dot: true })) included = !negated;
  }
  return included;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [path.relative(root, full).split(path.sep).join('/')];
  });
}

describe('packaging configuration', () => {
  let config: BuilderConfig;
  let candidates: string[];

  beforeAll(async () => {
    config = await getConfig(root, path.join(root, 'electron-builder.yml'), null);
    const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
    })
      .toString()
      .split('\n')
      .filter(Boolean);
    candidates = [...new Set([...tracked, ...walk(path.join(root, 'dist'))])];
  }, 120_000);

  it('passes electron-builder’s own configuration schema', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    // The same check refuses a misspelt option, so the pass above means something.
    const misspelt = { ...config, mac: { ...config.mac, hardenedRuntim: true } };
    await expect(validateConfiguration(misspelt, new DebugLogger(false))).rejects.toThrow(
      /configuration\.mac/,
    );
  });

  it('ships the built bundles and nothing of the sources, tests, stand-in or tooling', () => {
    const patterns = config.files.flatMap((entry) => (typeof entry === 'string' ? [entry] : entry.filter));
    const packaged = candidates.filter((file) => isPackaged(file, patterns));
    for (const bundle of [
      'dist/main/electron-main.cjs',
      'dist/preload/preload.cjs',
      'dist/renderer/index.html',
      'package.json',
    ]) {
      expect(packaged).toContain(bundle);
    }
    expect(packaged.some((file) => /^dist\/renderer\/assets\/.+\.js$/.test(file))).toBe(true);
    const leaks = packaged.filter(
      (file) =>
        !file.startsWith('dist/') ||
        file.endsWith('.map') ||
        /\.(ts|tsx|mts)$/.test(file) ||
        file.includes('standin') ||
        file.includes('.test.'),
    );
    expect(leaks.filter((file) => file !== 'package.json')).toEqual([]);
    expect(
      candidates.filter((file) => file.startsWith('standin/')).every((file) => !isPackaged(file, patterns)),
    ).toBe(true);
  });

  it('unpacks keytar’s native module from the asar', () => {
    const nativeModules = walk(path.join(root, 'node_modules', 'keytar')).filter((file) =>
      file.endsWith('.node'),
    );
    expect(nativeModules.length).toBeGreaterThan(0);
    for (const file of nativeModules) {
      expect(config.asarUnpack.some((pattern) => minimatch(file, pattern, { dot: true }))).toBe(true);
    }
  });

  it('targets every OS and architecture the product supports', () => {
    expect(config.mac.target).toEqual([
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ]);
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.mac.extendInfo.NSMicrophoneUsageDescription).toMatch(/records your voice/);
    expect(config.win.target).toEqual([{ target: 'nsis', arch: ['x64', 'arm64'] }]);
    expect(config.nsis).toMatchObject({
      oneClick: false,
      perMachine: false,
      allowToChangeInstallationDirectory: true,
    });
    expect(config.linux.target.map((target) => target.target)).toEqual(['AppImage', 'deb']);
    expect(config.deb.depends).toContain('libsecret-1-0');
    expect(config.fileAssociations.map((association) => association.ext)).toEqual(['timbre']);
  });

  it('hardens the packaged Electron with fuses', () => {
    expect(config.afterPack).toBe('scripts/after-pack.cjs');
    expect(releaseFuses[FuseV1Options.RunAsNode ?? -1]).toBe(false);
    expect(releaseFuses[FuseV1Options.EnableNodeOptionsEnvironmentVariable ?? -1]).toBe(false);
    expect(releaseFuses[FuseV1Options.EnableNodeCliInspectArguments ?? -1]).toBe(false);
    expect(releaseFuses[FuseV1Options.OnlyLoadAppFromAsar ?? -1]).toBe(true);
    expect(releaseFuses[FuseV1Options.EnableEmbeddedAsarIntegrityValidation ?? -1]).toBe(true);
    expect(releaseFuses[FuseV1Options.EnableCookieEncryption ?? -1]).toBe(true);
    expect(releaseFuses[FuseV1Options.GrantFileProtocolExtraPrivileges ?? -1]).toBe(false);
  });

  it('flips the Linux binary’s fuses to load the app only from app.asar, with no asar hash check Linux lacks', async () => {
    // electron-builder embeds app.asar's hash on macOS and Windows only, and Electron checks it only there.
    const hardened = {
      RunAsNode: false,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableCookieEncryption: true,
      OnlyLoadAppFromAsar: true,
      GrantFileProtocolExtraPrivileges: false,
    };
    expect(await fusesAfterPack('linux')).toMatchObject({
      ...hardened,
      EnableEmbeddedAsarIntegrityValidation: false,
    });
    expect(await fusesAfterPack('win32')).toMatchObject({
      ...hardened,
      EnableEmbeddedAsarIntegrityValidation: true,
    });
  });
});
