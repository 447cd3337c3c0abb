import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AI_NARRATION_LINE } from '../../../../common/export/credits-text.js';
import type { Project } from '../../../../common/project/index.js';
import { createProject } from '../../../../common/project/index.js';
import type { AppStores } from '../../../stores/app-stores.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { TimelineBlock } from '../timeline/TimelineBlock.js';
import { contextOf } from '../../../../common/project/test-support.js';
import { AddCreditsButton } from './AddCreditsButton.js';

const OPENING = 'The Salt Road. Written by Mara Quill. Narrated by Ellen.';
const CLOSING = 'The end. This has been The Salt Road, written by Mara Quill, narrated by Ellen.';

function book(): Project {
  const base = createProject({
    title: 'The Salt Road',
    defaults: { voiceId: 'v1', voiceName: 'Ellen' },
    textBlocks: ['The harbour lay quiet.', 'Mara counted the boats.'],
  });
  return { ...base, metadata: { author: 'Mara Quill' } };
}

function open(project: Project = book()): AppStores {
  const stores = storesFor(new FakeBridge({}));
  stores.document.getState().open({ fileName: 'salt-road.timbre', project });
  renderWithStores(<AddCreditsButton />, stores);
  fireEvent.click(screen.getByTestId('credits-open'));
  return stores;
}

const blocksOf = (stores: AppStores) => stores.document.getState().doc!.project.tracks.speech.blocks;
const textsOf = (stores: AppStores) =>
  blocksOf(stores).map((block) => (block.type === 'text' ? block.text : ''));

afterEach(cleanup);

describe('Add opening and closing credits', () => {
  it('adds both credits as blocks at the start and the end in one edit, which one Undo takes back', () => {
    const stores = open();
    expect(screen.getByTestId('credits-opening').textContent).toBe(`${OPENING} ${AI_NARRATION_LINE}`);
    fireEvent.click(screen.getByTestId('credits-ai-line'));
    expect(screen.getByTestId('credits-opening').textContent).toBe(OPENING);
    fireEvent.click(screen.getByTestId('credits-apply'));
    expect(screen.queryByTestId('credits-dialog')).toBeNull();
    expect(textsOf(stores)).toEqual([OPENING, 'The harbour lay quiet.', 'Mara counted the boats.', CLOSING]);
    expect(blocksOf(stores).map((block) => block.type === 'text' && block.credits)).toEqual([
      'opening',
      undefined,
      undefined,
      'closing',
    ]);
    stores.document.getState().undo();
    expect(textsOf(stores)).toEqual(['The harbour lay quiet.', 'Mara counted the boats.']);
  });

  it('updates the credits there instead of adding more, asking first where the user edited them', () => {
    const stores = open();
    fireEvent.click(screen.getByTestId('credits-apply'));
    fireEvent.click(screen.getByTestId('credits-open'));
    expect(screen.getByTestId('credits-apply').textContent).toBe('Credits are up to date');
    expect((screen.getByTestId('credits-apply') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('credits-cancel'));

    const closing = blocksOf(stores)[3]!;
    stores.document.getState().apply(
      (project) => ({
        ...project,
        tracks: {
          ...project.tracks,
          speech: {
            blocks: project.tracks.speech.blocks.map((block) =>
              block === closing ? { ...block, text: 'My own words.' } : block,
            ),
          },
        },
      }),
      { label: 'Typing' },
    );
    fireEvent.click(screen.getByTestId('credits-open'));
    expect(screen.getByTestId('credits-replace').textContent).toContain(
      'Closing Credits says something else now',
    );
    fireEvent.click(screen.getByTestId('credits-apply'));
    expect(textsOf(stores)).toHaveLength(4);
    expect(textsOf(stores)[3]).toBe(`${CLOSING} ${AI_NARRATION_LINE}`);
  });

  it('leaves out what the project does not know, and keeps the author and copyright line the user types', () => {
    const stores = open(createProject({ title: 'Draft', textBlocks: ['One.'] }));
    expect(screen.getByTestId('credits-opening').textContent).toBe(`Draft. ${AI_NARRATION_LINE}`);
    fireEvent.click(screen.getByTestId('credits-ai-line'));
    fireEvent.change(screen.getByTestId('credits-author'), { target: { value: 'Mara Quill' } });
    fireEvent.change(screen.getByTestId('credits-copyright'), { target: { value: '© 2026 Mara Quill' } });
    expect(screen.getByTestId('credits-closing').textContent).toBe(
      'The end. This has been Draft, written by Mara Quill. © 2026 Mara Quill.',
    );
    fireEvent.click(screen.getByTestId('credits-apply'));
    expect(stores.document.getState().doc!.project.metadata).toEqual({
      author: 'Mara Quill',
      copyright: '© 2026 Mara Quill',
    });
    expect(textsOf(stores)[0]).toBe('Draft. Written by Mara Quill.');
  });

  it('keeps the narrator the user types, so running it again finds the credits up to date', () => {
    const stores = open();
    fireEvent.change(screen.getByTestId('credits-narrator'), { target: { value: 'Ellen Marsh' } });
    fireEvent.click(screen.getByTestId('credits-apply'));
    expect(stores.document.getState().doc!.project.metadata).toEqual({
      author: 'Mara Quill',
      narrator: 'Ellen Marsh',
    });
    expect(textsOf(stores)[0]).toContain('Narrated by Ellen Marsh.');
    fireEvent.click(screen.getByTestId('credits-open'));
    expect((screen.getByTestId('credits-narrator') as HTMLInputElement).value).toBe('Ellen Marsh');
    expect(screen.queryByTestId('credits-replace')).toBeNull();
    expect(screen.getByTestId('credits-apply').textContent).toBe('Credits are up to date');
  });

  it('does not keep a narrator that is just the voice’s name, so the credits follow a change of voice', () => {
    const stores = open();
    fireEvent.click(screen.getByTestId('credits-apply'));
    expect(stores.document.getState().doc!.project.metadata).toEqual({ author: 'Mara Quill' });
  });
});

describe('credits on the timeline', () => {
  it('labels a credits block “Opening Credits”', () => {
    const project = book();
    const block = { ...project.tracks.speech.blocks[0]!, credits: 'opening' as const };
    const stores = storesFor(new FakeBridge({}));
    renderWithStores(
      <TimelineBlock
        block={block}
        context={contextOf(project)}
        left={0}
        width={200}
        estimated
        selected={false}
        offsetPx={0}
        generation={{ state: 'not-generated', failure: null, progress: { kind: 'idle' }, playable: null }}
      />,
      stores,
    );
    const shown = screen.getByTestId('timeline-block');
    expect(shown.dataset['credits']).toBe('opening');
    expect(shown.textContent).toContain('Opening Credits');
  });
});
