import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/support/browser.js';

// User journeys in Debian's Chromium through the browser shell (Playwright's own browser download does not work
// on these machines). One worker: the machines have 2 cores, and each journey runs an app, a stand-in and a
// browser. The "build" project builds the app once, exactly as users get it, before any journey.
const playwrightConfig = defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    testIdAttribute: 'data-testid',
    viewport: { width: 1400, height: 900 },
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'build', testMatch: /build\.setup\.ts$/u },
    { name: 'journeys', testMatch: /\.e2e\.ts$/u, dependencies: ['build'] },
    // Every page and dialog pictured in both themes and two sizes (npm run screenshots); runs with the journeys.
    { name: 'tour', testMatch: /\.tour\.ts$/u, dependencies: ['build'] },
  ],
});

export { playwrightConfig as default };
