import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Project, TextBlock } from '../../../../common/project/index.js';
import { createProject, createTextBlock } from '../../../../common/project/index.js';
import { defaultsOnlyContext } from '../../../../common/project/send-context.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { settingsView } from '../../../test-support/settings-view.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { useDocumentStore } from '../../../stores/stores-context.js';
import { TakesPanel } from './TakesPanel.js';
import { formatDateTime } from '../../../shared/date-format.js';
import { speechMeasures, withOneTake } from '../../../../common/project/test-support.js';

function withTrailingSilence(block: TextBlock, defaults: Project['defaults']): TextBlock {
  return withOneTake(block, defaultsOnlyContext(defaults), 4_000, speechMeasures(2_500));
}

/** The panel as the inspector shows it: for the document's first block, following its edits. */
function LivePanel() {
  const project = useDocumentStore((state) => state.doc?.project);
  const block = project?.tracks.speech.blocks[0];
  if (project === undefined || block === undefined) return null;
  return <TakesPanel block={block} project={project} unavailableReason={null} />;
}

describe('TakesPanel', () => {
  afterEach(cleanup);

  it('shows the review’s flags on the playing take, keeps “Sounds fine” with it, and can review it again', async () => {
    const base = createProject({ title: 'Takes', defaults: { voiceId: 'v1', language: 'en' } });
    const block = withTrailingSilence(createTextBlock({ text: 'Trails off.' }), base.defaults);
    const stores = storesFor(new FakeBridge({}));
    stores.settings.getState().setView(settingsView());
    stores.document.getState().open({
      fileName: 'takes.timbre',
      project: { ...base, tracks: { ...base.tracks, speech: { blocks: [block] } } },
    });
    renderWithStores(<LivePanel />, stores);

    expect((await screen.findByTestId('take-flags')).textContent).toContain(
      '2.5 s of silence after the speech ends.',
    );
    // When it was made, written as the project list writes its dates.
    expect(screen.getByTestId('take-row').textContent).toContain(formatDateTime('2026-01-01T00:00:00.000Z'));
    fireEvent.click(screen.getByTestId('take-sounds-fine'));
    const take = () => stores.document.getState().doc?.project.tracks.speech.blocks[0]?.takes?.[0];
    expect(take()?.acceptedFlags).toEqual(['trailing-silence']);
    await waitFor(() => expect(screen.queryByTestId('take-flags')).toBeNull(), { timeout: 3_000 });
    expect(screen.getByTestId('take-accepted').textContent).toContain('Marked “Sounds fine” in review.');

    fireEvent.click(screen.getByTestId('take-review-again'));
    expect(take()?.acceptedFlags).toBeUndefined();
    expect(await screen.findByTestId('take-flags', {}, { timeout: 3_000 })).toBeTruthy();
  });

  it('offers Another take only once the block has a take: a never generated one gets its first from Generate', () => {
    const base = createProject({ title: 'Takes', defaults: { voiceId: 'v1', language: 'en' } });
    const fresh = createTextBlock({ text: 'Never spoken.' });
    const stores = storesFor(new FakeBridge({}));
    stores.document.getState().open({
      fileName: 'takes.timbre',
      project: { ...base, tracks: { ...base.tracks, speech: { blocks: [fresh] } } },
    });
    renderWithStores(<LivePanel />, stores);
    const button = screen.getByTestId<HTMLButtonElement>('another-take');
    expect(button.disabled).toBe(true);
    expect(button.title).toBe('This block has no take yet: Generate makes the first one.');

    cleanup();
    stores.document.getState().open({
      fileName: 'takes.timbre',
      project: {
        ...base,
        tracks: { ...base.tracks, speech: { blocks: [withTrailingSilence(fresh, base.defaults)] } },
      },
    });
    renderWithStores(<LivePanel />, stores);
    expect(screen.getByTestId<HTMLButtonElement>('another-take').disabled).toBe(false);
  });
});
