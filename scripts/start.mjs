// `npm start`: build, then run the Electron shell; where Electron cannot start (no binary and no way to fetch
// it, or no display), run the browser shell instead and print the URL to open.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll } from './build.mjs';
import { nodeBin } from './node-bin.mjs';
import { assertToolsPresent } from './system-tools.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const electronDir = path.join(root, 'node_modules', 'electron');

/** Returns the Electron binary, or the reason it cannot be used here. */
function findElectron() {
  if (process.env.TIMBRE_SHELL === 'browser') return { reason: 'TIMBRE_SHELL=browser was set.' };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { reason: 'there is no graphical display (DISPLAY and WAYLAND_DISPLAY are unset).' };
  }
  const binary = electronBinary();
  if (binary) return { binary };
  // Recent Electron fetches its binary on first launch. Try once, briefly: on a closed network it fails fast.
  console.log("Fetching Electron's binary (first launch)…");
  const fetched = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], {
    stdio: 'ignore',
    timeout: 30_000,
  });
  const after = electronBinary();
  if (after) return { binary: after };
  const how =
    fetched.error?.code === 'ETIMEDOUT' ? 'timed out after 30 s' : `failed (exit code ${fetched.status})`;
  return {
    reason: `Electron's binary is not installed and downloading it ${how}; this machine cannot reach its host.`,
  };
}

function electronBinary() {
  const pathFile = path.join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = path.join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

/** The app's data folder, as Electron's userData gives it (main/platform/data-dir.ts is the app's copy). */
function appDataDir() {
  if (process.env.TIMBRE_DATA_DIR) return path.resolve(process.env.TIMBRE_DATA_DIR);
  const home = os.homedir();
  if (process.platform === 'darwin')
    return path.join(home, 'Library', 'Application Support', 'Timbre Studio');
  // An empty or relative folder variable is ignored, as the XDG spec says (and as data-dir.ts does).
  const absoluteOr = (value, fallback) => (value && path.isAbsolute(value) ? value : fallback);
  if (process.platform === 'win32')
    return path.join(absoluteOr(process.env.APPDATA, path.join(home, 'AppData', 'Roaming')), 'Timbre Studio');
  return path.join(absoluteOr(process.env.XDG_CONFIG_HOME, path.join(home, '.config')), 'Timbre Studio');
}

const children = [];
function stopAll(signal = 'SIGTERM') {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));

/**
 * A local stand-in of the voice service beside the app, so a newcomer has a working service at once. Its data
 * lives in the app's development data folder and survives restarts, on a fixed port (8787, or
 * TIMBRE_STANDIN_PORT) so the service saved in Settings stays valid from one start to the next.
 * TIMBRE_NO_STANDIN=1 skips it.
 */
function startStandin(dataDir) {
  return new Promise((resolve, reject) => {
    const [node, tsx] = nodeBin(root, 'tsx');
    const child = spawn(
      node,
      [
        tsx,
        path.join(root, 'standin', 'cli.ts'),
        '--port',
        process.env.TIMBRE_STANDIN_PORT ?? '8787',
        '--data',
        path.join(dataDir, 'standin-dev'),
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(child);
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      const match = /Stand-in service listening on (\S+)/.exec(output);
      if (match) {
        // The market voices are printed right after the listening line; give them a moment to arrive.
        setTimeout(() => {
          child.stdout.removeAllListeners('data');
          child.stdout.resume();
          const voiceIds = [...output.matchAll(/market voice .*?: id (\S+)/g)].map((found) => found[1]);
          resolve({ url: match[1], voiceIds });
        }, 300);
      }
    });
    child.once('exit', (code) =>
      reject(new Error(`The stand-in exited (code ${code}) before listening:\n${output}`)),
    );
  });
}

function run(command, args, env) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code) => {
    stopAll();
    process.exit(code ?? 0);
  });
}

const withStandin = process.env.TIMBRE_NO_STANDIN !== '1';
if (withStandin) {
  // Before the build, so a missing espeak-ng or ffmpeg is named at once, with how to get it on this OS.
  try {
    for (const folder of assertToolsPresent('standin', 'The stand-in service (started by npm start)')) {
      console.log(`Using the stand-in's tools from ${folder}, which is not on PATH in this terminal yet.`);
    }
  } catch (error) {
    const withoutIt =
      process.platform === 'win32' ? '$env:TIMBRE_NO_STANDIN=1; npm start' : 'TIMBRE_NO_STANDIN=1 npm start';
    console.error(`${error.message}\nOr start without it: ${withoutIt} (then add your service in Settings).`);
    process.exit(1);
  }
}
await buildAll();
const dataDir = appDataDir();
const env = { TIMBRE_DATA_DIR: dataDir };
if (withStandin) {
  const standin = await startStandin(dataDir);
  env.TIMBRE_STANDIN_URL = standin.url;
  env.TIMBRE_STANDIN_VOICES = standin.voiceIds.join(',');
  console.log(`Stand-in service (development): ${env.TIMBRE_STANDIN_URL}`);
}
const electron = findElectron();
if (electron.binary) {
  run(electron.binary, [root], env);
} else {
  console.log(`\nStarting the browser shell instead of Electron: ${electron.reason}`);
  run(
    process.execPath,
    [path.join(root, 'dist', 'main', 'browser-main.mjs'), '--data', dataDir, ...process.argv.slice(2)],
    env,
  );
}
