import type { RenderResult } from '@testing-library/react';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcResponse } from '../../../common/ipc/errors.js';
import { previewImport, scriptBlocks } from '../../../common/import/imported-script.js';
import { parseScriptText } from '../../../common/import/script-formats.js';
import { FakeLibrary } from './test-support/fake-library.js';
import { ProjectsPage } from './ProjectsPage.js';
import type { AppStores } from '../../stores/app-stores.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';

vi.mock('../editor/ProjectEditor.js', async () => {
  const { createElement } = await import('react');
  return { ProjectEditor: () => createElement('section', { 'data-testid': 'project-editor' }) };
});

/** A CSV over the size the dialog previews itself (1 MB): 24,000 rows, about 1.4 MB. */
const rows = Array.from(
  { length: 24_000 },
  (_, row) => `Alice,"Line ${row}: the lantern swung over the harbour."`,
);
const csv = ['speaker,text', ...rows].join('\n');
const reading = { speakerLabels: true, quotedDialogue: false };
const script = parseScriptText(csv, 'csv', 'blank-lines', reading);
const mainPreview = { ...previewImport(script, scriptBlocks(script, {}, reading)), parseMs: 900 };
const cancelledError = {
  code: 'CANCELLED',
  message: 'The import of “harbour.csv” was cancelled; nothing was created.',
} as const;

/** A call main answers only when the test says so. */
function pending<T>() {
  let answer: (response: IpcResponse<T>) => void = () => undefined;
  const promise = new Promise<IpcResponse<T>>((resolve) => (answer = resolve));
  return { promise, answer };
}

