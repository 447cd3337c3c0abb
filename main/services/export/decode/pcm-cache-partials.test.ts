import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROCESS_INSTANCE } from '../../storage/process-instance.js';
import { removeStalePcmPartials } from './pcm-cache.js';

let cache: string;
beforeEach(async () => {
  cache = await mkdtemp(path.join(os.tmpdir(), 'timbre-pcm-partials-'));
});
afterEach(async () => {
  await rm(cache, { recursive: true, force: true });
});

describe('removeStalePcmPartials with a pid reused across launches', () => {
  it('removes partials of an earlier run that had this process’s pid, and keeps this run’s own and recent ones', async () => {
    // In a container the app gets the same pid at every launch: a killed earlier run's partials carry this pid.
    const key = 'cd'.repeat(20);
    const earlierInstance = '0f1e2d3c-4b5a-4697-8877-665544332211';
    const names = {
      earlierRun: `${key}.f32.${process.pid}-${earlierInstance}-0123456789ab.partial`,
      earlierRunInfo: `${key}.json.${process.pid}-${earlierInstance}-0123456789ab.partial`,
      earlierRunBeforeInstanceIds: `${key}.f32.${process.pid}-00112233aabb.partial`,
      thisRun: `${key}.f32.${process.pid}-${PROCESS_INSTANCE}-0123456789ab.partial`,
      earlierRunJustWritten: `${key}.f32.${process.pid}-${earlierInstance}-ba9876543210.partial`,
    };
    for (const name of Object.values(names)) await writeFile(path.join(cache, name), 'pcm!');
    const longAgo = new Date(Date.now() - 10 * 60_000);
    for (const name of Object.values(names)) {
      if (name !== names.earlierRunJustWritten) await utimes(path.join(cache, name), longAgo, longAgo);
    }

    expect(await removeStalePcmPartials(cache)).toEqual({ removed: 3, bytes: 12 });

    expect((await readdir(cache)).sort()).toEqual([names.thisRun, names.earlierRunJustWritten].sort());
  });
});
