import { defineConfig } from 'vitest/config';

// User journeys in Debian's Chromium through the browser shell. One file at a time: the machines have 2 cores.
export const e2eConfig = defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['scripts/build-before-tests.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});

export { e2eConfig as default };
