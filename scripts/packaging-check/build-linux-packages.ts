import { spawn } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeAppImageTools } from './appimage-tools.js';
import { makeStandInElectronDist } from './stand-in-electron.js';
import { findOnPath, requireTool } from './system-tools.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const STAND_IN_FPM = path.join(root, 'scripts', 'packaging-check', 'stand-in-fpm.mjs');

export interface LinuxPackages {
  deb: string;
  appImage: string;
  /** Which fpm built the .deb: the real one found on PATH, or the stand-in. */
  fpm: string;
  electronVersion: string;
}

/** The Electron version installed (what `npm run dist` packages), from node_modules/electron. */
async function installedElectronVersion(): Promise<string> {
  const manifest = JSON.parse(
    await readFile(path.join(root, 'node_modules', 'electron', 'package.json'), 'utf8'),
  ) as { version: string };
  return manifest.version;
}

/**
 * The environment without vitest's variables: electron-builder that sees VITEST silences its log and prints a
 * failure without its ⨯ line, so a failed build under `npm test` said nothing about why.
 */
function outsideVitest(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('VITEST')));
}

/** Runs electron-builder, keeping its output; a failure throws with the output's end. */
function runElectronBuilder(args: string[], env: NodeJS.ProcessEnv, echo: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules', '.bin', 'electron-builder'), args, {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer): void => {
      output = (output + chunk.toString('utf8')).slice(-20_000);
      if (echo) process.stdout.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else {
        // electron-builder marks its failure with ⨯: that line first, as test reporters may show only one.
        const failure = output.split('\n').find((line) => line.includes('⨯')) ?? '';
        reject(
          new Error(`electron-builder exited with code ${code}: ${failure.trim()}\n${output.slice(-4_000)}`),
        );
      }
    });
  });
}

/**
 * Builds the x64 .deb and AppImage with electron-builder into `folder`, from the project's electron-builder.yml,
 * against a stand-in Electron, a stand-in AppImage runtime and (when no real fpm is installed) a stand-in fpm.
 * dist/ must be built. Native modules are not rebuilt for Electron (its headers are a download): keytar.node is
 * the one built for Node.js by `npm ci`, which is enough to check where it lands.
 */
export async function buildLinuxPackages(folder: string, { echo = false } = {}): Promise<LinuxPackages> {
  requireTool('dpkg-deb');
  const electronVersion = await installedElectronVersion();
  const electronDist = await makeStandInElectronDist(folder, electronVersion);
  const appImageTools = await makeAppImageTools(folder);
  const fpm = findOnPath('fpm') ?? STAND_IN_FPM;
  const output = path.join(folder, 'release');
  await runElectronBuilder(
    [
      '--linux',
      'deb',
      'AppImage',
      '--x64',
      '--publish',
      'never',
      '--config',
      'electron-builder.yml',
      `-c.electronDist=${electronDist}`,
      `-c.electronVersion=${electronVersion}`,
      '-c.npmRebuild=false',
      `-c.directories.output=${output}`,
    ],
    { ...outsideVitest(process.env), CUSTOM_FPM_PATH: fpm, APPIMAGE_TOOLS_PATH: appImageTools },
    echo,
  );
  const built = await readdir(output);
  const find = (extension: string): string => {
    const name = built.find((file) => file.endsWith(extension));
    if (name === undefined) throw new Error(`electron-builder wrote no ${extension} in ${output}`);
    return path.join(output, name);
  };
  return { deb: find('.deb'), appImage: find('.AppImage'), fpm, electronVersion };
}
