import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestStep } from './test-steps.mjs';
import { testSteps } from './test-steps.mjs';

const root = path.dirname(import.meta.dirname);
const commands = (steps: TestStep[]) => steps.flatMap((step) => ('command' in step ? [step.command] : []));

describe('npm test’s steps per OS', () => {
  it.each(['win32', 'darwin'] as const)(
    'on %s runs every tool with Node itself, no bash and no keyring wrapper, and says why e2e is skipped',
    (platform) => {
      const steps = testSteps({ root, platform, env: {} });
      for (const command of commands(steps)) {
        expect(command[0]).toBe(process.execPath);
        expect(existsSync(command[1]!)).toBe(true);
        expect(command.join(' ')).not.toContain('with-keyring');
      }
      expect(steps.find((step) => step.title === 'Unit and integration tests')).toMatchObject({
        command: [process.execPath, path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run'],
      });
      expect(steps.at(-1)).toEqual({
        title: 'End-to-end journeys',
        skip: expect.stringContaining('they run on Linux (CI)') as string,
      });
    },
  );

  it('on macOS or Windows runs the journeys too when CHROMIUM_PATH names a browser', () => {
    const steps = testSteps({
      root,
      platform: 'darwin',
      env: { CHROMIUM_PATH: '/Applications/Chromium.app' },
    });
    expect(steps.at(-1)).toMatchObject({
      command: [process.execPath, expect.stringMatching(/cli\.js$/), 'test'],
    });
  });

  it('on Linux runs the tests and journeys inside scripts/with-keyring.sh, for the Secret Service', () => {
    const steps = testSteps({ root, platform: 'linux', env: {} });
    const wrapped = commands(steps).filter((command) => command[0] === 'bash');
    expect(wrapped.map((command) => command[1])).toEqual([
      path.join(root, 'scripts', 'with-keyring.sh'),
      path.join(root, 'scripts', 'with-keyring.sh'),
    ]);
    expect(wrapped.map((command) => command[2])).toEqual([process.execPath, process.execPath]);
  });
});
