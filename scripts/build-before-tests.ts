import { buildAll } from './build.mjs';
import { assertToolsPresent } from './system-tools.mjs';

/**
 * Vitest global setup: first checks that espeak-ng, ffmpeg and sox are installed (the audio fixtures and the
 * stand-in run them), so a missing one stops the run at once with its name and how to get it, instead of
 * failing dozens of tests with a bare ENOENT; then builds the app once per run, before any test file starts, so
 * that the tests of the shipped bundles (packaging, the Electron shell) and the journeys all read one finished
 * build.
 */
export async function setup(): Promise<void> {
  assertToolsPresent('tests', 'Running the tests');
  await buildAll({ quiet: true });
}
