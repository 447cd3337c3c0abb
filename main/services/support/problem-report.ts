import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, stat, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { JobView } from '../../../common/jobs/job-view.js';
import { REPORT_CONTENTS, REPORT_LEAVES_OUT } from '../../../common/support/report-contents.js';
import { DEFAULT_LOG_ROTATION, listLogFiles, readLogTail } from '../logging/rotating-log-file.js';
import type { RecentRequest } from '../service-client/index.js';
import { withoutCredentials } from '../service-client/index.js';
import { asUserFileError } from '../storage/user-file.js';
import { scrubSecrets, settingsWithoutSecrets } from './secret-scrub.js';

export interface ProblemReportSources {
  appName: string;
  appVersion: string;
  shell: 'electron' | 'browser';
  /** The data folder's logs/ (every .log in it: main, the command line's, rotated ones). */
  logsDir: string;
  /** The logger's own redaction, run again over every line (a line from an older version may have missed it). */
  redact(text: string): string;
  /** The tokens the app holds now; every form of them is removed from every entry. */
  secrets(): Promise<string[]>;
  settings: unknown;
  recentRequests: readonly RecentRequest[];
  jobs(): Promise<readonly JobView[]>;
}

export interface ReportEntry {
  name: string;
  text: string;
}

/** The report's files, each scrubbed of every token the app holds and of anything shaped `Bearer …`. */
export async function collectProblemReport(sources: ProblemReportSources): Promise<ReportEntry[]> {
  const secrets = await sources.secrets();
  const entries: ReportEntry[] = [
    { name: 'README.txt', text: readme(sources) },
    { name: 'environment.json', text: json(environment(sources)) },
    { name: 'settings.json', text: json(settingsWithoutSecrets(sources.settings)) },
    { name: 'recent-requests.json', text: json(sources.recentRequests) },
    { name: 'jobs.json', text: json((await sources.jobs()).map(jobState)) },
  ];
  for (const file of await listLogFiles(sources.logsDir)) {
    // A log is at most its rotation cap; one from before rotation is read from its end only.
    const text = (await readLogTail(file, 2 * DEFAULT_LOG_ROTATION.maxFileBytes)).toString('utf8');
    entries.push({ name: `logs/${path.basename(file)}`, text: sources.redact(text) });
  }
  return entries.map((entry) => ({ ...entry, text: scrubSecrets(entry.text, secrets) }));
}

/**
 * Writes the zip next to `outputPath` under a hidden name, then renames it into place, so a failure never leaves
 * a broken report under the user's name. Errors name the file and the cause (asUserFileError).
 */
export async function writeProblemReport(
  entries: readonly ReportEntry[],
  outputPath: string,
): Promise<number> {
  const temporary = path.join(
    path.dirname(outputPath),
    `.${path.basename(outputPath)}.${randomUUID()}.partial`,
  );
  const { ZipFile } = await import('yazl');
  const zip = new ZipFile();
  for (const entry of entries) zip.addBuffer(Buffer.from(entry.text, 'utf8'), entry.name, { mode: 0o100600 });
  zip.end();
  try {
    await pipeline(zip.outputStream, createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
    await rename(temporary, outputPath);
    return (await stat(outputPath)).size;
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw asUserFileError(error, outputPath, 'write');
  }
}

function environment(sources: ProblemReportSources) {
  const { electron, chrome, node } = process.versions as NodeJS.ProcessVersions & {
    electron?: string;
    chrome?: string;
  };
  return {
    createdAt: new Date().toISOString(),
    app: { name: sources.appName, version: sources.appVersion, shell: sources.shell },
    runtime: { node, ...(electron ? { electron } : {}), ...(chrome ? { chromium: chrome } : {}) },
    os: { name: os.type(), release: os.release(), platform: process.platform, arch: process.arch },
    locale: Intl.DateTimeFormat().resolvedOptions().locale,
  };
}

/** A job as a report lists it: what it was and how it ended, never its text or project (the user's work). */
function jobState(job: JobView) {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    service: withoutCredentials(job.serviceUrl),
    createdAt: job.createdAt,
    ...(job.remoteId ? { remoteId: job.remoteId } : {}),
    ...(job.remoteStatus ? { remoteStatus: job.remoteStatus } : {}),
    ...(job.requestId ? { requestId: job.requestId } : {}),
    ...(job.finishedAt ? { finishedAt: job.finishedAt } : {}),
    ...(job.error
      ? {
          error: {
            code: job.error.code,
            ...(job.error.httpStatus === undefined ? {} : { httpStatus: job.error.httpStatus }),
            ...(job.error.requestId === undefined ? {} : { requestId: job.error.requestId }),
          },
        }
      : {}),
  };
}

function readme(sources: ProblemReportSources): string {
  return [
    `${sources.appName} ${sources.appVersion}: problem report`,
    '',
    'This zip holds:',
    ...REPORT_CONTENTS.map((line) => `- ${line}`),
    '',
    REPORT_LEAVES_OUT,
    '',
  ].join('\n');
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
