import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { formatKaraokeVtt } from '../../../common/readalong/karaoke-vtt.js';
import { stagingPathFor } from '../export/output/staged-file.js';
import { writingTo } from '../export/output/writing-to.js';
import { subtitlePathsFor } from '../export/subtitles/subtitle-files.js';
import type { ExportOutputs, PreparedExport } from '../project-export/project-exporter.js';
import { timedBlocksOf } from './chapter-timings.js';

/** The prepared export without the plain WebVTT, whose name the karaoke WebVTT takes. */
function withoutPlainVtt(prepared: PreparedExport): PreparedExport {
  const options = prepared.settings.options;
  return {
    ...prepared,
    settings: {
      ...prepared.settings,
      options: { ...options, subtitles: { ...options.subtitles, vtt: false } },
    },
  };
}

/**
 * The mix (`exportMix`, without its plain WebVTT) and the karaoke WebVTT beside it under the same name (`.vtt`): a
 * cue per sentence timed from the real takes in that file, with a timestamp tag before each word
 * (common/readalong/karaoke-vtt.ts).
 */
export async function withKaraokeVtt(
  pcmCacheDir: string,
  prepared: PreparedExport,
  exportMix: (prepared: PreparedExport) => Promise<ExportOutputs>,
): Promise<ExportOutputs> {
  const written = await exportMix(withoutPlainVtt(prepared));
  const blocks = await timedBlocksOf(prepared.plan, pcmCacheDir, written.durationMs);
  const vttPath = subtitlePathsFor(written.outputPath).vtt;
  const temporary = stagingPathFor(vttPath);
  try {
    writingTo(vttPath, () => {
      writeFileSync(temporary, formatKaraokeVtt(blocks), { flag: 'wx' });
      renameSync(temporary, vttPath);
    });
  } finally {
    rmSync(temporary, { force: true });
  }
  return { ...written, subtitlePaths: [...written.subtitlePaths, vttPath] };
}
