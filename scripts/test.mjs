// `npm test`: typecheck, lint, unit and integration tests (inside a real Secret Service on Linux, so the
// keychain tests use the OS keychain), then the end-to-end journeys in Chromium. Stops at the first failure.
// The steps per OS: test-steps.mjs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testSteps } from './test-steps.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

const only = process.argv.slice(2);
for (const step of testSteps({ root })) {
  const { title } = step;
  if (only.length > 0 && !only.some((word) => title.toLowerCase().includes(word.toLowerCase()))) continue;
  if ('skip' in step) {
    console.log(`\n– ${title} skipped: ${step.skip}.`);
    continue;
  }
  const { command } = step;
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command[0], command.slice(1), { cwd: root, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.error) {
    console.error(`✗ ${title} could not start (${command[0]}): ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`✗ ${title} failed after ${seconds} s (exit code ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${title} (${seconds} s)`);
}
