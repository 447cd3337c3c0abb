import { describe, expect, it } from 'vitest';
import { sampleProject } from '../../../../common/project/test-support.js';
import { clickSelection, trackOrder } from './selection-rules.js';

const none = { toggle: false, range: false };

describe('click selection', () => {
  const order = ['a', 'b', 'c', 'd'];

  it('selects only the clicked block on a plain click', () => {
    expect(clickSelection({ ids: ['a', 'b'], anchorId: 'b' }, 'c', none, order)).toEqual({
      ids: ['c'],
      anchorId: 'c',
    });
  });

  it('adds and removes one block with Ctrl/Cmd', () => {
    const added = clickSelection({ ids: ['a'], anchorId: 'a' }, 'c', { toggle: true, range: false }, order);
    expect(added).toEqual({ ids: ['a', 'c'], anchorId: 'c' });
    expect(clickSelection(added, 'c', { toggle: true, range: false }, order)).toEqual({
      ids: ['a'],
      anchorId: 'a',
    });
  });

  it('selects the range from the anchor with Shift, in track order, and keeps the anchor', () => {
    const range = clickSelection({ ids: ['c'], anchorId: 'c' }, 'a', { toggle: false, range: true }, order);
    expect(range).toEqual({ ids: ['a', 'b', 'c'], anchorId: 'c' });
    expect(clickSelection(range, 'd', { toggle: false, range: true }, order).ids).toEqual(['c', 'd']);
  });

  it('treats Shift+click on another track as a plain click', () => {
    expect(clickSelection({ ids: ['x'], anchorId: 'x' }, 'b', { toggle: false, range: true }, order)).toEqual(
      {
        ids: ['b'],
        anchorId: 'b',
      },
    );
  });

  it('orders effects and music by start time', () => {
    const project = sampleProject();
    expect(trackOrder(project, 'speech')).toEqual(project.tracks.speech.blocks.map((block) => block.id));
    const effects = trackOrder(project, 'effects');
    const starts = effects.map(
      (id) => project.tracks.effects.blocks.find((block) => block.id === id)!.startMs,
    );
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });
});
