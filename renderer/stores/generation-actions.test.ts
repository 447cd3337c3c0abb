import { describe, expect, it } from 'vitest';
import type { SegmentUpdate } from '../../common/generation/segment-updates.js';
import { updateBlock } from '../../common/project/block-edits.js';
import { contentHash, findBlock, takesOf } from '../../common/project/index.js';
import type { Project } from '../../common/project/project-schema.js';
import { sendContext } from '../../common/project/send-context.js';
import { deleteTakes } from '../../common/project/take-edits.js';
import { sampleProject } from '../../common/project/test-support.js';
import { storesFor } from '../test-support/app-stores-harness.js';
import { FakeBridge } from '../test-support/fake-bridge.js';
import { selectBlockGeneration } from './generation-store.js';
import { generationActions } from './generation-actions.js';

const CACHE_KEY = 'c'.repeat(64);

function audioFor(project: Project): SegmentUpdate {
  const block = findBlock(project, 't1')!.block;
  return {
    contentHash: contentHash(block, sendContext(project, [])),
    state: 'generated',
    fresh: true,
    audio: {
      cacheKey: CACHE_KEY,
      durationMs: 900,
      mediaPath: '/media/t1.mp3',
      generatedAt: '2026-01-01T00:00:00Z',
    },
  };
}

function openSample() {
  const stores = storesFor(new FakeBridge({}));
  const project = sampleProject();
  stores.document.getState().open({ fileName: 'sample.timbre', project });
  const document = () => stores.document.getState();
  const t1 = () => findBlock(document().doc!.project, 't1')!.block;
  const generationOfT1 = () => {
    const current = document().doc!.project;
    return selectBlockGeneration(t1(), sendContext(current, []))(stores.generation.getState());
  };
  return { stores, project, document, t1, generationOfT1 };
}

describe('generation actions: audio is not an edit to undo', () => {
  it('audio that arrives after a typo is still there when the typo is undone', () => {
    const { stores, project, document, t1, generationOfT1 } = openSample();
    // Generate is pressed, then the user types while the audio is on its way.
    document().apply((doc) => updateBlock(doc, 't1', { text: 'Hello theer.' }), { label: 'Typing' });
    generationActions(stores).receive(project.id, [audioFor(project)]);
    expect(generationOfT1().state).toBe('not-generated');

    document().undo();
    expect(takesOf(t1()).map((take) => take.cacheKey)).toEqual([CACHE_KEY]);
    expect(generationOfT1()).toMatchObject({
      state: 'generated',
      playable: { cacheKey: CACHE_KEY, mediaPath: '/media/t1.mp3' },
    });
  });

  it('an edit undone after the audio arrived keeps the audio; a take deleted afterwards stays deleted on redo', () => {
    const { stores, project, document, t1 } = openSample();
    document().apply((doc) => updateBlock(doc, 't2', { text: 'Another line.' }), { label: 'Typing' });
    generationActions(stores).receive(project.id, [audioFor(project)]);
    document().apply((doc) => deleteTakes(doc, 't1', [CACHE_KEY]), { label: 'Delete take' });
    expect(takesOf(t1())).toEqual([]);

    document().undo();
    expect(takesOf(t1()).map((take) => take.cacheKey)).toEqual([CACHE_KEY]);
    document().undo();
    expect(takesOf(t1()).map((take) => take.cacheKey)).toEqual([CACHE_KEY]);
    document().redo();
    document().redo();
    expect(takesOf(t1())).toEqual([]);
  });

  it('a report for another project changes nothing in the open one', () => {
    const { stores, project, document } = openSample();
    generationActions(stores).receive('another-project', [audioFor(project)]);
    expect(document().doc!.project).toBe(project);
  });
});
