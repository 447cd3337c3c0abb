import { defineConfig } from 'vitest/config';

// Unit and integration tests: common/, main/, standin/ under Node; renderer components under happy-dom.
export default defineConfig({
  test: {
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
