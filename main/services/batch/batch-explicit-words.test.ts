import { describe, expect, it, vi } from 'vitest';
import { applyRetailProfile } from '../../../common/export/apply-retail-profile.js';
import { retailProfile } from '../../../common/export/retail-profiles.js';
import { noServiceLexicons } from '../pronunciation/test-support/no-lexicons.js';
import { BatchQueue, MemoryBatchStore, ProjectSources } from './index.js';
import { makeProject, writeProject } from './test-support/batch-fakes.js';
import { exporter, input, projectsDir, settings, useQueueHarness } from './test-support/queue-harness.js';

useQueueHarness();

describe('BatchQueue, a retailer delivery’s explicit words', () => {
  it('checks the retail sample against the list in Settings when the item runs, not the default list', async () => {
    const file = await writeProject(projectsDir, 'book.timbre', makeProject('Book', ['One.', 'Two.'], true));
    let list = ['kumquat'];
    const queue = await BatchQueue.open({
      lexicons: noServiceLexicons,
      store: new MemoryBatchStore(),
      sources: new ProjectSources({}),
      exporter,
      explicitWords: () => list,
      progressIntervalMs: 0,
    });
    const prepare = vi.spyOn(exporter, 'prepare');
    const acx = applyRetailProfile(settings, retailProfile('acx')).settings;
    await queue.add(input([file], { settings: acx, mode: 'chapters-folder' }));
    // Edited in Settings after queueing: the item runs with the list as it is now.
    list = ['kumquat', 'rutabaga'];
    queue.start();
    await queue.whenIdle();
    await queue.close();
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(prepare.mock.calls[0]?.[1].retailSample?.explicitWords).toEqual(['kumquat', 'rutabaga']);
  });
});
