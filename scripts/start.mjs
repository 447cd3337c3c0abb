// `npm start`: build, then run the Electron shell; where Electron cannot start (no binary and no way to fetch
// it, or no display), run the browser shell instead and print the URL to open.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll } from './build.mjs';

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

function run(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

await buildAll();
const electron = findElectron();
if (electron.binary) {
  run(electron.binary, [root]);
} else {
  console.log(`\nStarting the browser shell instead of Electron: ${electron.reason}`);
  run(process.execPath, [path.join(root, 'dist', 'main', 'browser-main.mjs'), ...process.argv.slice(2)]);
}
