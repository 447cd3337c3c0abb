import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { splitScript } from '../../../common/text/index.js';
import { FakeLibrary } from './test-support/fake-library.js';
import { ProjectsPage } from './ProjectsPage.js';
import type { AppStores } from '../../stores/app-stores.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';

let stores: AppStores;

vi.mock('../editor/ProjectEditor.js', async () => {
  const { createElement } = await import('react');
  return {
    ProjectEditor: ({
      opened,
    }: {
      opened: { project: { title: string; tracks: { speech: { blocks: unknown[] } } } };
    }) =>
      createElement(
        'section',
        { 'data-testid': 'project-editor', 'data-blocks': opened.project.tracks.speech.blocks.length },
        opened.project.title,
      ),
  };
});

const paragraphs = [
  'Night fell over the valley. The wind turned cold. Somewhere a dog barked twice, then stopped.',
  'Mara lit the lamp and read the letter again! It said nothing new. It never did.',
  'In the morning the road was white with frost.',
];
const script = paragraphs.join('\n\n');

function previewCount(): number {
  return Number(screen.getByTestId('import-preview-count').dataset.count);
}

async function openImport(): Promise<HTMLElement> {
  renderWithStores(<ProjectsPage />, stores);
  await screen.findByTestId('projects-empty');
  fireEvent.click(screen.getByTestId('import-text'));
  return screen.findByTestId('import-dialog');
}

