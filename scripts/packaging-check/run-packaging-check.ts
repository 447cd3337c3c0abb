import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll } from '../build.mjs';
import { buildLinuxPackages } from './build-linux-packages.js';
import { inspectPackages, type PackageContents } from './inspect-packages.js';
import { packagingExpectations } from './packaging-expectations.js';
import { formatPackagingReport } from './packaging-report.js';
import { packagingFindings, type PackagingFinding } from './packaging-rules.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface PackagingCheckResult {
  contents: PackageContents;
  findings: PackagingFinding[];
  /** The printed file lists and verdicts. */
  report: string;
}

/**
 * Builds the Linux .deb and AppImage in a temporary folder (dist/ first if it is missing), reads them back and
 * checks them; the folder is removed afterwards. `echo` shows electron-builder's output as it runs.
 */
export async function runPackagingCheck({ echo = false } = {}): Promise<PackagingCheckResult> {
  const started = Date.now();
  if (!existsSync(path.join(root, 'dist', 'main', 'electron-main.cjs'))) await buildAll({ quiet: !echo });
  const folder = await mkdtemp(path.join(tmpdir(), 'timbre-packaging-check-'));
  try {
    const packages = await buildLinuxPackages(folder, { echo });
    const expected = await packagingExpectations();
    const appBinary = `${expected.installDir}/${expected.executableName}`;
    const contents = await inspectPackages(packages.deb, packages.appImage, appBinary);
    const findings = packagingFindings(contents, expected);
    const sizes = { deb: (await stat(packages.deb)).size, appImage: (await stat(packages.appImage)).size };
    const seconds = (Date.now() - started) / 1000;
    const report = formatPackagingReport({ ...packages, sizes, contents, findings, seconds });
    return { contents, findings, report };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
