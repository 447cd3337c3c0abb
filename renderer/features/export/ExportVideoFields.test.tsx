import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultExportForm } from './export-form.js';
import { ExportFormatFields } from './ExportFormatFields.js';

afterEach(cleanup);

describe('the video export in the export form', () => {
  it('is offered only for a project with a reference video', () => {
    const noop = vi.fn();
    const { rerender } = render(
      <ExportFormatFields form={defaultExportForm} disabled={false} onChange={noop} />,
    );
    const values = (): string[] =>
      [...screen.getByTestId('export-mode').querySelectorAll('option')].map((option) => option.value);
    expect(values()).not.toContain('video');
    rerender(<ExportFormatFields form={defaultExportForm} disabled={false} onChange={noop} hasVideo />);
    expect(values()).toContain('video');
  });

  it('replaces the audio format with the container and the original-audio choice', () => {
    const onChange = vi.fn();
    render(
      <ExportFormatFields
        form={{ ...defaultExportForm, mode: 'video' }}
        disabled={false}
        onChange={onChange}
        hasVideo
      />,
    );
    expect(screen.queryByTestId('export-format')).toBeNull();
    fireEvent.change(screen.getByTestId('export-video-container'), { target: { value: 'mov' } });
    fireEvent.change(screen.getByTestId('export-video-container'), { target: { value: 'webm' } });
    fireEvent.click(screen.getByTestId('export-keep-original-audio'));
    expect(onChange.mock.calls).toEqual([
      ['videoContainer', 'mov'],
      ['videoContainer', 'webm'],
      ['keepOriginalAudio', true],
    ]);
    // Subtitles of the new speech are still offered beside the video.
    expect(screen.getByTestId('export-srt')).toBeTruthy();
    // The original sound is mixed by its track's settings, as the preview plays it; the second stream is extra.
    expect(screen.getByTestId('export-original-audio-note').textContent).toMatch(
      /mixed under the new speech as its track in the editor sets it.*second stream/,
    );
  });
});
