// The steps of `npm test`, per OS. Every tool runs as `node <its script>` (node-bin.mjs), so the same steps run
// on Linux, macOS and Windows. Only on Linux do the tests run inside scripts/with-keyring.sh (bash), which gives
// keytar a Secret Service; macOS and Windows have their keychain built in. The end-to-end journeys drive Debian's
// Chromium and run on Linux (CI); elsewhere they run only when CHROMIUM_PATH names a browser, and say so.
import path from 'node:path';
import { nodeBin } from './node-bin.mjs';

/** Each step: { title, command } to run, or { title, skip } with the reason it does not run here. */
export function testSteps({ root, platform = process.platform, env = process.env }) {
  const withKeyring = platform === 'linux' ? ['bash', path.join(root, 'scripts', 'with-keyring.sh')] : [];
  const tool = (pkg, name) => nodeBin(root, pkg, name);
  const e2e =
    platform === 'linux' || env.CHROMIUM_PATH
      ? {
          title: 'End-to-end journeys',
          command: [...withKeyring, ...tool('@playwright/test', 'playwright'), 'test'],
        }
      : {
          title: 'End-to-end journeys',
          skip: 'they run on Linux (CI) with Debian’s Chromium; set CHROMIUM_PATH to a Chromium or Chrome binary to run them here',
        };
  return [
    // Generated on `npm ci` too; run again so an edited .wat is never tested stale.
    {
      title: 'WebAssembly kernels',
      command: [process.execPath, path.join(root, 'scripts', 'build-wasm.mjs')],
    },
    { title: 'Typecheck', command: [...tool('typescript', 'tsc'), '-b'] },
    { title: 'Lint', command: [...tool('eslint'), '.', '--max-warnings=0'] },
    { title: 'Format', command: [...tool('prettier'), '--check', '.', '--log-level', 'warn'] },
    // Exports nothing imports (knip.json names the entry points).
    { title: 'Unused exports', command: [...tool('knip'), '--include', 'exports', '--no-progress'] },
    { title: 'Unit and integration tests', command: [...withKeyring, ...tool('vitest'), 'run'] },
    e2e,
  ];
}
