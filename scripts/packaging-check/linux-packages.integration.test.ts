import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PackageContents } from './inspect-packages.js';
import { packagingExpectations } from './packaging-expectations.js';
import { NOT_ELECTRON_NOTICE } from './packaging-report.js';
import { launcherIn, packagingFindings, type PackagingExpectations } from './packaging-rules.js';
import { runPackagingCheck, type PackagingCheckResult } from './run-packaging-check.js';

const here = path.dirname(fileURLToPath(import.meta.url));

// Builds the real .deb and AppImage with electron-builder (against a stand-in Electron that cannot run): this
// checks packaging, not Electron. About a minute on two cores, most of it electron-builder's asar and xz.
describe('the Linux .deb and AppImage electron-builder builds', () => {
  let check: PackagingCheckResult;
  let contents: PackageContents;
  let expected: PackagingExpectations;
  const installed = (file: string): boolean => contents.debFiles.some((entry) => entry.path === file);

  beforeAll(async () => {
    check = await runPackagingCheck();
    contents = check.contents;
    expected = await packagingExpectations();
    console.log(check.report);
  }, 600_000);

  it('passes every rule of the packaging check, and says it checks packaging, not Electron', () => {
    expect(check.findings.filter((finding) => finding.problem !== '')).toEqual([]);
    expect(check.report.startsWith(NOT_ELECTRON_NOTICE)).toBe(true);
  });

  it('puts timbre on the PATH as a file of the .deb that starts the launcher the app bundles', () => {
    const onPath = contents.debFiles.find((entry) => entry.path === '/usr/bin/timbre');
    expect(onPath).toMatchObject({ executable: true });
    expect(contents.debTexts['/usr/bin/timbre']).toContain(`exec "${launcherIn(expected.installDir)}" "$@"`);
    expect(installed(launcherIn(expected.installDir))).toBe(true);
  });

  it('ships the desktop entry with the project MIME type and the shared-mime-info XML for .timbre', () => {
    const desktopEntry = contents.debTexts['/usr/share/applications/timbre-studio.desktop'];
    expect(desktopEntry).toMatch(/^MimeType=application\/x-timbre-project;$/mu);
    // electron-builder.yml's linux.category and linux.description, which override desktop.entry's own keys.
    expect(desktopEntry).toMatch(/^Categories=AudioVideo;Audio;$/mu);
    expect(desktopEntry).toMatch(/^Comment=Clone voices, write scripts and export narrated audio$/mu);
    const mimeXml = contents.debTexts['/usr/share/mime/packages/timbre-studio.xml'] ?? '';
    expect(mimeXml).toContain('<mime-type type="application/x-timbre-project">');
    expect(mimeXml).toContain('<glob pattern="*.timbre"/>');
    expect(contents.desktopValidation).toBe('');
  });

  it('unpacks keytar, keeps the export worker and its WebAssembly in app.asar, and ships no devDependency', () => {
    expect(
      installed(
        '/opt/Timbre Studio/resources/app.asar.unpacked/node_modules/keytar/build/Release/keytar.node',
      ),
    ).toBe(true);
    expect(contents.asarFiles).toContain('/dist/main/export-worker.mjs');
    expect(expected.runtimeWasm.length).toBeGreaterThan(0);
    for (const wasm of expected.runtimeWasm) expect(contents.asarFiles).toContain(wasm);
    for (const tool of [
      'react',
      'vite',
      'vitest',
      '@playwright/test',
      'typescript',
      'electron',
      'electron-builder',
    ]) {
      expect(contents.asarFiles.filter((file) => file.startsWith(`/node_modules/${tool}/`))).toEqual([]);
    }
  });

  it('declares the Depends Electron and keytar need, and the maintainer and homepage fpm requires', () => {
    const depends = (contents.debFields.Depends ?? '').split(', ');
    for (const dependency of ['libgtk-3-0', 'libnss3', 'libgbm1', 'libasound2', 'libsecret-1-0']) {
      expect(depends).toContain(dependency);
    }
    expect(contents.debFields).toMatchObject({ Package: 'timbre-studio', Architecture: 'amd64' });
    expect(contents.debFields.Maintainer).toMatch(/<.+@.+>/u);
    expect(contents.debFields.Homepage).toMatch(/^https:\/\//u);
    expect(Object.keys(contents.debScripts)).toEqual(expect.arrayContaining(['postinst', 'postrm']));
  });

  it('lays the AppImage out with AppRun, the app, its desktop entry, MIME XML and the timbre launcher', () => {
    for (const file of [
      '/AppRun',
      '/timbre-studio',
      '/timbre-studio.desktop',
      '/resources/app.asar',
      '/resources/bin/timbre',
      '/usr/share/mime/packages/timbre-studio.xml',
    ]) {
      expect(contents.appImageFiles).toContain(file);
    }
  });

  it('names what is wrong when a package lacks timbre, keytar or the worker, ships a devDependency or a launcher it cannot run', () => {
    const broken: PackageContents = {
      ...contents,
      debFiles: contents.debFiles.filter(
        (entry) => entry.path !== '/usr/bin/timbre' && !entry.path.endsWith('keytar.node'),
      ),
      asarFiles: [
        ...contents.asarFiles.filter((file) => file !== '/dist/main/export-worker.mjs'),
        '/node_modules/vitest/package.json',
      ],
      debFields: { ...contents.debFields, Depends: 'libnss3' },
    };
    const problems = packagingFindings(broken, expected)
      .map((finding) => finding.problem)
      .filter(Boolean);
    expect(problems).toEqual(
      expect.arrayContaining([
        'no /usr/bin/timbre in the package',
        expect.stringMatching(/^no \/opt\/Timbre Studio\/.+\/keytar\.node$/u),
        expect.stringMatching(/^missing from app\.asar: \/dist\/main\/export-worker\.mjs/u),
        expect.stringMatching(/^shipped: vitest/u),
        expect.stringMatching(/^Depends lacks libgtk-3-0, libgbm1, libasound2, libsecret-1-0/u),
      ]),
    );
    const launcher = launcherIn(expected.installDir);
    const notExecutable: PackageContents = {
      ...contents,
      debFiles: contents.debFiles.map((entry) =>
        entry.path === launcher ? { ...entry, executable: false } : entry,
      ),
    };
    expect(packagingFindings(notExecutable, expected).map((finding) => finding.problem)).toContain(
      `${launcher} is not executable`,
    );
    // The AppImage's MIME XML is read, not only listed: one that does not map *.timbre is named.
    const xml = '/usr/share/mime/packages/timbre-studio.xml';
    expect(contents.appImageTexts[xml]).toContain('<glob pattern="*.timbre"/>');
    const wrongXml: PackageContents = {
      ...contents,
      appImageTexts: { ...contents.appImageTexts, [xml]: '<mime-info/>' },
    };
    expect(
      packagingFindings(wrongXml, expected).find((finding) =>
        finding.rule.startsWith('AppImage: shared-mime-info'),
      )?.problem,
    ).toBe('no /usr/share/mime/packages/*.xml declaring *.timbre');
  });
});

describe('the stand-in fpm', () => {
  it('refuses an option it does not handle, naming it, rather than building a package without it', () => {
    const result = spawnSync(
      path.join(here, 'stand-in-fpm.mjs'),
      ['-s', 'dir', '-t', 'deb', '--rpm-os', 'linux'],
      {
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('unknown option --rpm-os');
  });
});