describe('Import dialog', () => {
  let library: FakeLibrary;
  beforeEach(() => {
    library = new FakeLibrary();
    stores = storesFor(library.bridge);
  });
  afterEach(() => {
    cleanup();
  });

  it('previews how a pasted script splits and changes the preview with the options', async () => {
    await openImport();
    fireEvent.change(screen.getByTestId('import-text-input'), { target: { value: script } });
    await waitFor(() => expect(previewCount()).toBe(3));
    expect(screen.getAllByTestId('import-preview-block').map((item) => item.textContent)).toEqual(
      paragraphs.map((text) => `${text.length} ${text}`),
    );
    expect((screen.getByTestId('import-title') as HTMLInputElement).value).toBe(
      'Night fell over the valley. The wind turned cold. Somewhere…',
    );

    fireEvent.click(screen.getByTestId('import-split-sentences'));
    await waitFor(() => expect(previewCount()).toBe(splitScript(script, { splitSentences: true }).length));
    expect(previewCount()).toBe(7);

    fireEvent.click(screen.getByTestId('import-split-sentences'));
    fireEvent.change(screen.getByTestId('import-max-length'), { target: { value: '40' } });
    await waitFor(() => expect(previewCount()).toBe(splitScript(script, { maxLength: 40 }).length));
  });

  it('names the max-length rule inline and will not import until it holds', async () => {
    await openImport();
    fireEvent.change(screen.getByTestId('import-text-input'), { target: { value: script } });
    fireEvent.change(screen.getByTestId('import-max-length'), { target: { value: '5' } });
    expect(screen.getByTestId('import-max-length-error').textContent).toBe(
      'Max characters per block must be at least 20 characters.',
    );
    expect(screen.getByTestId('import-max-length').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('import-max-length'), { target: { value: '120' } });
    expect(screen.queryByTestId('import-max-length-error')).toBeNull();
    await waitFor(() =>
      expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('imports pasted text with the chosen options and opens the new project', async () => {
    await openImport();
    fireEvent.change(screen.getByTestId('import-text-input'), { target: { value: script } });
    fireEvent.change(screen.getByTestId('import-title'), { target: { value: 'The letter' } });
    fireEvent.click(screen.getByTestId('import-paragraphs-lines'));
    fireEvent.click(screen.getByTestId('import-split-sentences'));
    await waitFor(() =>
      expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.getByTestId('import-submit').textContent).toBe('Import 7 blocks and open');
    fireEvent.click(screen.getByTestId('import-submit'));

    const editor = await screen.findByTestId('project-editor');
    expect(editor.textContent).toBe('The letter');
    expect(editor.dataset.blocks).toBe('7');
    expect(library.calls('projects.importText')).toEqual([
      {
        title: 'The letter',
        text: script,
        split: { paragraphs: 'lines', splitSentences: true, maxLength: 500 },
        reading: { speakerLabels: true, quotedDialogue: false },
        voices: {},
        // Names the import for its progress and Cancel.
        importId: expect.stringMatching(/^[0-9a-f-]{36}$/u),
      },
    ]);
  });

  it('imports a picked file through the upload staging, named after the file', async () => {
    await openImport();
    fireEvent.click(screen.getByTestId('import-source-file'));
    const file = new File([script], 'The letter.txt', { type: '' });
    fireEvent.change(screen.getByTestId('import-file-input'), { target: { files: [file] } });
    await waitFor(() => expect(previewCount()).toBe(3));
    expect(screen.getByTestId('import-file-name').textContent).toContain('The letter.txt');
    expect((screen.getByTestId('import-title') as HTMLInputElement).value).toBe('The letter');
    fireEvent.click(screen.getByTestId('import-submit'));

    expect((await screen.findByTestId('project-editor')).dataset.blocks).toBe('3');
    expect(library.calls('staging.begin')).toEqual([
      { fileName: 'The letter.txt', mediaType: 'text/plain', sizeBytes: file.size },
    ]);
    expect(library.calls('projects.importStaged')).toEqual([
      {
        stagingId: '00000000-0000-4000-8000-000000000000',
        fileName: 'The letter.txt',
        title: 'The letter',
        split: { paragraphs: 'blank-lines', splitSentences: false, maxLength: 500 },
        reading: { speakerLabels: true, quotedDialogue: false },
        voices: {},
      },
    ]);
  });

  it('marks a book’s front matter and footnotes in the preview and reads them only as the user chooses', async () => {
    await openImport();
    fireEvent.click(screen.getByTestId('import-source-file'));
    const markdown = [
      '---',
      'title: The Lantern Keeper',
      'author: Ada Writer',
      'lang: en-GB',
      '---',
      '',
      '# The Sea Wall',
      '',
      'Martha walked along the sea wall.[^1]',
      '',
      '[^1]: Built in 1820 by the Harbour Board.',
    ].join('\n');
    const file = new File([markdown], 'lantern.md', { type: 'text/markdown' });
    fireEvent.change(screen.getByTestId('import-file-input'), { target: { files: [file] } });
    // Title page (title, author), the chapter (title, text), the notes chapter (title, note).
    await waitFor(() => expect(previewCount()).toBe(6));
    expect(screen.getByTestId('import-preview-chapters').textContent).toBe(
      '3 chapters: The Lantern Keeper (front matter) · The Sea Wall · Notes (footnotes)',
    );
    expect((screen.getByTestId('import-title') as HTMLInputElement).value).toBe('The Lantern Keeper');
    expect(screen.getByTestId('import-metadata').textContent).toBe(
      'Kept with the project: the book’s author (Ada Writer) and language (en-GB). Its exports are tagged with the author unless you give others.',
    );
    for (const block of screen.getAllByTestId('import-preview-block')) {
      expect(block.textContent).not.toMatch(/title:|author:|\[\^1\]/u);
    }

    expect(screen.getAllByTestId('import-front-matter')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('import-front-matter'));
    fireEvent.click(screen.getByTestId('import-footnotes'));
    await waitFor(() => expect(previewCount()).toBe(2));
    expect(screen.getByTestId('import-preview-chapters').textContent).toBe('1 chapter: The Sea Wall');
    fireEvent.click(screen.getByTestId('import-submit'));
    await screen.findByTestId('project-editor');
    expect(library.calls('projects.importStaged')[0]).toMatchObject({
      reading: { speakerLabels: true, quotedDialogue: false, unreadFrontMatter: [0], footnotes: 'omit' },
    });
  });

  it('opens the dialog with a file dropped on the page, and refuses one that is not text', async () => {
    renderWithStores(<ProjectsPage />, stores);
    const page = await screen.findByTestId('projects-page');
    const audio = new File([new Uint8Array(64)], 'take.wav', { type: 'audio/wav' });
    fireEvent.drop(page, { dataTransfer: { files: [audio], types: ['Files'] } });
    const dialog = await screen.findByTestId('import-dialog');
    expect((await within(dialog).findByTestId('import-file-error')).textContent).toContain(
      '“take.wav” cannot be imported: it is an audio file, not text.',
    );
    expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(true);

    // The page highlights while files are dragged over it; a drop taken by the dialog's zone ends that too.
    fireEvent.dragOver(page, { dataTransfer: { files: [], types: ['Files'] } });
    expect(page.dataset.dragging).toBe('true');
    const text = new File([script], 'chapter.md', { type: 'text/markdown' });
    fireEvent.drop(within(dialog).getByTestId('import-dropzone'), {
      dataTransfer: { files: [text], types: ['Files'] },
    });
    await waitFor(() => expect(previewCount()).toBe(3));
    expect((screen.getByTestId('import-title') as HTMLInputElement).value).toBe('chapter');
    expect(page.dataset.dragging).toBe('false');
  });

  it('names the project only after a file it accepts: a refused file takes back its suggestion, never a typed title', async () => {
    const noise = Uint8Array.from({ length: 2048 }, (_, index) => (index * 7919) % 251);
    const garbage = (): File => new File([noise], 'garbage.bin', { type: '' });
    const title = (): string => (screen.getByTestId('import-title') as HTMLInputElement).value;
    const dialog = await openImport();
    fireEvent.click(screen.getByTestId('import-source-file'));
    const input = screen.getByTestId('import-file-input');

    fireEvent.change(input, { target: { files: [garbage()] } });
    expect((await within(dialog).findByTestId('import-file-error')).textContent).toContain('“garbage.bin”');
    expect(title()).toBe('');

    fireEvent.change(input, { target: { files: [new File([script], 'chapter.md', { type: '' })] } });
    await waitFor(() => expect(previewCount()).toBe(3));
    expect(title()).toBe('chapter');
    fireEvent.change(input, { target: { files: [garbage()] } });
    await within(dialog).findByTestId('import-file-error');
    expect(title()).toBe('');

    fireEvent.change(screen.getByTestId('import-title'), { target: { value: 'Harbour notes' } });
    fireEvent.change(input, { target: { files: [garbage()] } });
    await within(dialog).findByTestId('import-file-error');
    expect(title()).toBe('Harbour notes');
  });

  it('shows main’s refusal in the dialog and keeps what the user entered', async () => {
    library = new FakeLibrary({
      'projects.importText': () => ({
        ok: false,
        error: { code: 'INVALID_INPUT', field: 'text', message: 'The text to import is empty.' },
      }),
    });
    stores = storesFor(library.bridge);
    await openImport();
    fireEvent.change(screen.getByTestId('import-text-input'), { target: { value: script } });
    await waitFor(() =>
      expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('import-submit'));
    expect((await screen.findByTestId('import-error')).textContent).toContain('The text to import is empty.');
    expect((screen.getByTestId('import-text-input') as HTMLTextAreaElement).value).toBe(script);
    expect(screen.queryByTestId('project-editor')).toBeNull();
  });
});
