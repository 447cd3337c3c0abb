import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Project, TextBlock } from '../../../common/project/project-schema.js';
import { renderWithStores } from '../../test-support/app-stores-harness.js';
import { ProjectEditor } from './ProjectEditor.js';
import {
  bridge,
  onClose,
  openSampleProjectEachTest,
  opened,
  replaceBridge,
  saved,
  scriptBox,
  speechText,
  store,
  stores,
} from './test-support/editor-harness.js';

describe('ProjectEditor: saving, closing and reconnecting', () => {
  openSampleProjectEachTest();

  it('autosaves the document through projects.save a second after the last edit', async () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    fireEvent.change(scriptBox('t2'), { target: { value: 'General Kenobi!' } });
    expect(saved).toHaveLength(0);
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 3000 });
    expect(saved[0]!.fileName).toBe('sample.timbre');
    expect((saved[0]!.project.tracks.speech.blocks[1] as TextBlock).text).toBe('General Kenobi!');
    await waitFor(() => expect(screen.getByTestId('save-status').dataset.state).toBe('saved'));
  });

  it('saves before closing, and only then hands back to the projects page', async () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    fireEvent.change(scriptBox('t1'), { target: { value: 'Closing soon.' } });
    fireEvent.click(screen.getByTestId('editor-close'));
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(saved).toHaveLength(1);
    expect((saved[0]!.project.tracks.speech.blocks[0] as TextBlock).text).toBe('Closing soon.');
  });

  it('keeps the edits when saving fails and offers to save them as a new project', async () => {
    replaceBridge({
      'projects.save': () => ({
        ok: false,
        error: {
          code: 'CONFLICT',
          field: 'fileName',
          message: 'sample.timbre was changed by another program or window since it was opened.',
        },
      }),
      'projects.saveAsNew': (input) => {
        const { project } = input as { project: Project };
        return {
          ok: true,
          result: { fileName: 'sample-2.timbre', project: { ...project, id: 'copy', title: 'Sample' } },
        };
      },
    });
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    fireEvent.change(scriptBox('t1'), { target: { value: 'Precious words.' } });
    fireEvent.click(screen.getByTestId('editor-close'));

    // Closing waits for the failed save, then offers to close without saving too.
    await screen.findByTestId('close-discard');
    expect(screen.getByTestId('save-failed').textContent).toContain('changed by another program');
    expect(onClose).not.toHaveBeenCalled();
    expect(speechText('t1')).toBe('Precious words.');

    fireEvent.click(screen.getByTestId('save-as-new'));
    await waitFor(() => expect(screen.queryByTestId('save-failed')).toBeNull());
    expect(store().doc?.fileName).toBe('sample-2.timbre');
    expect(speechText('t1')).toBe('Precious words.');
    const call = bridge.calls.find((candidate) => candidate.method === 'projects.saveAsNew');
    expect((call?.input as { project: Project }).project.tracks.speech.blocks[0]).toMatchObject({
      text: 'Precious words.',
    });
  });

  it('saves an edit made while main was unreachable once it is back, and holds edits after a relaunch', async () => {
    let reachable = false;
    replaceBridge({
      'projects.save': (input) => {
        if (!reachable) return { ok: false, error: { code: 'DISCONNECTED', message: 'Not reachable.' } };
        saved.push(input as { fileName: string; project: Project });
        return { ok: true, result: { savedAt: '2024-05-01T10:00:00.000Z' } };
      },
    });
    stores.connection.getState().set('connected');
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    stores.connection.getState().set('disconnected');
    fireEvent.change(scriptBox('t1'), { target: { value: 'Written offline.' } });
    await waitFor(() => expect(bridge.calls.some((call) => call.method === 'projects.save')).toBe(true), {
      timeout: 3000,
    });
    expect(saved).toHaveLength(0);
    // The connection banner speaks for the failed save meanwhile.
    expect(screen.queryByTestId('save-failed')).toBeNull();

    reachable = true;
    act(() => stores.connection.getState().set('connected'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((saved[0]!.project.tracks.speech.blocks[0] as TextBlock).text).toBe('Written offline.');

    // A new launch of the app: nothing is written over the file; the page offers a copy instead.
    act(() => {
      stores.connection.getState().set('disconnected');
      stores.connection.getState().set('relaunched');
    });
    fireEvent.change(scriptBox('t1'), { target: { value: 'Written after the restart.' } });
    await screen.findByTestId('relaunch-save-copy');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(saved).toHaveLength(1);
  });
});
