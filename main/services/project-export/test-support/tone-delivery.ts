import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ffmpeg } from '../../export/test-support/media-tools.js';
import type { ExportEngine } from '../../export/index.js';
import type { ExportOutputs, ExportTarget, PreparedExport } from '../project-exporter.js';

/** An MP3 of a 220 Hz tone of peak `amplitude` (0.14 ≈ −20 dB RMS), 8 s, 192 kbps CBR, 44.1 kHz mono. */
async function toneMp3(target: string, amplitude: number): Promise<void> {
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `aevalsrc=${amplitude}*sin(2*PI*220*t):s=44100:d=8`,
    '-ac',
    '1',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '192k',
    target,
  ]);
}

/**
 * Stands in for ProjectExporter.export: records each call and writes a chapter folder of tone MP3s, one per
 * amplitude ("01 Chapter One.mp3", "02 Chapter Two.mp3"…), so a check measures real files; its engine writes
 * each mix (the retail sample) as a tone of the first amplitude.
 */
export function toneDeliveryExporter(amplitudes: readonly number[], pcmCacheDir = '/nonexistent-pcm-cache') {
  const calls: { settings: PreparedExport['settings']; target: ExportTarget }[] = [];
  const words = ['One', 'Two', 'Three', 'Four'];
  const engine = {
    async exportMix(request: { outputPath: string }) {
      await toneMp3(request.outputPath, amplitudes[0] ?? 0.14);
      return { audioPath: request.outputPath, subtitlePaths: [], durationMs: 8000, bytes: 0 };
    },
  };
  return {
    calls,
    options: { engine: engine as unknown as ExportEngine, pcmCacheDir },
    async export(prepared: PreparedExport, target: ExportTarget): Promise<ExportOutputs> {
      calls.push({ settings: prepared.settings, target });
      await mkdir(target.outputPath);
      for (const [index, amplitude] of amplitudes.entries()) {
        const name = `${String(index + 1).padStart(2, '0')} Chapter ${words[index] ?? index + 1}.mp3`;
        await toneMp3(path.join(target.outputPath, name), amplitude);
      }
      return {
        outputPath: target.outputPath,
        subtitlePaths: [],
        durationMs: 8000 * amplitudes.length,
        bytes: 0,
      };
    },
  };
}
