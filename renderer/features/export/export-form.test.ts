import { describe, expect, it } from 'vitest';
import {
  defaultExportForm,
  joinPath,
  outputExtension,
  safeFileName,
  settingsFromForm,
  withExtension,
} from './export-form.js';

describe('export form', () => {
  it('turns the default form into valid settings: WAV 16-bit, podcast loudness, SRT, ducking', () => {
    const result = settingsFromForm(defaultExportForm);
    expect(result).toMatchObject({
      ok: true,
      settings: {
        options: {
          audio: { format: 'wav', bitDepth: 16 },
          loudness: { kind: 'lufs', integratedLufs: -16 },
          subtitles: { srt: true },
        },
        sampleRate: 44_100,
        ducking: { enabled: true },
      },
    });
  });

  it('names the field when MP3 is asked at a rate LAME cannot write', () => {
    const result = settingsFromForm({ ...defaultExportForm, format: 'mp3', sampleRate: 96_000 });
    expect(result).toMatchObject({ ok: false, field: 'sampleRate' });
    if (!result.ok) expect(result.message).toMatch(/sampleRate must be an MP3 rate/);
  });

  it('writes M4B and M4A as AAC at spoken word’s rate for the channels, or the one chosen, with the book tags', () => {
    const mono = settingsFromForm({
      ...defaultExportForm,
      format: 'm4b',
      channels: 1,
      metadata: { ...defaultExportForm.metadata, narrator: ' Ned ', series: 'Saga', part: '2' },
    });
    expect(mono).toMatchObject({
      ok: true,
      settings: {
        options: { audio: { format: 'm4b', bitrateKbps: 64 } },
        metadata: { narrator: 'Ned', series: 'Saga', part: '2' },
      },
    });
    const stereo = settingsFromForm({ ...defaultExportForm, format: 'm4a', channels: 2 });
    expect(stereo).toMatchObject({
      ok: true,
      settings: { options: { audio: { format: 'm4a', bitrateKbps: 128 } } },
    });
    const chosen = settingsFromForm({ ...defaultExportForm, format: 'm4b', aacBitrateKbps: 96 });
    expect(chosen).toMatchObject({ ok: true, settings: { options: { audio: { bitrateKbps: 96 } } } });
    expect(outputExtension({ ...defaultExportForm, format: 'm4b' })).toBe('.m4b');
    expect(outputExtension({ ...defaultExportForm, format: 'm4a' })).toBe('.m4a');
    expect(settingsFromForm({ ...defaultExportForm, format: 'm4b', mode: 'chapters-zip' })).toMatchObject({
      ok: true,
    });
    const perBlock = settingsFromForm({ ...defaultExportForm, format: 'm4a', mode: 'blocks-folder' });
    expect(perBlock).toMatchObject({ ok: false, field: 'format' });
    if (!perBlock.ok) expect(perBlock.message).toMatch(/one file per block is WAV or MP3/u);
  });

  it('makes file names every OS accepts and swaps extensions', () => {
    expect(safeFileName('Episode 1: "Rivers" / Part 2?')).toBe('Episode 1 Rivers Part 2');
    expect(safeFileName('CON')).toBe('CON export');
    expect(safeFileName('   ')).toBe('Untitled export');
    expect(joinPath('/home/me/Exports', 'a.wav')).toBe('/home/me/Exports/a.wav');
    expect(joinPath('C:\\Users\\me', 'a.wav')).toBe('C:\\Users\\me\\a.wav');
    expect(withExtension('/x/Episode.wav', outputExtension({ ...defaultExportForm, format: 'mp3' }))).toBe(
      '/x/Episode.mp3',
    );
    expect(
      withExtension('/x/Episode.mp3', outputExtension({ ...defaultExportForm, mode: 'blocks-zip' })),
    ).toBe('/x/Episode.zip');
  });

  it('swaps an M4B, M4A, EPUB or LPF extension too, never leaving "Book.m4b.epub"', () => {
    const m4b = { ...defaultExportForm, format: 'm4b' as const };
    const epub = outputExtension({ ...m4b, mode: 'epub-read-along' });
    expect(withExtension('/x/Book.m4b', epub)).toBe('/x/Book.epub');
    expect(withExtension('/x/Book.m4a', outputExtension({ ...m4b, mode: 'lpf-audiobook' }))).toBe(
      '/x/Book.lpf',
    );
    expect(withExtension('/x/Book.epub', outputExtension(m4b))).toBe('/x/Book.m4b');
    expect(withExtension('/x/Book.lpf', outputExtension({ ...m4b, format: 'm4a' }))).toBe('/x/Book.m4a');
  });

  it('asks for no chapter markers or chapters file for a project without chapter titles', () => {
    const form = { ...defaultExportForm, chapterMarkers: true, chaptersJson: true };
    expect(settingsFromForm(form, 0)).toMatchObject({
      ok: true,
      settings: { chapters: { markers: false, json: false } },
    });
    expect(settingsFromForm(form, 2)).toMatchObject({
      ok: true,
      settings: { chapters: { markers: true, json: true } },
    });
  });

  it('asks for the video with its container and original audio, and names the file after the container', () => {
    const form = { ...defaultExportForm, mode: 'video' as const, videoContainer: 'mov' as const };
    expect(settingsFromForm({ ...form, keepOriginalAudio: true })).toMatchObject({
      ok: true,
      settings: { video: { container: 'mov', keepOriginalAudio: true } },
    });
    expect(withExtension('/x/Episode.wav', outputExtension(form))).toBe('/x/Episode.mov');
    // Any other change of the form (a checkbox, the container) keeps one extension: never "Episode.mp4.mp4".
    expect(withExtension('/x/Episode.mp4', outputExtension({ ...form, videoContainer: 'mp4' }))).toBe(
      '/x/Episode.mp4',
    );
    expect(withExtension('/x/Episode.mp4', outputExtension(form))).toBe('/x/Episode.mov');
    expect(withExtension('/x/Episode.mov', outputExtension(defaultExportForm))).toBe('/x/Episode.wav');
    // Other modes send no video part, so an audio export's settings are as before.
    const mix = settingsFromForm(defaultExportForm);
    expect(mix.ok && 'video' in mix.settings).toBe(false);
  });
});
