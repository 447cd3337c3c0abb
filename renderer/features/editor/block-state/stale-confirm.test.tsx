import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProject } from '../../../../common/project/block-factory.js';
import { addSpeaker, setProjectLexicon } from '../../../../common/project/cast-edits.js';
import { contentHash } from '../../../../common/project/content-hash.js';
import type { Block, Project, TextBlock } from '../../../../common/project/project-schema.js';
import { contextOf, sampleProject } from '../../../../common/project/test-support.js';
import type { AppStores } from '../../../stores/app-stores.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { createEditorActions } from '../editing/editor-actions.js';
import { LexiconPanel } from '../lexicon/LexiconPanel.js';
import { ProjectDefaultsPanel } from '../inspector/ProjectDefaultsPanel.js';
import { SpeakerField } from '../inspector/SpeakerField.js';
import { PendingChangeConfirm } from './StaleConfirm.js';

/** The sample with every speech block generated for its current content. */
function generatedSample(): Project {
  const base = addSpeaker(sampleProject(), { name: 'Bruno', preset: 'stable' }, () => 'bruno').project;
  const context = contextOf(base);
  const generated = (block: Block): Block => ({
    ...block,
    generation: {
      kind: 'generated',
      contentHash: contentHash(block, context),
      audio: { cacheKey: `key-${block.id}`, durationMs: 1000, generatedAt: '2026-01-01T00:00:00.000Z' },
    },
  });
  return {
    ...base,
    tracks: {
      ...base.tracks,
      speech: { blocks: base.tracks.speech.blocks.map(generated) as Project['tracks']['speech']['blocks'] },
    },
  };
}

describe('changes that make generated audio stale ask first, with the count and the credits', () => {
  let stores: AppStores;
  const project = () => stores.document.getState().doc!.project;

  beforeEach(() => {
    stores = storesFor(new FakeBridge({}));
    stores.document.getState().open({ fileName: 'book.timbre', project: generatedSample() });
  });
  afterEach(() => cleanup());

  /** Copies the generated "Hello there." and pastes it into a new project whose default preset differs. */
  const pasteIntoOtherProject = () => {
    const actions = createEditorActions(stores);
    stores.document.getState().select(['t1'], 't1');
    const copied = actions.clipboardTextOfSelection()!;
    const other = createProject({ id: 'other', title: 'Other', defaults: { preset: 'stable' } });
    stores.document.getState().open({ fileName: 'other.timbre', project: other });
    actions.pasteText(copied);
    return { actions, copied };
  };

  it('a project default: nothing changes until Apply, Cancel leaves it as it was', () => {
    renderWithStores(<ProjectDefaultsPanel />, stores);
    fireEvent.change(screen.getByTestId('project-default-preset'), { target: { value: 'stable' } });
    // The sample's three lines follow the default preset; "Hello there.", "General Kenobi.", "You are a bold one."
    expect(screen.getByTestId('stale-confirm').textContent).toBe(
      'Change project defaults: 3 generated blocks would need generating again (≈ 46 credits).ApplyCancel',
    );
    expect(project().defaults.preset).toBe('balance');
    fireEvent.click(screen.getByTestId('stale-confirm-cancel'));
    expect(project().defaults.preset).toBe('balance');

    fireEvent.change(screen.getByTestId('project-default-preset'), { target: { value: 'stable' } });
    fireEvent.click(screen.getByTestId('stale-confirm-apply'));
    expect(project().defaults.preset).toBe('stable');
    expect(screen.queryByTestId('stale-confirm')).toBeNull();
  });

  it('giving several lines to another speaker', () => {
    stores.document.getState().select(['t1', 't2'], 't1');
    const block = project().tracks.speech.blocks[0] as TextBlock;
    renderWithStores(
      <>
        <PendingChangeConfirm />
        <SpeakerField project={project()} block={block} />
      </>,
      stores,
    );
    fireEvent.change(screen.getByTestId('block-speaker'), { target: { value: 'bruno' } });
    expect(screen.getByTestId('stale-confirm').textContent).toContain(
      'Give 2 lines to Bruno: 2 generated blocks would need generating again (≈ 27 credits).',
    );
    expect(project().tracks.speech.blocks[0]).not.toHaveProperty('speakerId');
    fireEvent.click(screen.getByTestId('stale-confirm-apply'));
    expect(
      project()
        .tracks.speech.blocks.slice(0, 2)
        .map((line) => (line as TextBlock).speakerId),
    ).toEqual(['bruno', 'bruno']);
  });

  it('pasting generated blocks whose audio does not fit the project they land in', () => {
    const { actions, copied } = pasteIntoOtherProject();
    expect(project().tracks.speech.blocks).toHaveLength(0);
    expect(stores.editorUi.getState().pendingChange?.impact).toMatchObject({
      blocks: 1,
      estimatedCredits: 12,
    });
    stores.editorUi.getState().pendingChange!.apply();
    expect(project().tracks.speech.blocks).toHaveLength(1);

    // The same block pasted where it resolves alike keeps its audio, and nothing is asked.
    stores.editorUi.getState().setPendingChange(null);
    stores.document.getState().open({ fileName: 'book.timbre', project: generatedSample() });
    actions.pasteText(copied);
    expect(stores.editorUi.getState().pendingChange).toBeNull();
    expect(project().tracks.speech.blocks).toHaveLength(4);
  });

  it('a paste waiting for Apply keeps the edits made meanwhile', () => {
    const { actions } = pasteIntoOtherProject();
    const pending = stores.editorUi.getState().pendingChange!;
    actions.addTextBlock('Typed while the question was open.');
    pending.apply();
    const texts = project().tracks.speech.blocks.map((block) => (block as TextBlock).text);
    expect(texts).toEqual(['Typed while the question was open.', 'Hello there.']);
    // The pasted block is selected, as a paste without a question leaves it.
    const pasted = project().tracks.speech.blocks[1]!.id;
    expect(stores.document.getState().selection.ids).toEqual([pasted]);
  });

  it('a pronunciation rule waiting for Apply keeps the rules changed meanwhile', () => {
    renderWithStores(<LexiconPanel />, stores);
    fireEvent.change(screen.getByTestId('lexicon-new-term'), { target: { value: 'Hello' } });
    fireEvent.change(screen.getByTestId('lexicon-new-replacement'), { target: { value: 'Yellow' } });
    fireEvent.click(screen.getByTestId('lexicon-add'));
    expect(screen.getByTestId('stale-confirm').textContent).toContain(
      '1 generated block would need generating',
    );
    // A rule that touches no generated line is added at once, while the question is still open.
    const meanwhile = {
      id: 'meanwhile',
      term: 'Obi-Wan',
      replacement: 'Obee-Wan',
      wholeWord: true,
      caseSensitive: false,
    };
    stores.document
      .getState()
      .apply((doc) => setProjectLexicon(doc, [...doc.lexicon, meanwhile]), { label: 'Add a rule' });
    fireEvent.click(screen.getByTestId('stale-confirm-apply'));
    expect(project().lexicon.map((rule) => rule.term)).toEqual(['Obi-Wan', 'Hello']);
  });

  it('opening another project drops the change waiting for Apply, so it never lands in that project', () => {
    pasteIntoOtherProject();
    expect(stores.editorUi.getState().pendingChange).not.toBeNull();
    stores.document.getState().open({ fileName: 'book.timbre', project: generatedSample() });
    expect(stores.editorUi.getState().pendingChange).toBeNull();
  });
});
