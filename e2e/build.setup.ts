import { expect, test } from '@playwright/test';
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildAll } from '../scripts/build.mjs';

const run = promisify(execFile);

test('build the app as users get it', async () => {
  test.setTimeout(180_000);
  await buildAll({ quiet: true });
  // The command line tool runs straight from the build, as `npx timbre` runs it, also after a rebuild.
  const cli = path.join(process.cwd(), 'dist', 'main', 'timbre.mjs');
  expect((await stat(cli)).mode & 0o111).toBe(0o111);
  const { stdout } = await run(cli, ['--help']);
  expect(stdout).toContain('Usage: timbre export');
});
