import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppInfo } from '../../../common/ipc/contract.js';
import type { IpcResponse } from '../../../common/ipc/errors.js';
import { sampleProject } from '../../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { ExportDialog } from './ExportDialog.js';

/** Where the export dialog saves: typed, chosen, remembered, and what it shows after an attempt. */

const GRANT_REFUSAL = {
  ok: false as const,
  error: {
    code: 'INVALID_INPUT' as const,
    field: 'outputPath',
    message:
      'The export’s destination must be a place you chose with Choose… (or inside the default export folder); Timbre Studio does not write or read anywhere else.',
  },
};

function appInfo(shell: AppInfo['shell']): AppInfo {
  return {
    name: 'Timbre Studio',
    version: '1.0.0',
    shell,
    platform: 'linux',
    dataDir: '/home/reader/.local/share/timbre-studio',
    canReveal: false,
  };
}

/**
 * The dialog for a project of its own id (the dialog remembers choices per project for the session), with main
 * answering export.start by `started` and main's chooser window answering with `pick` when the test says.
 */
function openDialog(
  projectId: string,
  shell: AppInfo['shell'],
  started: (input: { outputPath: string }) => IpcResponse<unknown>,
) {
  let answerChoice: (chosen: string | null) => void = () => undefined;
  const bridge = new FakeBridge({
    'app.info': () => ({ ok: true, result: appInfo(shell) }),
    'export.defaultFolder': () => ({ ok: true, result: { folder: '/home/reader/Exports' } }),
    'export.start': (input) => started(input as { outputPath: string }),
    // The browser shell has no system dialog: main's chooser window opens instead.
    'export.chooseDestination': () => ({ ok: true, result: { path: null } }),
    'files.openChooser': () => ({
      ok: true,
      result: { choiceId: 'c'.repeat(32), url: `http://127.0.0.1:9/choose#choice=${'c'.repeat(32)}` },
    }),
    'files.chooserAnswer': () =>
      new Promise((resolve) => {
        answerChoice = (chosen) => resolve({ ok: true, result: { path: chosen } });
      }),
  });
  const stores = storesFor(bridge);
  stores.document
    .getState()
    .open({ fileName: 'sample.timbre', project: { ...sampleProject(), id: projectId } });
  const view = renderWithStores(<ExportDialog onClose={() => undefined} />, stores);
  const calls = (method: string) =>
    bridge.calls
      .filter((call) => call.method === method)
      .map((call) => call.input as Record<string, unknown>);
  return {
    stores,
    view,
    calls,
    pick: async (chosen: string) => {
      await waitFor(() => expect(calls('files.chooserAnswer')).toHaveLength(1));
      await act(async () => {
        answerChoice(chosen);
        await Promise.resolve();
      });
    },
  };
}

const pathBox = (): HTMLInputElement => screen.getByTestId<HTMLInputElement>('export-path');

