import { buildAll } from '../../scripts/build.mjs';

/** The journeys drive the built app, exactly as users run it; build it once per run. */
export async function setup(): Promise<void> {
  await buildAll({ quiet: true });
}
