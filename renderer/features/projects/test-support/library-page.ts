import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import type { AppStores } from '../../../stores/app-stores.js';
import { storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeLibrary } from './fake-library.js';

/**
 * For each test of the describe that calls it: a fresh fake projects folder and the app's stores over its bridge,
 * the rendered page cleaned up after.
 */
export function eachWithFakeLibrary(): { library: FakeLibrary; stores: AppStores } {
  // Filled in before each test: a test may also replace them (a library whose listing fails).
  const page = {} as { library: FakeLibrary; stores: AppStores };
  beforeEach(() => {
    page.library = new FakeLibrary();
    page.stores = storesFor(page.library.bridge);
  });
  afterEach(cleanup);
  return page;
}
