import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and integration tests: common/, main/, standin/ under Node; renderer components under happy-dom.
export default defineConfig({
  test: {
    // One test file per core. Vitest's own default leaves a core free (one worker on CI's two), but these files
    // spend much of their time waiting on child processes, sockets and timers: on this 2-core machine the suite
    // took 1,290 s with one worker and 878 s with two.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          // The packaging and Electron-shell tests read the built bundles.
          globalSetup: ['scripts/build-before-tests.ts'],
          include: [
            'common/**/*.test.ts',
            'main/**/*.test.ts',
            'preload/**/*.test.ts',
            'standin/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['renderer/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
