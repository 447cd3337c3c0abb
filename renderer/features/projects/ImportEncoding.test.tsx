import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeLibrary } from './test-support/fake-library.js';
import { ProjectsPage } from './ProjectsPage.js';
import type { AppStores } from '../../stores/app-stores.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';

vi.mock('../editor/ProjectEditor.js', async () => {
  const { createElement } = await import('react');
  return { ProjectEditor: () => createElement('section', { 'data-testid': 'project-editor' }) };
});

const SCRIPT = 'It was late.\n\nThe rain would not stop.\n\nAt the café, nobody spoke.\n';

function utf16be(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from([...text].flatMap((char) => [char.charCodeAt(0) >> 8, char.charCodeAt(0) & 0xff]));
}

function blockTexts(): string[] {
  return screen.getAllByTestId('import-preview-block').map((item) => item.textContent.replace(/^\d+ /u, ''));
}

describe('Import dialog encodings', () => {
  let library: FakeLibrary;
  let stores: AppStores;

  beforeEach(() => {
    library = new FakeLibrary();
    stores = storesFor(library.bridge);
  });
  afterEach(() => {
    cleanup();
  });

  async function pick(file: File): Promise<HTMLElement> {
    renderWithStores(<ProjectsPage />, stores);
    await screen.findByTestId('projects-empty');
    fireEvent.click(screen.getByTestId('import-text'));
    const dialog = await screen.findByTestId('import-dialog');
    fireEvent.click(screen.getByTestId('import-source-file'));
    fireEvent.change(screen.getByTestId('import-file-input'), { target: { files: [file] } });
    return dialog;
  }

  it('shows UTF-16 big-endian detected without a byte-order mark, and previews its text without NULs', async () => {
    await pick(new File([utf16be(SCRIPT)], 'late.txt', { type: 'text/plain' }));
    expect((await screen.findByTestId('import-encoding-status')).textContent).toBe(
      'Read as UTF-16 (big-endian) (detected).',
    );
    await waitFor(() =>
      expect(blockTexts()).toEqual([
        'It was late.',
        'The rain would not stop.',
        'At the café, nobody spoke.',
      ]),
    );
    expect((screen.getByTestId('import-encoding') as HTMLSelectElement).value).toBe('utf-16be');
  });

  it('warns beside the choice when the chosen encoding reads the file as something that is not its text', async () => {
    await pick(new File([utf16be(SCRIPT)], 'late.txt', { type: 'text/plain' }));
    await waitFor(() => expect(blockTexts()).toContain('At the café, nobody spoke.'));
    expect(screen.queryByTestId('import-encoding-doubt')).toBeNull();

    fireEvent.change(screen.getByTestId('import-encoding'), { target: { value: 'utf-16le' } });
    expect((await screen.findByTestId('import-encoding-doubt')).textContent).toBe(
      'This does not look like UTF-16 (little-endian): most of its characters come out as Chinese, Japanese or Korean, where the text is in the Latin alphabet; the file reads as UTF-16 (big-endian).',
    );
    // The choice stands (the preview shows it), and choosing the detected one again clears the warning.
    expect(screen.getByTestId('import-encoding-status').textContent).toBe(
      'Read as UTF-16 (little-endian), as you chose (detected: UTF-16 (big-endian)).',
    );
    fireEvent.change(screen.getByTestId('import-encoding'), { target: { value: 'utf-16be' } });
    await waitFor(() => expect(screen.queryByTestId('import-encoding-doubt')).toBeNull());
  });

  it('says when a byte-order mark contradicts the text', async () => {
    const bytes = Uint8Array.from([0xfe, 0xff, ...new TextEncoder().encode(SCRIPT)]);
    await pick(new File([bytes], 'marked.txt', { type: 'text/plain' }));
    expect((await screen.findByTestId('import-encoding-status')).textContent).toBe(
      'Read as UTF-8: the file starts with a UTF-16 (big-endian) byte-order mark, but its text is UTF-8.',
    );
    await waitFor(() => expect(blockTexts()).toContain('At the café, nobody spoke.'));
  });

  it('re-previews in the encoding the user chooses and imports the file in it', async () => {
    await pick(new File([SCRIPT], 'late.txt', { type: 'text/plain' }));
    await waitFor(() => expect(blockTexts()).toContain('At the café, nobody spoke.'));
    expect(screen.getByTestId('import-encoding-status').textContent).toBe('Read as UTF-8 (detected).');

    fireEvent.change(screen.getByTestId('import-encoding'), { target: { value: 'windows-1252' } });
    await waitFor(() => expect(blockTexts()).toContain('At the cafÃ©, nobody spoke.'));
    expect(screen.getByTestId('import-encoding-status').textContent).toBe(
      'Read as Windows-1252 (Western European), as you chose (detected: UTF-8).',
    );
    await waitFor(() =>
      expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('import-submit'));
    await waitFor(() => expect(library.calls('projects.importStaged')).toHaveLength(1));
    expect(library.calls('projects.importStaged')[0]).toMatchObject({
      fileName: 'late.txt',
      encoding: 'windows-1252',
    });
  });

  it('refuses binary data as not text, and lets the user choose an encoding for it', async () => {
    const noise = Uint8Array.from({ length: 2048 }, (_, index) => (index * 7919) % 251);
    const dialog = await pick(new File([noise], 'notes.txt', { type: '' }));
    expect((await within(dialog).findByTestId('import-file-error')).textContent).toMatch(
      /^“notes\.txt” could not be read: it is not a text file \(\d+% of it is control codes/u,
    );
    expect((screen.getByTestId('import-encoding') as HTMLSelectElement).value).toBe('');
    expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a project file as no script, whatever it holds, and uploads nothing', async () => {
    for (const content of ['{"schemaVersion":5}', '\u0000\u0001garbage\u0002']) {
      const dialog = await pick(new File([content], 'Mine.timbre', { type: '' }));
      expect((await within(dialog).findByTestId('import-file-error')).textContent).toBe(
        '“Mine.timbre” cannot be imported: it is a Timbre Studio project, not a script: to open it, copy it into the “projects” folder of the data folder (its path is in Settings, under Where your work is kept) and it appears on the Projects page.',
      );
      expect(screen.queryByTestId('import-encoding')).toBeNull();
      expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(true);
      cleanup();
    }
    expect(library.calls('staging.begin')).toEqual([]);
  });
});
