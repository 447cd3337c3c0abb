import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  describePreflightResult,
  runPreflight,
  type DeliveryFacts,
  type MeasuredAudioFile,
  type PreflightResult,
} from '../../../../common/export/preflight-checks.js';
import { preflightReportHtml } from '../../../../common/export/preflight-report.js';
import type { RetailProfile } from '../../../../common/export/retail-profile-schema.js';
import { asUserFileError } from '../../storage/user-file.js';
import { unpackZipDelivery } from './delivery-zip.js';
import { measureAudioFile } from './measure-audio-file.js';

/** The report's name: beside a single file it takes that file's name, in a chapter folder it stands alone. */
const REPORT_NAME = 'Pre-flight report.html';
/** Beside a single file: `<file's name> – Pre-flight report.html` (also listed among the export's written paths). */
export const SINGLE_FILE_REPORT_SUFFIX = ` – ${REPORT_NAME}`;
const MEASURED_EXTENSIONS = new Set(['.mp3', '.wav', '.flac', '.m4a', '.m4b']);
// The export's warnings name the first few failures; the report lists them all.
const FAILURES_NAMED = 8;

export interface DeliveryCheck {
  readonly results: readonly PreflightResult[];
  /** Where the report was written; undefined when an earlier one was in the way and Replace was not chosen. */
  readonly reportPath: string | undefined;
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
 * Every audio file of a delivery (one file, or a folder of chapter files) measured, in name order; empty when
 * nothing there can be measured. The check before export runs it on the staged render, the one after on the
 * written files, so both report the same figures the same way.
 */
export async function measureDelivery(outputPath: string): Promise<MeasuredAudioFile[]> {
  if (path.extname(outputPath).toLowerCase() === '.zip') return measureZip(outputPath);
  const measured: MeasuredAudioFile[] = [];
  for (const file of await deliveredFiles(outputPath)) measured.push(await measureAudioFile(file));
  return measured;
}

/** A zipped delivery: its audio entries unpacked into a private folder, measured as a folder's, then removed. */
async function measureZip(zipPath: string): Promise<MeasuredAudioFile[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'timbre-zip-check-'));
  try {
    await unpackZipDelivery(zipPath, folder, measurable);
    return await measureDelivery(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The first line of the findings: how many checks pass or fail, on what, and where the report is. */
export function preflightSummary(
  profile: RetailProfile,
  results: readonly PreflightResult[],
  fileCount: number,
  stage: 'planned' | 'written',
): string {
  const failed = results.filter((result) => !result.passed).length;
  // After export the delivery's files may be kept from an earlier export (unchanged chapters), not all written now.
  const files = stage === 'written' ? 'delivery file(s)' : 'file(s) as they will be written';
  return failed === 0
    ? `Pre-flight (${profile.name}): all ${results.length} checks pass on the ${fileCount} ${files}`
    : `Pre-flight (${profile.name}): ${failed} of ${results.length} checks fail on the ${stage === 'written' ? 'delivery files' : 'files as they will be written'}`;
}

/**
 * The pre-flight checks run again on what an export wrote (a file, or a folder of chapter files): each audio file
 * measured, every rule of the profile checked (with those on the project the caller knows: `facts`), and the report
 * written beside the delivery as one HTML page. Undefined when nothing written can be measured (MP3, WAV, FLAC,
 * M4A and M4B are, alone, in a folder or in a zip).
 */
export async function checkWrittenDelivery(
  profile: RetailProfile,
  title: string,
  outputPath: string,
  checkedAt: Date = new Date(),
  facts: DeliveryFacts = {},
  /** The user chose Replace: an earlier report is replaced; otherwise it is kept and named as in the way. */
  overwrite = false,
): Promise<DeliveryCheck | undefined> {
  const measured = await measureDelivery(outputPath);
  if (measured.length === 0) return undefined;
  const results = runPreflight(profile, measured, facts);
  const isFolder = (await stat(outputPath)).isDirectory();
  const reportPath = isFolder
    ? path.join(outputPath, REPORT_NAME)
    : path.join(path.dirname(outputPath), `${path.parse(outputPath).name}${SINGLE_FILE_REPORT_SUFFIX}`);
  const html = preflightReportHtml({
    profile,
    title,
    stage: 'written',
    checkedAt: checkedAt.toISOString(),
    results,
  });
  const written = await writeReport(reportPath, html, overwrite);
  const failed = results.filter((result) => !result.passed);
  const summary = written
    ? `${preflightSummary(profile, results, measured.length, 'written')}; report: ${reportPath}`
    : `${preflightSummary(profile, results, measured.length, 'written')}; the report was not written: “${reportPath}” is in the way (an earlier report is replaced only when you choose Replace)`;
  const more = failed.length - FAILURES_NAMED;
  return {
    results,
    reportPath: written ? reportPath : undefined,
    warnings: [
      summary,
      profile.aiNarration.statement,
      ...failed.slice(0, FAILURES_NAMED).map(describePreflightResult),
      ...(more > 0 ? [`…and ${more} more in the report.`] : []),
    ],
  };
}

/** Writes the report; false when one is there already and the export does not replace (nothing is written). */
async function writeReport(reportPath: string, html: string, overwrite: boolean): Promise<boolean> {
  try {
    await writeFile(reportPath, html, { encoding: 'utf8', flag: overwrite ? 'w' : 'wx' });
    return true;
  } catch (error) {
    if (!overwrite && (error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw asUserFileError(error, reportPath, 'write');
  }
}
