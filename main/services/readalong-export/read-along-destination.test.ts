import { describe, expect, it } from 'vitest';
import { defaultProjectExportSettings } from '../../../common/export/index.js';
import { extensionProblem, writtenPaths } from '../project-export/output-destination.js';
import { outputFiles } from '../project-export/output-paths.js';

const mp3 = {
  ...defaultProjectExportSettings,
  options: {
    ...defaultProjectExportSettings.options,
    audio: { format: 'mp3' as const, bitrateKbps: 128 as const },
  },
};

describe('where a read-along export goes', () => {
  it('writes one .epub or .lpf whatever the audio format, without subtitles beside it', () => {
    expect(outputFiles('/out/Book', mp3, 'epub-read-along')).toEqual(['/out/Book.epub']);
    expect(outputFiles('/out/Book', mp3, 'lpf-audiobook')).toEqual(['/out/Book.lpf']);
    expect(extensionProblem('/out/Book.epub', mp3, 'epub-read-along')).toBeNull();
    expect(extensionProblem('/out/Book.mp3', mp3, 'epub-read-along')).toBe(
      'must end in .epub for this format (got .mp3)',
    );
    expect(extensionProblem('/out/Book.lpf', defaultProjectExportSettings, 'lpf-audiobook')).toBeNull();
  });

  it('writes the karaoke WebVTT beside the mix, so "keep both" and the conflict check see it', () => {
    expect(outputFiles('/out/Book', mp3, 'karaoke-vtt')).toEqual([
      '/out/Book.mp3',
      '/out/Book.srt',
      '/out/Book.vtt',
    ]);
    expect(writtenPaths('/out/Book.mp3', mp3, 'karaoke-vtt')).toEqual([
      '/out/Book.mp3',
      '/out/Book.srt',
      '/out/Book.vtt',
    ]);
  });
});
