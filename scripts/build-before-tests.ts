import { buildAll } from './build.mjs';

/**
 * Vitest global setup: builds the app once per run, before any test file starts, so that the tests of the
 * shipped bundles (packaging, the Electron shell) and the journeys all read one finished build.
 */
export async function setup(): Promise<void> {
  await buildAll({ quiet: true });
}
