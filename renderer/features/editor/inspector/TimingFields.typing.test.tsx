import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateBlock } from '../../../../common/project/block-edits.js';
import type { Project, TextBlock } from '../../../../common/project/project-schema.js';
import { sampleProject } from '../../../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import type * as FitCheckModule from '../../../../common/timing/fit-check.js';
import { BlockInspector } from './BlockInspector.js';

/** How often every timed line was checked: the heaviest figure of a dub (tens of ms for 1,500 cues). */
const checked = vi.hoisted(() => ({ times: 0 }));

vi.mock('../../../../common/timing/fit-check.js', async (importOriginal) => {
  const actual = await importOriginal<typeof FitCheckModule>();
  return {
    ...actual,
    fitCheck: (...args: Parameters<typeof actual.fitCheck>) => {
      checked.times += 1;
      return actual.fitCheck(...args);
    },
  };
});

/** The sample's lines, each timed 3 s apart with a 0.3 s cue: all of them overrun. */
function dub(): Project {
  const sample = sampleProject();
  const blocks = sample.tracks.speech.blocks.map((block, index) => ({
    ...(block as TextBlock),
    timing: { startMs: index * 3000, cueEndMs: index * 3000 + 300, lane: 0, fit: 'fixed' as const },
  }));
  return { ...sample, tracks: { ...sample.tracks, speech: { blocks } } };
}

describe('the inspector’s timing section while the line is typed', () => {
  afterEach(() => cleanup());

  it('does not check every line on each keystroke, and shows the figures once the typing is followed', async () => {
    const stores = storesFor(new FakeBridge({}));
    const project = dub();
    const blockId = project.tracks.speech.blocks[1]!.id;
    stores.document.getState().open({ fileName: 'dub.timbre', project });
    stores.document.getState().select([blockId], blockId);
    renderWithStores(<BlockInspector />, stores);
    expect(screen.getByTestId('timing-slot').textContent).toMatch(/Overruns its slot/u);
    const overrunBefore = Number(screen.getByTestId('timing-slot').dataset.overrunMs);
    const before = checked.times;

    // Thirty keystrokes, each one edit of the document (as the script's text box commits them).
    let text = (project.tracks.speech.blocks[1] as TextBlock).text;
    for (let key = 0; key < 30; key += 1) {
      text += ' word';
      act(() => {
        stores.document
          .getState()
          .apply((doc) => updateBlock(doc, blockId, { text }), { label: 'Typing', coalesceKey: 'typing' });
      });
    }
    expect(checked.times - before).toBeLessThanOrEqual(1);

    // Once the typing is followed, the overrun shown is the longer line's.
    await waitFor(() =>
      expect(Number(screen.getByTestId('timing-slot').dataset.overrunMs)).toBeGreaterThan(overrunBefore),
    );
    expect(checked.times - before).toBeLessThanOrEqual(3);
  });
});
