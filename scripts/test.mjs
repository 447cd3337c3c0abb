// `npm test`: typecheck, lint, unit and integration tests (inside a real Secret Service on Linux, so the
// keychain tests use the OS keychain), then the end-to-end journeys in Chromium. Stops at the first failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const withKeyring =
  process.platform === 'linux' ? ['bash', path.join(root, 'scripts', 'with-keyring.sh')] : [];

const steps = [
  // Generated on `npm ci` too; run again so an edited .wat is never tested stale.
  ['WebAssembly kernels', [process.execPath, path.join(root, 'scripts', 'build-wasm.mjs')]],
  ['Typecheck', [bin('tsc'), '-b']],
  ['Lint', [bin('eslint'), '.', '--max-warnings=0']],
  ['Format', [bin('prettier'), '--check', '.', '--log-level', 'warn']],
  // Exports nothing imports (knip.json names the entry points).
  ['Unused exports', [bin('knip'), '--include', 'exports', '--no-progress']],
  ['Unit and integration tests', [...withKeyring, bin('vitest'), 'run']],
  ['End-to-end journeys', [...withKeyring, bin('playwright'), 'test']],
];

const only = process.argv.slice(2);
for (const [title, command] of steps) {
  if (only.length > 0 && !only.some((word) => title.toLowerCase().includes(word.toLowerCase()))) continue;
  if (command[0] === 'bash' && !existsSync(command[1])) {
    console.error(`Missing ${command[1]}`);
    process.exit(1);
  }
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command[0], command.slice(1), { cwd: root, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✗ ${title} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${title} (${seconds} s)`);
}
