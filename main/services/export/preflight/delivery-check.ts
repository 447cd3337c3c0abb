import { readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  describePreflightResult,
  runPreflight,
  type MeasuredAudioFile,
  type PreflightResult,
} from '../../../../common/export/preflight-checks.js';
import { preflightReportHtml } from '../../../../common/export/preflight-report.js';
import type { RetailProfile } from '../../../../common/export/retail-profile-schema.js';
import { asUserFileError } from '../../storage/user-file.js';
import { measureAudioFile } from './measure-audio-file.js';

/** The report's name: beside a single file it takes that file's name, in a chapter folder it stands alone. */
const REPORT_NAME = 'Pre-flight report.html';
const MEASURED_EXTENSIONS = new Set(['.mp3', '.wav', '.flac']);
// The export's warnings name the first few failures; the report lists them all.
const FAILURES_NAMED = 8;

export interface DeliveryCheck {
  readonly results: readonly PreflightResult[];
  readonly reportPath: string;
  /** One line per finding for the export's warnings: the summary, the narration rule, the first failures. */
  readonly warnings: readonly string[];
}

function measurable(name: string): boolean {
  return MEASURED_EXTENSIONS.has(path.extname(name).toLowerCase());
}

async function deliveredFiles(outputPath: string): Promise<string[]> {
  if (!(await stat(outputPath)).isDirectory()) return measurable(outputPath) ? [outputPath] : [];
  const names = await readdir(outputPath);
  return names
    .filter(measurable)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((name) => path.join(outputPath, name));
}

/**
 * The pre-flight checks run again on what an export wrote (a file, or a folder of chapter files): each audio file
 * measured, every rule of the profile checked, and the report written beside the delivery as one HTML page.
 * Undefined when nothing written can be measured (a zip, an M4B or M4A: only MP3, WAV and FLAC are decoded here).
 */
export async function checkWrittenDelivery(
  profile: RetailProfile,
  title: string,
  outputPath: string,
  checkedAt: Date = new Date(),
): Promise<DeliveryCheck | undefined> {
  const files = await deliveredFiles(outputPath);
  if (files.length === 0) return undefined;
  const measured: MeasuredAudioFile[] = [];
  for (const file of files) measured.push(await measureAudioFile(file));
  const results = runPreflight(profile, measured);
  const isFolder = files.length !== 1 || files[0] !== outputPath;
  const reportPath = isFolder
    ? path.join(outputPath, REPORT_NAME)
    : path.join(path.dirname(outputPath), `${path.parse(outputPath).name} – ${REPORT_NAME}`);
  const html = preflightReportHtml({
    profile,
    title,
    stage: 'written',
    checkedAt: checkedAt.toISOString(),
    results,
  });
  try {
    await writeFile(reportPath, html, 'utf8');
  } catch (error) {
    throw asUserFileError(error, reportPath, 'write');
  }
  const failed = results.filter((result) => !result.passed);
  const summary =
    failed.length === 0
      ? `Pre-flight (${profile.name}): all ${results.length} checks pass on the ${files.length} written file(s); report: ${reportPath}`
      : `Pre-flight (${profile.name}): ${failed.length} of ${results.length} checks fail on the written files; report: ${reportPath}`;
  const more = failed.length - FAILURES_NAMED;
  return {
    results,
    reportPath,
    warnings: [
      summary,
      profile.aiNarration.statement,
      ...failed.slice(0, FAILURES_NAMED).map(describePreflightResult),
      ...(more > 0 ? [`…and ${more} more in the report.`] : []),
    ],
  };
}
