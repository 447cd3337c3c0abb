import { describe, expect, it } from 'vitest';
import { defaultProjectExportSettings } from '../../../common/export/index.js';
import type { ProjectExportSettings } from '../../../common/export/index.js';
import { extensionProblem, settleDestination, writtenPaths } from './output-destination.js';

function settings(format: 'wav' | 'mp3', srt: boolean): ProjectExportSettings {
  const base = defaultProjectExportSettings;
  return {
    ...base,
    options: {
      ...base.options,
      audio: format === 'mp3' ? { format, bitrateKbps: 192 } : { format, bitDepth: 16 },
      subtitles: { srt, vtt: false },
    },
  };
}

describe('export destinations', () => {
  it('requires the extension of the format and mode', () => {
    expect(extensionProblem('/out/Show.mp3', settings('mp3', false), 'mix')).toBeNull();
    expect(extensionProblem('/out/Show.wav', settings('mp3', false), 'mix')).toMatch(/must end in \.mp3/);
    expect(extensionProblem('/out/Show.bashrc', settings('wav', false), 'mix')).toMatch(/\.wav/);
    expect(extensionProblem('/out/blocks.zip', settings('wav', false), 'blocks-zip')).toBeNull();
    expect(extensionProblem('/out/blocks.zip', settings('wav', false), 'blocks-folder')).toMatch(/folder/);
  });

  it('counts a retailer delivery’s report beside its single file among what exists: replaced only with Replace', async () => {
    const onDisk = new Set(['/out/Show – Pre-flight report.html']);
    const exists = (file: string): Promise<boolean> => Promise.resolve(onDisk.has(file));
    const delivery = { ...settings('mp3', false), retailProfile: 'podcast' as const };
    expect(await settleDestination('/out/Show.mp3', delivery, 'mix', 'ask', exists)).toEqual({
      ok: false,
      conflicts: ['/out/Show – Pre-flight report.html'],
      keepBothPath: '/out/Show (2).mp3',
    });
    expect(writtenPaths('/out/Show.zip', delivery, 'chapters-zip')).toEqual([
      '/out/Show.zip',
      '/out/Show – Pre-flight report.html',
    ]);
    expect(await settleDestination('/out/Show.mp3', delivery, 'mix', 'replace', exists)).toEqual({
      ok: true,
      outputPath: '/out/Show.mp3',
      overwrite: true,
    });
  });

  it('after a WAV+SRT export, an MP3 of the same name conflicts only through its subtitles', async () => {
    const onDisk = new Set(['/out/Show.wav', '/out/Show.srt']);
    const exists = (file: string): Promise<boolean> => Promise.resolve(onDisk.has(file));
    const mp3WithSrt = settings('mp3', true);
    expect(writtenPaths('/out/Show.mp3', mp3WithSrt, 'mix')).toEqual(['/out/Show.mp3', '/out/Show.srt']);
    expect(await settleDestination('/out/Show.mp3', mp3WithSrt, 'mix', 'ask', exists)).toEqual({
      ok: false,
      conflicts: ['/out/Show.srt'],
      keepBothPath: '/out/Show (2).mp3',
    });
    expect(await settleDestination('/out/Show.mp3', settings('mp3', false), 'mix', 'ask', exists)).toEqual({
      ok: true,
      outputPath: '/out/Show.mp3',
      overwrite: false,
    });
    expect(await settleDestination('/out/Show.mp3', mp3WithSrt, 'mix', 'replace', exists)).toMatchObject({
      ok: true,
      overwrite: true,
    });
    onDisk.add('/out/Show (2).srt');
    expect(await settleDestination('/out/Show.mp3', mp3WithSrt, 'mix', 'keep-both', exists)).toEqual({
      ok: true,
      outputPath: '/out/Show (3).mp3',
      overwrite: false,
    });
  });
});
