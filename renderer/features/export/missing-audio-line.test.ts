import { describe, expect, it } from 'vitest';
import { createTextBlock } from '../../../common/project/block-factory.js';
import { sampleProject, sequentialIds } from '../../../common/project/test-support.js';
import { missingAudioLine } from './missing-audio-line.js';

const project = (() => {
  const sample = sampleProject();
  const quoted = createTextBlock({ id: 't4', text: '“Is the boat ready?”' }, sequentialIds('q'));
  return {
    ...sample,
    tracks: { ...sample.tracks, speech: { blocks: [...sample.tracks.speech.blocks, quoted] } },
  };
})();

describe('missingAudioLine', () => {
  it('names the block as the editor does, quotes its words once, and says why in plain words', () => {
    // Issue 36: `speech: ““Is the boat ready?”” — stale`.
    expect(
      missingAudioLine(
        { blockId: 't4', track: 'speech', reason: 'stale', label: '“Is the boat ready?”' },
        project,
      ),
    ).toBe('Speech block 4 (“Is the boat ready?”) — changed since it was generated');
    expect(
      missingAudioLine(
        { blockId: 't1', track: 'speech', reason: 'not-generated', label: 'Hello there.' },
        project,
      ),
    ).toBe('Speech block 1 (“Hello there.”) — not generated yet');
    expect(
      missingAudioLine(
        { blockId: 's1', track: 'effects', reason: 'failed', label: 'lightsaber hum' },
        project,
      ),
    ).toBe('Effects block 1 (“lightsaber hum”) — its generation failed');
  });

  it('keeps main’s words for a block no longer in the open project', () => {
    expect(
      missingAudioLine({ blockId: 'gone', track: 'speech', reason: 'stale', label: 'Farewell.' }, project),
    ).toBe('Speech block (Farewell.) — changed since it was generated');
  });
});
