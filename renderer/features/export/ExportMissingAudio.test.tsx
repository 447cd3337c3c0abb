import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Project } from '../../../common/project/index.js';
import { contextOf, sampleProject } from '../../../common/project/test-support.js';
import { ExportMissingAudio } from './ExportMissingAudio.js';

/** The sample project with t1 a timed line, marked to rewrite shorter or not. */
function withT1(rewrite: boolean): Project {
  const base = sampleProject();
  const blocks = base.tracks.speech.blocks.map((block) =>
    block.id === 't1' && block.type === 'text'
      ? { ...block, timing: { startMs: 0, cueEndMs: 300, lane: 0, fit: 'fixed' as const, rewrite } }
      : block,
  );
  return { ...base, tracks: { ...base.tracks, speech: { blocks } } };
}

function renderFor(project: Project) {
  const missing = ['t1', 't2'].map((blockId) => ({
    blockId,
    track: 'speech' as const,
    reason: 'not-generated' as const,
    label: blockId,
  }));
  render(
    <ExportMissingAudio
      missing={{ kind: 'missing', missing, message: '2 blocks have no current audio.' }}
      project={project}
      context={contextOf(project)}
      confirmAboveCredits={1_000_000}
      onConfirming={() => undefined}
      onGenerate={() => undefined}
    />,
  );
}

describe('Export’s “generate, then export” with a line marked to rewrite shorter', () => {
  afterEach(cleanup);

  it('is not offered, since the export would still lack that line, and says why', () => {
    renderFor(withT1(true));
    expect(screen.queryByTestId('export-generate-missing')).toBeNull();
    expect(screen.getByTestId('export-rewrite-held').textContent).toContain(
      '1 line marked to rewrite shorter is not sent: rewrite it, or clear the mark.',
    );
  });

  it('is offered for every missing block when none is marked', () => {
    renderFor(withT1(false));
    expect(screen.getByTestId('export-generate-missing').textContent).toContain('Generate 2 blocks');
    expect(screen.queryByTestId('export-rewrite-held')).toBeNull();
  });
});
