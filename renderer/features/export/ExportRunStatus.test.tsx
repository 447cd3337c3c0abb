import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { ExportRunStatus } from './ExportRunStatus.js';

function showFinished(durationMs: number, warnings?: string[], summary?: string): string {
  renderWithStores(
    <ExportRunStatus
      run={{
        state: 'finished',
        exportId: 'e1',
        projectId: 'p1',
        ok: true,
        outputPath: '/exports/Harbour Voices.mp3',
        subtitlePaths: [],
        durationMs,
        bytes: 200_000,
        ...(warnings ? { warnings } : {}),
        ...(summary ? { summary } : {}),
      }}
      canReveal={false}
    />,
    storesFor(new FakeBridge({})),
  );
  return screen.getByTestId('export-done').querySelector('p')?.textContent ?? '';
}

describe('ExportRunStatus', () => {
  afterEach(cleanup);

  it("gives a finished export's length to the nearest second", () => {
    expect(showFinished(44_600)).toBe('Exported /exports/Harbour Voices.mp3 (0:45)');
  });

  it('writes an export of an hour or more with its hours (75 minutes read 1:15:00, not 75:00)', () => {
    expect(showFinished(75 * 60_000)).toBe('Exported /exports/Harbour Voices.mp3 (1:15:00)');
  });

  it('says what the export left out, such as the original sound of a video without sound', () => {
    const warning = '“clip.mp4” has no sound track, so there is no original sound to mix in.';
    showFinished(6_000, [warning]);
    expect(screen.getAllByTestId('export-warning').map((line) => line.textContent)).toEqual([warning]);
  });

  it('says which chapter files a per-chapter export wrote and which it kept', () => {
    const summary = 'Wrote 1 chapter (2); kept 2 unchanged.';
    showFinished(6_000, undefined, summary);
    expect(screen.getByTestId('export-chapter-summary').textContent).toBe(summary);
  });
});
