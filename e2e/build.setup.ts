import { test } from '@playwright/test';
import { buildAll } from '../scripts/build.mjs';

test('build the app as users get it', async () => {
  test.setTimeout(180_000);
  await buildAll({ quiet: true });
});
