import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ACCOUNTS, loadAccountSeeds } from './account-seed.js';

let dir = '';
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'standin-accounts-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('loadAccountSeeds', () => {
  it('defaults to the built-in free and paid accounts', async () => {
    expect(await loadAccountSeeds(undefined)).toEqual(BUILT_IN_ACCOUNTS);
    expect(BUILT_IN_ACCOUNTS).toEqual([
      { token: 'standin-free', plan: 'free', credits: 20_000, proCloneAccess: false, proCloneQuota: 0 },
      { token: 'standin-paid', plan: 'paid', credits: 1_000_000, proCloneAccess: true, proCloneQuota: 3 },
    ]);
  });

  it('reads a --accounts file that replaces the built-ins', async () => {
    const file = path.join(dir, 'accounts.json');
    const accounts = [{ token: 'team', plan: 'paid', credits: 5, proCloneAccess: true, proCloneQuota: 1 }];
    await fs.writeFile(file, JSON.stringify(accounts));
    expect(await loadAccountSeeds(file)).toEqual(accounts);
  });

  it('names the entry and field of an invalid account, and refuses duplicate tokens', async () => {
    await expect(
      loadAccountSeeds([
        { token: 'a', plan: 'gold', credits: 1, proCloneAccess: false, proCloneQuota: 0 },
      ] as never),
    ).rejects.toThrow(/accounts\[0\.plan\]/);
    await expect(
      loadAccountSeeds([{ token: 'a', plan: 'free', credits: -1, proCloneAccess: false, proCloneQuota: 0 }]),
    ).rejects.toThrow(/accounts\[0\.credits\]/);
    const seed = { token: 'a', plan: 'free' as const, credits: 1, proCloneAccess: false, proCloneQuota: 0 };
    await expect(loadAccountSeeds([seed, seed])).rejects.toThrow(/token a appears twice/);
    await expect(loadAccountSeeds([])).rejects.toThrow(/accounts/);
  });
});
