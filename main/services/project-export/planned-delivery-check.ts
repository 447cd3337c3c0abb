import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runPreflight } from '../../../common/export/preflight-checks.js';
import { creditsPresent } from '../../../common/project/credits-blocks.js';
import type { DeliveryCheckReport } from '../../../common/ipc/export-methods.js';
import { retailProfile } from '../../../common/export/retail-profiles.js';
import type { ExportMode } from '../../../common/export/export-mode.js';
import type { RunOptions } from '../export/index.js';
import { measureDelivery, preflightSummary } from '../export/preflight/delivery-check.js';
import type { ExportTarget, PreparedExport, ProjectExporter } from './project-exporter.js';

/** A zip holds the same files as the folder: the staged render skips the zipping, the names stay the same. */
const STAGED_MODE: Partial<Record<ExportMode, ExportMode>> = {
  'chapters-zip': 'chapters-folder',
  'blocks-zip': 'blocks-folder',
};

/**
 * "Check delivery": renders every file a retailer delivery would write, through the same exporter and engine as
 * the export itself, into a private staging folder (never the user's), measures each (length, channels, rate,
 * bit rate and CBR as encoded, RMS, peak, noise floor, head and tail room tone, name), checks the profile's rules,
 * and removes the staging folder whatever happens. Nothing is written where the user asked.
 */
export async function checkPlannedDelivery(
  exporter: Pick<ProjectExporter, 'export'>,
  prepared: PreparedExport,
  target: Pick<ExportTarget, 'outputPath' | 'mode' | 'coverPath' | 'videoPath'>,
  run: RunOptions = {},
  stagingRoot: string = tmpdir(),
): Promise<DeliveryCheckReport> {
  // Without the profile the exporter writes plain files: the after-export check and its report are not wanted here.
  const { retailProfile: profileId, ...settings } = prepared.settings;
  if (profileId === undefined) {
    throw new Error(
      'The delivery check needs a retailer profile: choose one under “Deliver to” (timbre: --profile) to check the files against its rules.',
    );
  }
  const profile = retailProfile(profileId);
  const staging = await mkdtemp(path.join(stagingRoot, 'timbre-preflight-'));
  try {
    const written = await exporter.export(
      { ...prepared, settings },
      {
        ...target,
        mode: STAGED_MODE[target.mode] ?? target.mode,
        outputPath: path.join(staging, path.basename(target.outputPath).replace(/\.zip$/iu, '')),
        overwrite: false,
      },
      run,
    );
    const measured = await measureDelivery(written.outputPath);
    if (measured.length === 0) {
      throw new Error(
        `${path.basename(target.outputPath)} cannot be checked before export: only MP3, WAV, FLAC, M4A and M4B files (one, or a folder or zip of chapter files) are measured.`,
      );
    }
    const results = runPreflight(profile, measured, { credits: creditsPresent(prepared.project) });
    return {
      profileId,
      title: prepared.project.title,
      checkedAt: new Date().toISOString(),
      results,
      files: measured.map((file) => file.name),
      summary: preflightSummary(profile, results, measured.length, 'planned'),
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