describe('ExportDialog: where it saves', () => {
  beforeEach(() => {
    vi.spyOn(window, 'open').mockReturnValue(null);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('in the browser shell, opens a typed path in main’s chooser to confirm instead of sending it to be refused', async () => {
    const dialog = openDialog('typed-browser', 'browser', (input) => ({
      ok: true,
      result: { ok: true, exportId: 'e1', outputPath: input.outputPath },
    }));
    await screen.findByDisplayValue('/home/reader/Exports/Sample.wav');
    fireEvent.change(pathBox(), { target: { value: '/home/reader/Elsewhere/Sample.wav' } });
    expect((await screen.findByTestId('export-path-confirm')).textContent).toBe(
      'In the browser, Timbre Studio writes only where you pick in its chooser window or inside /home/reader/Exports: Enter or Export opens it at this path for you to confirm.',
    );

    fireEvent.click(screen.getByTestId('export-start'));
    await waitFor(() =>
      expect(dialog.calls('files.openChooser')).toEqual([
        { kind: 'save-file', initialPath: '/home/reader/Elsewhere/Sample.wav' },
      ]),
    );
    expect(dialog.calls('export.start')).toEqual([]);
    // The user confirms (renaming it) in the chooser window: the export goes on to the place picked there.
    await dialog.pick('/home/reader/Elsewhere/Sample take 2.wav');
    await waitFor(() => expect(dialog.calls('export.start')).toHaveLength(1));
    expect(dialog.calls('export.start')[0]?.outputPath).toBe('/home/reader/Elsewhere/Sample take 2.wav');
    expect(pathBox().value).toBe('/home/reader/Elsewhere/Sample take 2.wav');
  });

  it('in the browser shell, Enter in the path box opens the chooser there; a path in the default folder exports at once', async () => {
    const dialog = openDialog('enter-browser', 'browser', (input) => ({
      ok: true,
      result: { ok: true, exportId: 'e2', outputPath: input.outputPath },
    }));
    await screen.findByDisplayValue('/home/reader/Exports/Sample.wav');
    fireEvent.change(pathBox(), { target: { value: '/srv/audio/Sample.wav' } });
    fireEvent.keyDown(pathBox(), { key: 'Enter' });
    await waitFor(() =>
      expect(dialog.calls('files.openChooser')).toEqual([
        { kind: 'save-file', initialPath: '/srv/audio/Sample.wav' },
      ]),
    );
    fireEvent.click(screen.getByTestId('file-chooser-cancel'));

    fireEvent.change(pathBox(), { target: { value: '/home/reader/Exports/Take 2.wav' } });
    expect(screen.queryByTestId('export-path-confirm')).toBeNull();
    fireEvent.click(screen.getByTestId('export-start'));
    await waitFor(() => expect(dialog.calls('export.start')).toHaveLength(1));
    expect(dialog.calls('export.start')[0]?.outputPath).toBe('/home/reader/Exports/Take 2.wav');
  });

  it('in Electron, sends a typed path as before (the system dialog is where places are chosen)', async () => {
    const dialog = openDialog('typed-electron', 'electron', () => GRANT_REFUSAL);
    await screen.findByDisplayValue('/home/reader/Exports/Sample.wav');
    await waitFor(() => expect(dialog.calls('app.info')).toHaveLength(1));
    fireEvent.change(pathBox(), { target: { value: '/home/reader/Elsewhere/Sample.wav' } });
    fireEvent.keyDown(pathBox(), { key: 'Enter' });
    fireEvent.click(screen.getByTestId('export-start'));
    await waitFor(() => expect(dialog.calls('export.start')).toHaveLength(1));
    expect(dialog.calls('files.openChooser')).toEqual([]);
    expect(screen.queryByTestId('export-path-confirm')).toBeNull();
  });

  it('clears the last export’s result when the next attempt is refused', async () => {
    let attempts = 0;
    const dialog = openDialog('again', 'electron', () => {
      attempts += 1;
      return attempts === 1
        ? { ok: true, result: { ok: true, exportId: 'e3', outputPath: '/home/reader/Exports/Sample.wav' } }
        : GRANT_REFUSAL;
    });
    await screen.findByDisplayValue('/home/reader/Exports/Sample.wav');
    fireEvent.click(screen.getByTestId('export-start'));
    await waitFor(() => expect(attempts).toBe(1));
    act(() => {
      dialog.stores.exportJobs.getState().finish({
        exportId: 'e3',
        projectId: 'again',
        ok: true,
        outputPath: '/home/reader/Exports/Sample.wav',
        subtitlePaths: [],
        durationMs: 0,
        bytes: 1,
      });
    });
    expect(await screen.findByTestId('export-done')).toBeTruthy();

    fireEvent.change(pathBox(), { target: { value: '/root-test.wav' } });
    fireEvent.click(screen.getByTestId('export-start'));
    expect(await screen.findByTestId('export-error')).toBeTruthy();
    expect(screen.queryByTestId('export-done')).toBeNull();
  });

  it('offers the place chosen for a project again when Export is reopened', async () => {
    const first = openDialog('remembered', 'browser', () => GRANT_REFUSAL);
    await screen.findByDisplayValue('/home/reader/Exports/Sample.wav');
    fireEvent.click(screen.getByTestId('export-choose'));
    await first.pick('/home/reader/Podcasts/Sample.wav');
    await waitFor(() => expect(pathBox().value).toBe('/home/reader/Podcasts/Sample.wav'));
    first.view.unmount();

    openDialog('remembered', 'browser', () => GRANT_REFUSAL);
    expect(await screen.findByDisplayValue('/home/reader/Podcasts/Sample.wav')).toBeTruthy();
    // Nothing typed: it is the user's own choice, so Export needs no confirming.
    expect(screen.queryByTestId('export-path-confirm')).toBeNull();
    cleanup();

    // Another project starts in the default folder.
    openDialog('another', 'browser', () => GRANT_REFUSAL);
    expect(await screen.findByDisplayValue('/home/reader/Exports/Sample.wav')).toBeTruthy();
  });
});
