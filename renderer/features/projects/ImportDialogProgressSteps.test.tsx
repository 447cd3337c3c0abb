import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcResponse } from '../../../common/ipc/errors.js';
import { previewImport, scriptBlocks } from '../../../common/import/imported-script.js';
import { parseScriptText } from '../../../common/import/script-formats.js';
import { FakeLibrary } from './test-support/fake-library.js';
import { ProjectsPage } from './ProjectsPage.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';

vi.mock('../editor/ProjectEditor.js', async () => {
  const { createElement } = await import('react');
  return { ProjectEditor: () => createElement('section', { 'data-testid': 'project-editor' }) };
});

/** A CSV main previews (over 1 MB) that imports as several projects: 45,000 rows of Alice's. */
const rows = Array.from({ length: 45_000 }, (_, row) => `Alice,"Line ${row}: the lantern swung."`);
const csv = ['speaker,text', ...rows].join('\n');
const reading = { speakerLabels: true, quotedDialogue: false };
const script = parseScriptText(csv, 'csv', 'blank-lines', reading);
const mainPreview = { ...previewImport(script, scriptBlocks(script, {}, reading)), parseMs: 900 };

function pending<T>() {
  let answer: (response: IpcResponse<T>) => void = () => undefined;
  const promise = new Promise<IpcResponse<T>>((resolve) => (answer = resolve));
  return { promise, answer };
}

describe('Import dialog: what it says while main reads and imports a file', () => {
  let library: FakeLibrary;
  let preview: ReturnType<typeof pending<typeof mainPreview>>;
  beforeEach(() => {
    preview = pending();
    library = new FakeLibrary({
      'projects.previewImport': () => preview.promise,
      'projects.importStaged': () => pending<never>().promise,
    });
  });
  afterEach(() => cleanup());

  async function pickLargeCsv(): Promise<string> {
    renderWithStores(<ProjectsPage />, storesFor(library.bridge));
    await screen.findByTestId('projects-empty');
    fireEvent.click(screen.getByTestId('import-text'));
    await screen.findByTestId('import-dialog');
    fireEvent.click(screen.getByTestId('import-source-file'));
    const file = new File([csv], 'harbour.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('import-file-input'), { target: { files: [file] } });
    await waitFor(() => expect(library.calls('projects.previewImport')).toHaveLength(1));
    return (library.calls('projects.previewImport')[0] as { stagingId: string }).stagingId;
  }
  const progressText = (): string | null => screen.getByTestId('import-progress').textContent;
  const report = (
    importId: string,
    phase: 'waiting' | 'reading' | 'parsing' | 'splitting' | 'building',
    fraction: number,
  ): void => act(() => library.bridge.emit('projects.importProgress', { importId, phase, fraction }));

  it('says nothing about speakers until the preview is ready, then names them', async () => {
    await pickLargeCsv();
    expect(screen.getByTestId('import-cast').textContent).not.toContain('No speakers found');
    expect(screen.queryAllByTestId('import-speaker')).toHaveLength(0);
    await act(async () => preview.answer({ ok: true, result: mainPreview }));
    await waitFor(() => expect(screen.getAllByTestId('import-speaker')).toHaveLength(1));
    expect(screen.getByTestId('import-cast').textContent).not.toContain('No speakers found');
  });

  it('shows the progress by Cancel, never going back: the import, a run of its own after the preview, says it is the import, and a late report does not lower it', async () => {
    expect(mainPreview.parts).toBeGreaterThan(1);
    const stagingId = await pickLargeCsv();
    report(stagingId, 'splitting', 0.75);
    expect(progressText()).toBe('Splitting “harbour.csv” into blocks… 75%');
    // The progress sits in the dialog's footer, beside Cancel, not below the preview.
    const footer = screen.getByTestId('import-progress').closest('.import-actions');
    expect(footer?.contains(screen.getByTestId('import-cancel'))).toBe(true);

    await act(async () => preview.answer({ ok: true, result: mainPreview }));
    await waitFor(() =>
      expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('import-submit'));
    await waitFor(() => expect(library.calls('projects.importStaged')).toHaveLength(1));
    // The import reads the file again, from 0%: each of its steps says it is the import, not the preview starting
    // over (which users took "Starting to read… / Reading 0%" for).
    expect(progressText()).toBe('Importing “harbour.csv”…');
    expect(screen.getByTestId('import-submit').textContent).toBe(`Creating ${mainPreview.parts} projects…`);
    report(stagingId, 'waiting', 0);
    expect(progressText()).toBe('Importing “harbour.csv”: waiting for another import to finish…');
    report(stagingId, 'reading', 0.05);
    expect(progressText()).toBe('Importing “harbour.csv”: reading it again… 5%');
    report(stagingId, 'parsing', 0.2);
    expect(progressText()).toBe('Importing “harbour.csv”: parsing it again… 20%');
    report(stagingId, 'splitting', 0.5);
    expect(progressText()).toBe('Importing “harbour.csv”: splitting it into blocks… 50%');
    report(stagingId, 'building', 0.65);
    report(stagingId, 'parsing', 0.3);
    expect(progressText()).toBe(`Importing “harbour.csv”: making the ${mainPreview.parts} projects… 65%`);
    expect(screen.getByTestId('import-progress').closest('.import-actions')).not.toBeNull();
  });
});
