import { retailProfile } from '../../../common/export/retail-profiles.js';
import { checkWrittenDelivery } from '../export/preflight/delivery-check.js';
import type { ExportOutputs, PreparedExport } from './project-exporter.js';

/**
 * A retailer's delivery (settings with a `retailProfile`): written as any other export, then every written file
 * measured again and checked against the profile, the report written beside the delivery, and the findings added to
 * the export's warnings (the summary, the retailer's narration rule, the first failures).
 */
export async function exportCheckedDelivery(
  prepared: PreparedExport,
  exportPlain: (plain: PreparedExport) => Promise<ExportOutputs>,
): Promise<ExportOutputs> {
  const { retailProfile: profileId, ...settings } = prepared.settings;
  const outputs = await exportPlain({ ...prepared, settings });
  if (profileId === undefined) return outputs;
  const profile = retailProfile(profileId);
  const where = `Pre-flight (${profile.name})`;
  // The files are written by now: a check that cannot run is said, never turned into a failed export.
  const findings = await checkWrittenDelivery(profile, prepared.project.title, outputs.outputPath).then(
    (check) =>
      check?.warnings ?? [
        `${where}: ${outputs.outputPath} was not checked: only MP3, WAV and FLAC files (one, or a folder of chapter files) are measured.`,
        profile.aiNarration.statement,
      ],
    (error: unknown) => [
      `${where}: the written files could not be checked: ${error instanceof Error ? error.message : String(error)}`,
      profile.aiNarration.statement,
    ],
  );
  return { ...outputs, warnings: [...(outputs.warnings ?? []), ...findings] };
}
