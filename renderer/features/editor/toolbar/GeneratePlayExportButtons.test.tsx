import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Project, TextBlock } from '../../../../common/project/index.js';
import { contextOf, sampleProject, withOneTake } from '../../../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { signedInSettings } from '../../../test-support/settings-view.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { GenerationConfirm } from '../../generation/GenerationConfirm.js';
import { GeneratePlayExportButtons } from './GeneratePlayExportButtons.js';

const SERVICE = 'http://127.0.0.1:8787';

/** The sample with its first block generated once (one take of its current content). */
function withFirstBlockTaken(): Project {
  const project = sampleProject();
  const [first, ...rest] = project.tracks.speech.blocks as TextBlock[];
  if (first === undefined) throw new Error('the sample has no speech');
  return {
    ...project,
    tracks: {
      ...project.tracks,
      speech: { blocks: [withOneTake(first, contextOf(project), 1_200), ...rest] },
    },
  };
}

describe('GeneratePlayExportButtons', () => {
  afterEach(cleanup);

  it('acts on the keys the shortcuts help lists: Space plays, Ctrl+E exports', () => {
    const stores = storesFor(new FakeBridge({}));
    stores.document.getState().open({ fileName: 'sample.timbre', project: sampleProject() });
    renderWithStores(<GeneratePlayExportButtons />, stores);
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(stores.notices.getState().toasts.map((toast) => toast.title)).toEqual(['Nothing to play yet']);
    fireEvent.keyDown(document.body, { key: 'e', ctrlKey: true });
    expect(screen.getByTestId('export-dialog')).toBeTruthy();
  });

  it('says where Play starts as the playhead reads, with hours from an hour (1:15:00, not 75:00)', () => {
    const stores = storesFor(new FakeBridge({}));
    stores.document.getState().open({ fileName: 'sample.timbre', project: sampleProject() });
    renderWithStores(<GeneratePlayExportButtons />, stores);
    act(() => stores.timelineView.getState().setPlayhead(59_900));
    expect(screen.getByTestId('preview-play').textContent).toBe('▶ Play from 0:59');
    act(() => stores.timelineView.getState().setPlayhead(75 * 60_000));
    expect(screen.getByTestId('preview-play').textContent).toBe('▶ Play from 1:15:00');
  });

  it('plays a project with a reference video before anything is generated (the picture against the script)', () => {
    const stores = storesFor(new FakeBridge({}));
    const project: Project = { ...sampleProject(), video: { path: '/home/me/cut.mp4', durationMs: 60_000 } };
    stores.document.getState().open({ fileName: 'sample.timbre', project });
    renderWithStores(<GeneratePlayExportButtons />, stores);
    const play = screen.getByTestId<HTMLButtonElement>('preview-play');
    expect(play.disabled).toBe(false);
    fireEvent.click(play);
    expect(stores.timelineView.getState().previewing).toBe(true);
    expect(stores.notices.getState().toasts.map((toast) => toast.title)).not.toContain('Nothing to play yet');
    fireEvent.click(play);
    expect(stores.timelineView.getState().previewing).toBe(false);
  });

  it('counts a line marked to rewrite shorter apart: it is not among the blocks Generate names', async () => {
    const stores = storesFor(new FakeBridge({}));
    stores.settings.getState().setView(signedInSettings(SERVICE));
    const base = sampleProject();
    const blocks = base.tracks.speech.blocks.map((block) =>
      block.id === 't1' && block.type === 'text'
        ? { ...block, timing: { startMs: 0, cueEndMs: 300, lane: 0, fit: 'fixed' as const, rewrite: true } }
        : block,
    );
    const project = { ...base, serviceUrl: SERVICE, tracks: { ...base.tracks, speech: { blocks } } };
    stores.document.getState().open({ fileName: 'sample.timbre', project });
    renderWithStores(<GeneratePlayExportButtons />, stores);
    const generate = await screen.findByText('Generate 4 blocks');
    expect(generate.title).toContain(
      '1 line marked to rewrite shorter is not sent: rewrite it, or clear the mark',
    );
  });

  it('keeps Play off for a project with neither a take nor a video', () => {
    const stores = storesFor(new FakeBridge({}));
    stores.document.getState().open({ fileName: 'sample.timbre', project: sampleProject() });
    renderWithStores(<GeneratePlayExportButtons />, stores);
    expect(screen.getByTestId<HTMLButtonElement>('preview-play').disabled).toBe(true);
  });

  it('offers Another take only for a block already taken, and says why not for one never generated', () => {
    const stores = storesFor(new FakeBridge({}));
    stores.settings.getState().setView(signedInSettings(SERVICE));
    stores.document.getState().open({ fileName: 'sample.timbre', project: withFirstBlockTaken() });
    renderWithStores(<GeneratePlayExportButtons />, stores);
    const anotherTake = (): HTMLButtonElement =>
      screen.getByTestId<HTMLButtonElement>('regenerate-selection');

    act(() => stores.document.getState().select(['t2'], 't2'));
    expect(anotherTake().disabled).toBe(true);
    expect(anotherTake().title).toBe('This block has no take yet: Generate makes the first one.');

    act(() => stores.document.getState().select(['t1'], 't1'));
    expect(anotherTake().disabled).toBe(false);
    expect(anotherTake().title).toContain('new seed');
  });

  it('asks about a large new take without promising that earlier audio is reused', () => {
    const stores = storesFor(new FakeBridge({}));
    const ask = (newTake: boolean) => {
      cleanup();
      act(() =>
        stores.editorUi.getState().setPendingGeneration({
          projectTitle: 'The long book',
          blocks: 40,
          credits: 6_000,
          threshold: 5_000,
          newTake,
          send: () => undefined,
        }),
      );
      renderWithStores(<GenerationConfirm />, stores);
      return screen.getByTestId('generation-confirm').textContent ?? '';
    };
    const generate = ask(false);
    expect(generate).toContain('Project “The long book”');
    expect(generate).toContain('Generate 40 blocks');
    expect(generate).toContain('reused at no cost');
    const again = ask(true);
    expect(again).toContain('Take again 40 blocks');
    expect(again).not.toContain('reused');
    expect(again).toContain('each new take has a new seed, so every block is charged');
  });

  it('sends one request for Ctrl+G held down or pressed again while the last one is being sent', async () => {
    let answer: (() => void) | undefined;
    const bridge = new FakeBridge({
      'generation.start': () =>
        new Promise((resolve) => {
          answer = () =>
            resolve({
              ok: true,
              result: { serviceUrl: SERVICE, jobIds: ['j1'], sentBlocks: 1, reusedBlocks: 0, characters: 10 },
            });
        }),
    });
    const stores = storesFor(bridge);
    stores.settings.getState().setView(signedInSettings(SERVICE));
    stores.document.getState().open({ fileName: 'sample.timbre', project: sampleProject() });
    renderWithStores(<GeneratePlayExportButtons />, stores);
    const starts = (): number => bridge.calls.filter((call) => call.method === 'generation.start').length;

    // The key's auto-repeat while it is held is not a new request.
    fireEvent.keyDown(document.body, { key: 'g', ctrlKey: true, repeat: true });
    expect(starts()).toBe(0);
    fireEvent.keyDown(document.body, { key: 'g', ctrlKey: true });
    expect(starts()).toBe(1);
    // Pressed again, or Generate clicked, before main has answered.
    fireEvent.keyDown(document.body, { key: 'g', ctrlKey: true });
    fireEvent.click(screen.getByTestId('generate-project'));
    expect(starts()).toBe(1);
    expect(screen.getByTestId<HTMLButtonElement>('generate-project').disabled).toBe(true);

    await act(async () => {
      answer?.();
      await Promise.resolve();
    });
    fireEvent.keyDown(document.body, { key: 'g', ctrlKey: true });
    expect(starts()).toBe(2);
  });
});
