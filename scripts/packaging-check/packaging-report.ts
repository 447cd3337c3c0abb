import path from 'node:path';
import { formatBytes } from '../../common/text/index.js';
import type { PackageContents } from './inspect-packages.js';
import { shippedPackages, type PackagingFinding } from './packaging-rules.js';

/** Said first and last: the stand-ins make these packages unable to run, on purpose. */
export const NOT_ELECTRON_NOTICE =
  'This checks packaging, not Electron: the packages are built around a STAND-IN Electron binary that cannot run the app.';

export interface ReportInput {
  deb: string;
  appImage: string;
  sizes: { deb: number; appImage: number };
  fpm: string;
  electronVersion: string;
  contents: PackageContents;
  findings: PackagingFinding[];
  seconds: number;
}

const indent = (lines: string[]): string[] => lines.map((line) => `    ${line}`);

function debSection(input: ReportInput): string[] {
  const { contents } = input;
  const fields = ['Package', 'Version', 'Architecture', 'Maintainer', 'Homepage', 'Depends', 'Recommends'];
  const asarDist = contents.asarFiles.filter(
    (file) => file.startsWith('/dist/') && !file.includes('/assets/'),
  );
  const asarPackages = shippedPackages(
    contents.asarFiles.filter((file) => file.startsWith('/node_modules/')),
  );
  const desktopEntry = Object.entries(contents.debTexts).find(([file]) => file.endsWith('.desktop'));
  return [
    `.deb ${path.basename(input.deb)} (${formatBytes(input.sizes.deb)}), dpkg-deb -c (${contents.debFiles.length} entries):`,
    ...indent(contents.debFiles.map((file) => file.path + (file.linkTarget ? ` -> ${file.linkTarget}` : ''))),
    'Control fields (dpkg-deb --info):',
    ...indent(fields.map((field) => `${field}: ${contents.debFields[field] ?? '(none)'}`)),
    `Maintainer scripts (dpkg-deb -e): ${Object.keys(contents.debScripts).sort().join(', ') || 'none'}`,
    `${desktopEntry?.[0] ?? 'No desktop entry'}:`,
    ...indent((desktopEntry?.[1] ?? '').split('\n').filter(Boolean)),
    `app.asar (${contents.asarFiles.length} entries), its dist/ outside the renderer's assets:`,
    ...indent(asarDist),
    `app.asar's node_modules (${asarPackages.size} packages): ${[...asarPackages].sort().join(', ')}`,
    `app.asar's WebAssembly: ${contents.asarFiles.filter((file) => file.endsWith('.wasm')).join(', ')}`,
  ];
}

function appImageSection(input: ReportInput): string[] {
  const { contents } = input;
  return [
    `AppImage ${path.basename(input.appImage)} (${formatBytes(input.sizes.appImage)}), squashfs at offset ` +
      `${contents.appImageOffset} (unsquashfs -l, ${contents.appImageFiles.length} entries, app.asar.unpacked omitted):`,
    ...indent(contents.appImageFiles.filter((file) => !file.includes('/app.asar.unpacked/'))),
  ];
}

/** The file lists the check read and what it verified, as printed by `npm run check:packaging`. */
export function formatPackagingReport(input: ReportInput): string {
  const failed = input.findings.filter((finding) => finding.problem !== '');
  const fpm = input.fpm.endsWith('stand-in-fpm.mjs')
    ? 'the STAND-IN fpm (scripts/packaging-check/stand-in-fpm.mjs, the .deb laid out by dpkg-deb)'
    : `fpm at ${input.fpm}`;
  return [
    NOT_ELECTRON_NOTICE,
    `Built by electron-builder for Electron ${input.electronVersion} (stand-in), with ${fpm} and a STAND-IN ` +
      'AppImage runtime (the real one is a GitHub download).',
    '',
    ...debSection(input),
    '',
    ...appImageSection(input),
    '',
    'Verified:',
    ...input.findings.map((finding) =>
      finding.problem === ''
        ? `  ✓ ${finding.rule}: ${finding.evidence.join(', ')}`
        : `  ✗ ${finding.rule}: ${finding.problem}`,
    ),
    '',
    failed.length === 0
      ? `Packaging check passed (${input.findings.length} rules) in ${input.seconds.toFixed(0)} s. ${NOT_ELECTRON_NOTICE}`
      : `Packaging check FAILED: ${failed.length} of ${input.findings.length} rules. ${NOT_ELECTRON_NOTICE}`,
  ].join('\n');
}
