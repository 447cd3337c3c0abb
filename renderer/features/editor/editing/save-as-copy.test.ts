import { describe, expect, it } from 'vitest';
import type { Project } from '../../../../common/project/project-schema.js';
import { sampleProject } from '../../../../common/project/test-support.js';
import { renameProject } from '../../../../common/project/project-edits.js';
import { storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { saveEditsAsCopy } from './save-as-copy.js';

/** Main names the copy (ProjectService.saveAsNew); this fake answers as it does for a project called "Sample". */
function bridgeNamingTheCopy(): FakeBridge {
  return new FakeBridge({
    'projects.saveAsNew': (input) => {
      const { project } = input as { project: Project };
      return {
        ok: true,
        result: { fileName: 'sample-2.timbre', project: { ...project, id: 'copy', title: 'Sample (copy)' } },
      };
    },
  });
}

describe('saveEditsAsCopy', () => {
  it('moves the editor to the copy and says which project holds the edits and which the saved version', async () => {
    const stores = storesFor(bridgeNamingTheCopy());
    stores.document.getState().open({ fileName: 'sample.timbre', project: sampleProject() });
    stores.document.getState().apply((project) => renameProject(project, 'Sample, edited'), { label: 'x' });
    expect(await saveEditsAsCopy(stores)).toBe(true);
    expect(stores.document.getState().doc).toMatchObject({
      fileName: 'sample-2.timbre',
      project: { title: 'Sample (copy)' },
    });
    const [toast] = stores.notices.getState().toasts;
    expect(toast).toMatchObject({ tone: 'info', title: 'Your edits are saved in “Sample (copy)”' });
    expect(toast?.body).toBe(
      '“Sample (copy)” is a new project, open here now. “Sample” keeps its last saved version.',
    );
  });

  it('says the blocks being generated go to the original, not the copy', async () => {
    const stores = storesFor(bridgeNamingTheCopy());
    stores.document.getState().open({ fileName: 'sample.timbre', project: sampleProject() });
    stores.generation.getState().joinRun(['t1'], Date.now());
    await saveEditsAsCopy(stores);
    expect(stores.notices.getState().toasts[0]?.body).toBe(
      '“Sample (copy)” is a new project, open here now. “Sample” keeps its last saved version; the blocks being ' +
        'generated for it are written into “Sample”, not into the copy.',
    );
  });
});
