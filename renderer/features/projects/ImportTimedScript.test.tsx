import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { estimateSpeechMs } from '../../../common/project/duration-estimate.js';
import { FakeLibrary } from './test-support/fake-library.js';
import { ProjectsPage } from './ProjectsPage.js';
import type { AppStores } from '../../stores/app-stores.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';

let stores: AppStores;

vi.mock('../editor/ProjectEditor.js', async () => {
  const { createElement } = await import('react');
  return { ProjectEditor: () => createElement('section', { 'data-testid': 'project-editor' }) };
});

const long = 'Dieser Satz sagt viel mehr, als seine kurze Einblendung an Zeit hergibt, bei Weitem.';
const subtitles = [
  '1',
  '00:00:01,000 --> 00:00:04,000',
  '<i>ANNA: Guten Morgen.</i>',
  '',
  '2',
  '00:00:02,000 --> 00:00:03,000',
  `{\\an8}BEN: ${long}`,
  '',
].join('\n');

async function pickFile(name: string, text: string): Promise<void> {
  renderWithStores(<ProjectsPage />, stores);
  await screen.findByTestId('projects-empty');
  fireEvent.click(screen.getByTestId('import-text'));
  await screen.findByTestId('import-dialog');
  fireEvent.click(screen.getByTestId('import-source-file'));
  fireEvent.change(screen.getByTestId('import-file-input'), {
    target: { files: [new File([text], name, { type: '' })] },
  });
}

describe('Import dialog with a subtitle file', () => {
  beforeEach(() => {
    stores = storesFor(new FakeLibrary().bridge);
  });
  afterEach(() => {
    cleanup();
  });

  it('lists the cues with their times, slot, speaker and lane and marks the line estimated to overrun', async () => {
    await pickFile('dub.de.srt', subtitles);
    const rows = await screen.findAllByTestId('import-timed-cue');
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    const estimate = (text: string) => `${(estimateSpeechMs(text) / 1000).toFixed(1)} s`;
    expect(cells.map((row) => row.slice(0, 6))).toEqual([
      ['00:00:01.000', '00:00:04.000', '3.0 s', 'Anna (lane 1)', 'Guten Morgen.', estimate('Guten Morgen.')],
      ['00:00:02.000', '00:00:03.000', '1.0 s', 'Ben (lane 2)', long, estimate(long)],
    ]);
    expect(rows.map((row) => row.dataset.overrun)).toEqual(['false', 'true']);
    expect(cells[0]![6]).toBe('fits');
    const neededRate = (estimateSpeechMs(long) / 1000).toFixed(2);
    expect(cells[1]![6]).toContain(`needs rate ${neededRate}`);
    expect(screen.getByTestId('import-timed-summary').textContent).toBe(
      '2 timed lines in 2 lanes · 1 line is estimated to overrun its slot',
    );
    // One block per cue: the split options are not offered, and the cue's text is never cut.
    expect(screen.queryByTestId('import-max-length')).toBeNull();
    expect(screen.getByTestId('import-preview-count').dataset.count).toBe('2');
    expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows why a broken file cannot be imported, with its line, and offers no Import', async () => {
    await pickFile(
      'broken.srt',
      subtitles.replace('00:00:02,000 --> 00:00:03,000', '00:00:02,000 --> 00:00:01,500'),
    );
    const problem = await screen.findByTestId('import-preview-problem');
    expect(problem.textContent).toBe(
      'Line 6: the cue ends before it starts (00:00:02,000 --> 00:00:01,500); a cue’s end must come after its start.',
    );
    await waitFor(() =>
      expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(true),
    );
    expect(screen.queryByTestId('import-timed-preview')).toBeNull();
  });

  it('reads pasted subtitles as a timed script, and sends them to main to import as pasted', async () => {
    const library = new FakeLibrary();
    stores = storesFor(library.bridge);
    renderWithStores(<ProjectsPage />, stores);
    await screen.findByTestId('projects-empty');
    fireEvent.click(screen.getByTestId('import-text'));
    await screen.findByTestId('import-dialog');
    fireEvent.change(screen.getByTestId('import-text-input'), { target: { value: subtitles } });
    expect(await screen.findAllByTestId('import-timed-cue')).toHaveLength(2);
    expect((screen.getByTestId('import-title') as HTMLInputElement).value).toBe('Imported subtitles');
    fireEvent.click(screen.getByTestId('import-submit'));
    await screen.findByTestId('project-editor');
    expect(library.calls('projects.importText')).toEqual([
      expect.objectContaining({ title: 'Imported subtitles', text: subtitles }),
    ]);
  });
});
