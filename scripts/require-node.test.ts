import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = path.join(import.meta.dirname, 'require-node.mjs');

describe('require-node', () => {
  it('passes on a version this Node.js meets', async () => {
    await expect(run(process.execPath, [script, '18.0', 'Testing'])).resolves.toBeDefined();
  });

  it('stops with both versions named when Node.js is too old', async () => {
    const failure = await run(process.execPath, [script, '99.1', 'Building installers (npm run dist)']).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr).toContain(
      `Building installers (npm run dist) needs Node.js 99.1 or later; this is Node.js ${process.versions.node}.`,
    );
  });
});
