import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runPreflight } from '../../../common/export/preflight-checks.js';
import { creditsPresent } from '../../../common/project/credits-blocks.js';
import type { DeliveryCheckReport } from '../../../common/ipc/export-methods.js';
import { retailProfile } from '../../../common/export/retail-profiles.js';
import type { ExportMode } from '../../../common/export/export-mode.js';
import { isExportCancelled, type RunOptions } from '../export/index.js';
import { measureDelivery, preflightSummary } from '../export/preflight/delivery-check.js';
import type {
  ExportTarget,
  PreparedExport,
  ProjectExporter,
  ProjectExporterOptions,
} from './project-exporter.js';
import { type RetailSampleOutcome, writeRetailSample } from './retail-sample-file.js';

/** A zip holds the same files as the folder: the staged render skips the zipping, the names stay the same. */
const STAGED_MODE: Partial<Record<ExportMode, ExportMode>> = {
  'chapters-zip': 'chapters-folder',
  'blocks-zip': 'blocks-folder',
};

/** What the check needs of the exporter: its export, and the engine and PCM cache the retail sample is made with. */
export type DeliveryCheckExporter = Pick<ProjectExporter, 'export'> & {
  readonly options: Pick<ProjectExporterOptions, 'engine' | 'pcmCacheDir'>;
};

/**
 * "Check delivery": renders every file a retailer delivery would write, through the same exporter and engine as
 * the export itself, into a private staging folder (never the user's), measures each (length, channels, rate,
 * bit rate and CBR as encoded, RMS, peak, noise floor, head and tail room tone, name), checks the profile's rules,
 * and removes the staging folder whatever happens. Nothing is written where the user asked. The retail sample is
 * rendered beside the staged chapters as the export writes it, so the report lists it as the one after export does.
 */
export async function checkPlannedDelivery(
  exporter: DeliveryCheckExporter,
  prepared: PreparedExport,
  target: Pick<ExportTarget, 'outputPath' | 'mode' | 'coverPath' | 'videoPath'>,
  run: RunOptions = {},
  stagingRoot: string = tmpdir(),
): Promise<DeliveryCheckReport> {
  // Without the profile the exporter writes plain files: the after-export check and its report are not wanted here.
  const { retailProfile: profileId, retailSample, ...settings } = prepared.settings;
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
    const sampleOutcome = await writeRetailSample(
      exporter.options,
      { ...prepared, settings: { ...settings, ...(retailSample ? { retailSample } : {}) } },
      profile,
      written.outputPath,
      run,
    ).catch((error: unknown): RetailSampleOutcome => {
      if (isExportCancelled(error)) throw error;
      const problem = error instanceof Error ? error.message : String(error);
      return { sample: { written: false, problem }, notes: [`Retail sample not written: ${problem}`] };
    });
    const measured = await measureDelivery(written.outputPath);
    if (measured.length === 0) {
      throw new Error(
        `${path.basename(target.outputPath)} cannot be checked before export: only MP3, WAV, FLAC, M4A and M4B files (one, or a folder or zip of chapter files) are measured.`,
      );
    }
    // A sample that cannot be made fails its rule, and is said beside the summary as the export says it.
    const sampleMissing = sampleOutcome.sample?.written === false;
    const missingSample = sampleMissing ? sampleOutcome.notes[0]?.replace(/\.$/u, '') : undefined;
    const facts = { credits: creditsPresent(prepared.project), retailSample: sampleOutcome.sample };
    const results = runPreflight(profile, measured, facts);
    return {
      profileId,
      title: prepared.project.title,
      checkedAt: new Date().toISOString(),
      results,
      files: measured.map((file) => file.name),
      summary: [preflightSummary(profile, results, measured.length, 'planned'), missingSample]
        .filter((line) => line !== undefined)
        .join('; '),
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