describe('Import dialog: a large file is parsed by main, with progress and Cancel', () => {
  let library: FakeLibrary;
  let preview: ReturnType<typeof pending<typeof mainPreview>>;
  let imports: ReturnType<typeof pending<never>>[];
  beforeEach(() => {
    preview = pending();
    imports = [];
    library = new FakeLibrary({
      'projects.previewImport': () => preview.promise,
      'projects.importStaged': () => {
        const call = pending<never>();
        imports.push(call);
        return call.promise;
      },
      // Main ends the worker: the import waiting on it fails as cancelled.
      'projects.cancelImport': () => {
        for (const call of imports) call.answer({ ok: false, error: cancelledError });
        return { ok: true, result: { cancelled: true } };
      },
    });
  });
  afterEach(() => cleanup());

  let stores: AppStores;
  let page: RenderResult;
  async function pickLargeCsv(): Promise<string> {
    stores = storesFor(library.bridge);
    page = renderWithStores(<ProjectsPage />, stores);
    await screen.findByTestId('projects-empty');
    fireEvent.click(screen.getByTestId('import-text'));
    await screen.findByTestId('import-dialog');
    fireEvent.click(screen.getByTestId('import-source-file'));
    const file = new File([csv], 'harbour.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('import-file-input'), { target: { files: [file] } });
    await waitFor(() => expect(library.calls('projects.previewImport')).toHaveLength(1));
    return (library.calls('projects.previewImport')[0] as { stagingId: string }).stagingId;
  }

  it('shows main’s progress while it previews and imports, and Cancel stops the import, creating nothing', async () => {
    const stagingId = await pickLargeCsv();
    expect(library.calls('staging.begin')).toEqual([
      { fileName: 'harbour.csv', mediaType: 'text/csv', sizeBytes: new Blob([csv]).size },
    ]);
    expect(screen.getByTestId('import-progress').textContent).toBe('Starting to read “harbour.csv”…');
    // Its text is main's to read: no character count is made here from an empty copy.
    expect(screen.getByTestId('import-file-name').textContent).not.toContain('character');
    act(() =>
      library.bridge.emit('projects.importProgress', {
        importId: stagingId,
        phase: 'parsing',
        fraction: 0.4,
      }),
    );
    expect(screen.getByTestId('import-progress').textContent).toBe('Parsing “harbour.csv”… 40%');

    await act(async () => preview.answer({ ok: true, result: mainPreview }));
    await waitFor(() => expect(screen.queryByTestId('import-progress')).toBeNull());
    // The count is main's: its preview, not one made here, written with thousands separators as elsewhere.
    expect(mainPreview.blockCount).toBeGreaterThan(999);
    expect(screen.getByTestId('import-submit').textContent).toBe(
      `Import ${mainPreview.blockCount.toLocaleString('en-US')} blocks as ${mainPreview.parts} projects`,
    );

    fireEvent.click(screen.getByTestId('import-submit'));
    await waitFor(() => expect(imports).toHaveLength(1));
    act(() =>
      library.bridge.emit('projects.importProgress', {
        importId: stagingId,
        phase: 'building',
        fraction: 0.7,
      }),
    );
    expect(screen.getByTestId('import-progress').textContent).toBe(
      `Importing “harbour.csv”: making the ${mainPreview.parts} projects… 70%`,
    );

    const cancel = screen.getByTestId('import-cancel') as HTMLButtonElement;
    expect(cancel.disabled).toBe(false);
    fireEvent.click(cancel);
    expect(await screen.findByTestId('import-cancelled')).toHaveProperty(
      'textContent',
      cancelledError.message,
    );
    expect(library.calls('projects.cancelImport')).toEqual([{ importId: stagingId }]);
    expect(screen.queryByTestId('project-editor')).toBeNull();
    expect(screen.queryByTestId('import-error')).toBeNull();
    expect(library.projects.size).toBe(0);
    // The preview stays, and the same upload can be imported again.
    expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('Escape during an import cancels it instead of closing the dialog', async () => {
    const stagingId = await pickLargeCsv();
    await act(async () => preview.answer({ ok: true, result: mainPreview }));
    await waitFor(() =>
      expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('import-submit'));
    await waitFor(() => expect(imports).toHaveLength(1));
    fireEvent.keyDown(screen.getByTestId('import-title'), { key: 'Escape' });
    await screen.findByTestId('import-cancelled');
    expect(library.calls('projects.cancelImport')).toEqual([{ importId: stagingId }]);
    expect(screen.getByTestId('import-dialog')).toBeTruthy();
    expect(library.projects.size).toBe(0);
  });

  it('closing the dialog while main previews stops that preview', async () => {
    const stagingId = await pickLargeCsv();
    fireEvent.click(screen.getByTestId('import-cancel'));
    await waitFor(() => expect(screen.queryByTestId('import-dialog')).toBeNull());
    expect(library.calls('projects.cancelImport')).toEqual([{ importId: stagingId }]);
  });

  it('says an import waits its turn while two others run', async () => {
    const stagingId = await pickLargeCsv();
    await act(async () => preview.answer({ ok: true, result: mainPreview }));
    await waitFor(() =>
      expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('import-submit'));
    await waitFor(() => expect(imports).toHaveLength(1));
    act(() =>
      library.bridge.emit('projects.importProgress', { importId: stagingId, phase: 'waiting', fraction: 0 }),
    );
    expect(screen.getByTestId('import-progress').textContent).toBe(
      'Importing “harbour.csv”: waiting for another import to finish…',
    );
  });

  it('an import under way when the page is left finishes, is told in a notice, and does not pull the user back', async () => {
    const stagingId = await pickLargeCsv();
    await act(async () => preview.answer({ ok: true, result: mainPreview }));
    await waitFor(() =>
      expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('import-submit'));
    await waitFor(() => expect(imports).toHaveLength(1));

    // The user switches to another page: the dialog goes, the import goes on in main.
    page.unmount();
    const made = library.add('harbour', ['The lantern swung over the harbour.']);
    const part = { fileName: made.fileName, title: made.project.title };
    await act(async () => imports[0]!.answer({ ok: true, result: { ...made, parts: [part] } as never }));

    await waitFor(() => expect(stores.notices.getState().toasts).toHaveLength(1));
    expect(stores.notices.getState().toasts[0]).toMatchObject({
      tone: 'info',
      title: 'Imported “harbour.csv”',
      body: 'Open it from Projects: harbour',
    });
    expect(library.calls('projects.cancelImport')).not.toContainEqual({ importId: stagingId });
    expect(stores.projects.getState().opened).toBeNull();
  });

  it('an import that fails after the page was left says why in a notice', async () => {
    await pickLargeCsv();
    await act(async () => preview.answer({ ok: true, result: mainPreview }));
    await waitFor(() =>
      expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('import-submit'));
    await waitFor(() => expect(imports).toHaveLength(1));
    page.unmount();
    const failure = {
      code: 'INVALID_INPUT',
      message: '“harbour.csv” needs more than the 1.5 GB an import may use, so it was not imported.',
    } as const;
    await act(async () => imports[0]!.answer({ ok: false, error: failure }));

    await waitFor(() => expect(stores.notices.getState().toasts).toHaveLength(1));
    expect(stores.notices.getState().toasts[0]).toMatchObject({ tone: 'error', title: failure.message });
    expect(stores.projects.getState().opened).toBeNull();
  });
});
