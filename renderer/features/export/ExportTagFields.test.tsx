import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultExportForm } from './export-form.js';
import { ExportTagFields } from './ExportTagFields.js';

afterEach(cleanup);

const noop = (): void => undefined;

describe('ExportTagFields', () => {
  it('shows the title and author an imported book gives the tags, and that its cover is embedded', () => {
    render(
      <ExportTagFields
        form={{ ...defaultExportForm, format: 'mp3' }}
        chapterCount={3}
        cover={null}
        disabled={false}
        onChange={noop}
        onCover={noop}
        fromProject={{ title: 'The Lantern Keeper', author: 'Ada Writer', hasCover: true }}
      />,
    );
    expect(screen.getByTestId('export-tag-title').getAttribute('placeholder')).toBe('The Lantern Keeper');
    expect(screen.getByTestId('export-tag-author').getAttribute('placeholder')).toBe('Ada Writer');
    expect(screen.getByTestId('export-project-cover').textContent).toBe(
      'the book’s cover, unless you choose another',
    );
  });

  it('does not tick or offer chapter markers when no block starts a chapter, and says why', () => {
    // Issue 36: ticked by default beside "no chapter titles", making one chapter named after the project.
    render(
      <ExportTagFields
        form={{ ...defaultExportForm, format: 'mp3', chapterMarkers: true, chaptersJson: true }}
        chapterCount={0}
        cover={null}
        disabled={false}
        onChange={noop}
        onCover={noop}
      />,
    );
    for (const testId of ['export-chapter-markers', 'export-chapters-json']) {
      const box = screen.getByTestId(testId) as HTMLInputElement;
      expect(box.checked).toBe(false);
      expect(box.disabled).toBe(true);
    }
    expect(screen.getByTestId('export-no-chapters').textContent).toContain('no block starts a chapter');
  });

  it('offers them, ticked as asked, when the project has chapters', () => {
    render(
      <ExportTagFields
        form={{ ...defaultExportForm, format: 'mp3', chapterMarkers: true }}
        chapterCount={1}
        cover={null}
        disabled={false}
        onChange={noop}
        onCover={noop}
      />,
    );
    const box = screen.getByTestId('export-chapter-markers') as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(false);
    expect(screen.getByTestId('export-tags').textContent).toContain('1 chapter');
    expect(screen.queryByTestId('export-no-chapters')).toBeNull();
  });

  it('marks an M4B’s chapters always and offers its book tags and cover; WAV offers neither narrator nor series', () => {
    const { unmount } = render(
      <ExportTagFields
        form={{ ...defaultExportForm, format: 'm4b', chapterMarkers: false }}
        chapterCount={3}
        cover={null}
        disabled={false}
        onChange={noop}
        onCover={noop}
      />,
    );
    const box = screen.getByTestId('export-chapter-markers') as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
    for (const field of ['narrator', 'genre', 'series', 'part']) {
      expect(screen.getByTestId(`export-tag-${field}`)).toBeTruthy();
    }
    expect(screen.getByTestId('export-cover')).toBeTruthy();
    unmount();
    render(
      <ExportTagFields
        form={defaultExportForm}
        chapterCount={3}
        cover={null}
        disabled={false}
        onChange={noop}
        onCover={noop}
      />,
    );
    for (const field of ['narrator', 'genre', 'series', 'part']) {
      expect(screen.queryByTestId(`export-tag-${field}`)).toBeNull();
    }
    expect(screen.queryByTestId('export-cover')).toBeNull();
  });
});
