import { existsSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { formatKaraokeVtt } from '../../../common/readalong/karaoke-vtt.js';
import { publishStaged } from '../export/output/publish-staged.js';
import { stagingPathFor } from '../export/output/staged-file.js';
import { writingToAsync } from '../export/output/writing-to.js';
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
 * (common/readalong/karaoke-vtt.ts). A `.vtt` already there is refused before anything is written unless the user
 * chose Replace; the file is written under a staging name, synced, and published as every export publishes, which
 * refuses again a `.vtt` that appeared while the mix was rendering.
 */
export async function withKaraokeVtt(
  pcmCacheDir: string,
  prepared: PreparedExport,
  target: { readonly outputPath: string; readonly overwrite: boolean },
  exportMix: (prepared: PreparedExport) => Promise<ExportOutputs>,
): Promise<ExportOutputs> {
  const plannedVtt = subtitlePathsFor(target.outputPath).vtt;
  if (!target.overwrite && existsSync(plannedVtt)) {
    throw new Error(`${plannedVtt} already exists: choose Replace.`);
  }
  const written = await exportMix(withoutPlainVtt(prepared));
  const blocks = await timedBlocksOf(prepared.plan, pcmCacheDir, written.durationMs);
  const vttPath = subtitlePathsFor(written.outputPath).vtt;
  const temporary = stagingPathFor(vttPath);
  try {
    await writingToAsync(vttPath, async () => {
      const handle = await open(temporary, 'wx');
      try {
        await handle.writeFile(formatKaraokeVtt(blocks));
        await handle.sync();
      } finally {
        await handle.close();
      }
    });
    await publishStaged({ main: temporary, besides: [] }, vttPath, target.overwrite);
  } finally {
    await rm(temporary, { force: true });
  }
  return { ...written, subtitlePaths: [...written.subtitlePaths, vttPath] };
}
