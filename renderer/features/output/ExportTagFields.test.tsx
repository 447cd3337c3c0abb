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
});
