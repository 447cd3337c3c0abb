import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaultExportForm, exportTakesCover, outputExtension } from './export-form.js';
import { ExportFormatFields } from './ExportFormatFields.js';

describe('the read-along choices of the export dialog', () => {
  it('offers the read-along EPUB, the W3C Audiobook and the karaoke WebVTT', () => {
    render(<ExportFormatFields form={defaultExportForm} disabled={false} onChange={vi.fn()} />);
    const values = [...screen.getByTestId('export-mode').querySelectorAll('option')].map(
      (option) => option.value,
    );
    expect(values).toEqual(expect.arrayContaining(['epub-read-along', 'lpf-audiobook', 'karaoke-vtt']));
  });

  it('proposes .epub and .lpf whatever the audio format, and the audio’s extension for the karaoke mix', () => {
    expect(outputExtension({ ...defaultExportForm, mode: 'epub-read-along', format: 'wav16' })).toBe('.epub');
    expect(outputExtension({ ...defaultExportForm, mode: 'lpf-audiobook', format: 'mp3' })).toBe('.lpf');
    expect(outputExtension({ ...defaultExportForm, mode: 'karaoke-vtt', format: 'mp3' })).toBe('.mp3');
  });

  it('offers the cover for a read-along book whatever its format, as a WAV mix offers none', () => {
    expect(exportTakesCover({ mode: 'epub-read-along', format: 'wav16' })).toBe(true);
    expect(exportTakesCover({ mode: 'lpf-audiobook', format: 'wav24' })).toBe(true);
    expect(exportTakesCover({ mode: 'mix', format: 'wav16' })).toBe(false);
    expect(exportTakesCover({ mode: 'mix', format: 'm4a' })).toBe(true);
  });
});
