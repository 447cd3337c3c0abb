import { retailProfile } from '../../../common/export/retail-profiles.js';
import { creditsPresent } from '../../../common/project/credits-blocks.js';
import { checkWrittenDelivery } from '../export/preflight/delivery-check.js';
import { isExportCancelled, type RunOptions } from '../export/index.js';
import type { ExportOutputs, PreparedExport, ProjectExporterOptions } from './project-exporter.js';
import { type RetailSampleOutcome, writeRetailSample } from './retail-sample-file.js';

/**
 * A retailer's delivery (settings with a `retailProfile`): written as any other export, its retail sample written
 * beside the chapter files, then every written file measured again and checked against the profile, the report
 * written beside the delivery, and the findings added to the export's warnings (the summary, the retailer's
 * narration rule, the first failures, then the sample: where it is or why it is missing, and its explicit words).
 */
export async function exportCheckedDelivery(
  prepared: PreparedExport,
  exportPlain: (plain: PreparedExport) => Promise<ExportOutputs>,
  sampleWriter: Pick<ProjectExporterOptions, 'engine' | 'pcmCacheDir'>,
  run: RunOptions = {},
  /** The user chose Replace: an earlier report beside a single file is replaced, else it is named as in the way. */
  overwrite = false,
): Promise<ExportOutputs> {
  const { retailProfile: profileId, retailSample, ...settings } = prepared.settings;
  const outputs = await exportPlain({ ...prepared, settings });
  if (profileId === undefined) return outputs;
  const profile = retailProfile(profileId);
  const where = `Pre-flight (${profile.name})`;
  // The chapters are written by now: a sample that cannot be made is said, never turned into a failed export.
  const sampleOutcome = await writeRetailSample(
    sampleWriter,
    { ...prepared, settings: { ...settings, ...(retailSample ? { retailSample } : {}) } },
    profile,
    outputs.outputPath,
    run,
  ).catch((error: unknown): RetailSampleOutcome => {
    if (isExportCancelled(error)) throw error;
    const problem = error instanceof Error ? error.message : String(error);
    return {
      sample: { written: false, problem },
      notes: [`Retail sample (${profile.name}) not written: ${problem}`],
    };
  });
  // The files are written by now: a check that cannot run is said, never turned into a failed export.
  const facts = { credits: creditsPresent(prepared.project), retailSample: sampleOutcome.sample };
  const written = checkWrittenDelivery(
    profile,
    prepared.project.title,
    outputs.outputPath,
    new Date(),
    facts,
    overwrite,
  );
  const findings = await written.then(
    (check) =>
      check?.warnings ?? [
        `${where}: ${outputs.outputPath} was not checked: only MP3, WAV, FLAC, M4A and M4B files (one, or a folder or zip of chapter files) are measured.`,
        profile.aiNarration.statement,
      ],
    (error: unknown) => [
      `${where}: the written files could not be checked: ${error instanceof Error ? error.message : String(error)}`,
      profile.aiNarration.statement,
    ],
  );
  return { ...outputs, warnings: [...(outputs.warnings ?? []), ...findings, ...sampleOutcome.notes] };
}
