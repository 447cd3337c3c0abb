import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExportStartResult } from '../../../common/ipc/export-methods.js';
import { sampleProject } from '../../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { ExportDialog } from './ExportDialog.js';

/*
 * What takes the Export button's place (files in the way, audio missing, an error) appears below a form taller
 * than the window: it is scrolled into view, or the user who pressed Export sees only "Close" left.
 */

// jsdom has no scrollIntoView: record which elements ask to be shown.
let shown: Element[] = [];
beforeEach(() => {
  shown = [];
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    shown.push(this);
  });
});
afterEach(() => {
  cleanup();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

async function exportAnswered(
  answer: { ok: true; result: ExportStartResult } | { ok: false; error: object },
) {
  const bridge = new FakeBridge({
    'export.defaultFolder': () => ({ ok: true, result: { folder: '/home/reader/Exports' } }),
    'export.start': () => answer as never,
  });
  const stores = storesFor(bridge);
  stores.document.getState().open({ fileName: 'sample.timbre', project: sampleProject() });
  renderWithStores(<ExportDialog onClose={() => undefined} />, stores);
  await screen.findByDisplayValue(/Sample/u);
  fireEvent.click(screen.getByTestId('export-start'));
  return stores;
}

const isShown = (element: Element): boolean => shown.some((box) => box.contains(element));

describe('ExportDialog: what replaces the Export button comes into view', () => {
  it('the export’s result, again when it replaces the progress', async () => {
    const stores = await exportAnswered({
      ok: true,
      result: { ok: true, exportId: 'e1', outputPath: '/home/reader/Exports/Sample.wav' },
    });
    const progress = await screen.findByTestId('export-progress');
    await waitFor(() => expect(isShown(progress)).toBe(true));
    shown = [];
    act(() => {
      stores.exportJobs.getState().finish({
        exportId: 'e1',
        projectId: 'sample',
        ok: true,
        outputPath: '/home/reader/Exports/Sample.wav',
        subtitlePaths: [],
        durationMs: 2000,
        bytes: 44,
      });
    });
    const done = await screen.findByTestId('export-done');
    await waitFor(() => expect(isShown(done)).toBe(true));
  });

  it('the files already there, with Replace and Keep both', async () => {
    await exportAnswered({
      ok: true,
      result: {
        ok: false,
        reason: 'conflict',
        conflicts: ['/home/reader/Exports/Sample.srt'],
        keepBothPath: '/home/reader/Exports/Sample (2).wav',
        message: 'Sample.srt already exists in /home/reader/Exports.',
      },
    });
    const conflict = await screen.findByTestId('export-conflict');
    expect(screen.queryByTestId('export-start')).toBeNull();
    await waitFor(() => expect(isShown(conflict)).toBe(true));
  });

  it('the blocks without audio, with the offer to generate them', async () => {
    await exportAnswered({
      ok: true,
      result: {
        ok: false,
        reason: 'missing-audio',
        missing: [{ blockId: 't1', track: 'speech', reason: 'not-generated', label: 'Hello there.' }],
        message: '1 block has no audio.',
      },
    });
    const offer = await screen.findByTestId('export-generate-missing');
    await waitFor(() => expect(isShown(offer)).toBe(true));
  });

  it('an error main answered with', async () => {
    await exportAnswered({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'The folder cannot be written to.' },
    });
    const error = await screen.findByTestId('export-error');
    await waitFor(() => expect(isShown(error)).toBe(true));
  });
});
