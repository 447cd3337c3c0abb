import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryCheckReport } from '../../../common/ipc/export-methods.js';
import { sampleProject } from '../../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { ExportDialog } from './ExportDialog.js';

const REPORT: DeliveryCheckReport = {
  profileId: 'acx',
  title: 'Sample',
  checkedAt: '2026-11-27T21:00:00.000Z',
  files: ['01 Sample.mp3'],
  summary: 'Pre-flight (ACX): 1 of 2 checks fail on the files as they will be written',
  results: [
    {
      file: '01 Sample.mp3',
      rule: 'rms',
      label: 'RMS level',
      passed: true,
      measured: '−20.1 dB',
      limit: '−23.0 dB to −18.0 dB',
    },
    {
      file: '01 Sample.mp3',
      rule: 'peak',
      label: 'Peak',
      passed: false,
      measured: '−1.2 dB',
      limit: 'at most −3.0 dB',
    },
  ],
};

function setUp() {
  const bridge = new FakeBridge({
    'export.defaultFolder': () => ({ ok: true, result: { folder: '/home/reader/Exports' } }),
    'export.check': () => ({ ok: true, result: { ok: true, report: REPORT } }),
    'export.start': () => ({
      ok: true,
      result: { ok: true, exportId: 'e1', outputPath: '/home/reader/Exports/Sample' },
    }),
  });
  const stores = storesFor(bridge);
  stores.document.getState().open({ fileName: 'sample.timbre', project: sampleProject() });
  renderWithStores(<ExportDialog onClose={() => undefined} />, stores);
  return { stores, calls: (method: string) => bridge.calls.filter((call) => call.method === method) };
}

describe('ExportDialog: a retailer delivery is checked before export', () => {
  afterEach(cleanup);

  it('runs the check first, shows each file and rule, and exports only on “Export anyway”', async () => {
    const { calls } = setUp();
    await screen.findByDisplayValue(/Sample/u);
    fireEvent.change(screen.getByTestId('export-profile'), { target: { value: 'acx' } });
    fireEvent.click(screen.getByTestId('export-start'));
    const rows = await screen.findAllByTestId('preflight-row');
    expect(calls('export.check')).toHaveLength(1);
    expect(calls('export.start')).toEqual([]);
    expect(rows.map((row) => [row.dataset.rule, row.dataset.passed, row.textContent])).toEqual([
      ['rms', 'true', '01 Sample.mp3RMS levelPass−20.1 dB−23.0 dB to −18.0 dB'],
      ['peak', 'false', '01 Sample.mp3PeakFail−1.2 dBat most −3.0 dB'],
    ]);
    // A failure needs the user's explicit word: there is no plain Export, and the form's own button is gone.
    expect(screen.queryByTestId('preflight-export')).toBeNull();
    expect(screen.queryByTestId('export-start')).toBeNull();
    fireEvent.click(screen.getByTestId('preflight-export-anyway'));
    await waitFor(() => expect(calls('export.start')).toHaveLength(1));
  });

  it('scrolls the report into view, since it appears below a form taller than the window', async () => {
    // jsdom has no scrollIntoView: record which element asks to be shown.
    const shown: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      shown.push(this);
    });
    try {
      setUp();
      await screen.findByDisplayValue(/Sample/u);
      fireEvent.change(screen.getByTestId('export-profile'), { target: { value: 'acx' } });
      fireEvent.click(screen.getByTestId('export-start'));
      const report = await screen.findByTestId('preflight-report');
      await waitFor(() => expect(shown.some((element) => element.contains(report))).toBe(true));
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('offers Deliver to and the retail sample again once the export is written, to export again', async () => {
    const { stores, calls } = setUp();
    await screen.findByDisplayValue(/Sample/u);
    fireEvent.change(screen.getByTestId('export-profile'), { target: { value: 'acx' } });
    fireEvent.click(screen.getByTestId('export-start'));
    fireEvent.click(await screen.findByTestId('preflight-export-anyway'));
    await waitFor(() => expect(calls('export.start')).toHaveLength(1));
    act(() => {
      stores.exportJobs.getState().finish({
        exportId: 'e1',
        projectId: 'sample',
        ok: true,
        outputPath: '/home/reader/Exports/Sample',
        subtitlePaths: [],
        durationMs: 0,
        bytes: 1,
      });
    });
    expect(await screen.findByTestId('export-done')).toBeTruthy();
    // The user moves the retail sample and exports again without closing the dialog.
    expect((screen.getByTestId('export-profile') as HTMLSelectElement).value).toBe('acx');
    expect(screen.getByText('Export again')).toBeTruthy();
    // Exporting again checks the delivery anew: the earlier "Exported…" is not left on screen as if it were its result.
    fireEvent.click(screen.getByText('Export again'));
    await screen.findAllByTestId('preflight-row');
    expect(calls('export.check')).toHaveLength(2);
    expect(screen.queryByTestId('export-done')).toBeNull();
  });

  it('goes back to the form without exporting', async () => {
    const { calls } = setUp();
    await screen.findByDisplayValue(/Sample/u);
    fireEvent.change(screen.getByTestId('export-profile'), { target: { value: 'acx' } });
    fireEvent.click(screen.getByTestId('export-start'));
    fireEvent.click(await screen.findByTestId('preflight-back'));
    expect(screen.queryByTestId('preflight-report')).toBeNull();
    expect(screen.getByTestId('export-start')).toBeTruthy();
    expect(calls('export.start')).toEqual([]);
  });

  it('exports at once without a profile', async () => {
    const { calls } = setUp();
    await screen.findByDisplayValue(/Sample/u);
    // The dialog remembers the last form: the profile is cleared here.
    fireEvent.change(screen.getByTestId('export-profile'), { target: { value: 'none' } });
    fireEvent.click(screen.getByTestId('export-start'));
    await waitFor(() => expect(calls('export.start')).toHaveLength(1));
    expect(calls('export.check')).toEqual([]);
  });
});
