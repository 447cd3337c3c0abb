import type { PackageContents, PackagedFile } from './inspect-packages.js';

/** What the packages must hold, taken from package.json, electron-builder.yml and node_modules. */
export interface PackagingExpectations {
  /** Where the .deb installs the app: /opt/<productFilename>. */
  installDir: string;
  /** The app's binary in installDir and at the AppImage's root. */
  executableName: string;
  /** The mime type and extension of the project files (electron-builder.yml's fileAssociations). */
  mimeType: string;
  extension: string;
  /** electron-builder.yml's deb.depends. */
  depends: string[];
  /** package.json's devDependencies: none may ship. */
  devDependencies: string[];
  /** The WebAssembly files of the runtime dependencies, as paths inside app.asar (/node_modules/…). */
  runtimeWasm: string[];
}

/** One verified fact: what was checked, the files that show it, and what is wrong ('' when it holds). */
export interface PackagingFinding {
  rule: string;
  evidence: string[];
  problem: string;
}

/** The launcher the .deb's /usr/bin/timbre must start (resources/bin/timbre, shipped as an extraResource). */
export const launcherIn = (installDir: string): string => `${installDir}/resources/bin/timbre`;

function finding(rule: string, evidence: string[], problem: string | false): PackagingFinding {
  return { rule, evidence, problem: problem === false ? '' : problem };
}

/** Package names under a node_modules listing (`/node_modules/@scope/name/…` → `@scope/name`), nested ones too. */
export function shippedPackages(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    for (const match of file.matchAll(/\/node_modules\/(@[^/]+\/[^/]+|[^@/][^/]*)/gu))
      names.add(match[1] ?? '');
  }
  return names;
}

function desktopRules(label: string, texts: Record<string, string>, mimeType: string): PackagingFinding {
  const entries = Object.entries(texts).filter(([file]) => file.endsWith('.desktop'));
  const declaring = entries.filter(([, text]) => text.split('\n').includes(`MimeType=${mimeType};`));
  return finding(
    `${label}: a desktop entry declares MimeType=${mimeType};`,
    declaring.map(([file]) => file),
    declaring.length === 0 &&
      `no desktop entry with MimeType=${mimeType}; (entries: ${entries.map(([file]) => file).join(', ') || 'none'})`,
  );
}

function mimeInfoRule(
  label: string,
  files: string[],
  texts: Record<string, string>,
  e: PackagingExpectations,
) {
  const xml = files.filter((file) => /\/usr\/share\/mime\/packages\/[^/]+\.xml$/u.test(file));
  const declaring = xml.filter((file) => {
    const text = texts[file];
    // A file whose text was not read (a link) shows nothing.
    return (
      text !== undefined &&
      text.includes(`<mime-type type="${e.mimeType}">`) &&
      text.includes(`<glob pattern="*.${e.extension}"/>`)
    );
  });
  return finding(
    `${label}: shared-mime-info XML maps *.${e.extension} to ${e.mimeType}`,
    declaring,
    declaring.length === 0 && `no /usr/share/mime/packages/*.xml declaring *.${e.extension}`,
  );
}

function debRules(contents: PackageContents, e: PackagingExpectations): PackagingFinding[] {
  const paths = contents.debFiles.map((file) => file.path);
  const has = (file: string): boolean => paths.includes(file);
  const onPath: PackagedFile | undefined = contents.debFiles.find((file) => file.path === '/usr/bin/timbre');
  const launcher = launcherIn(e.installDir);
  const wrapperText = contents.debTexts['/usr/bin/timbre'] ?? '';
  const startsLauncher =
    onPath !== undefined &&
    (onPath.linkTarget === launcher || (onPath.executable && wrapperText.includes(launcher)));
  const keytar = `${e.installDir}/resources/app.asar.unpacked/node_modules/keytar/build/Release/keytar.node`;
  const worker = [
    '/dist/main/export-worker.mjs',
    '/dist/main/import-worker.mjs',
    '/dist/main/electron-main.cjs',
    '/dist/main/timbre.mjs',
  ];
  const missingWasm = e.runtimeWasm.filter((file) => !contents.asarFiles.includes(file));
  const devShipped = [...shippedPackages([...contents.asarFiles, ...paths])].filter((name) =>
    e.devDependencies.includes(name),
  );
  const declared = (contents.debFields.Depends ?? '').split(',').map((dependency) => dependency.trim());
  const sources = contents.asarFiles.filter(
    (file) => !file.includes('/node_modules/') && /\.(ts|tsx|mts|map)$|\/standin\/|\.test\./u.test(file),
  );
  return [
    desktopRules('.deb', contents.debTexts, e.mimeType),
    finding(
      '.deb: desktop entries pass desktop-file-validate',
      paths.filter((file) => file.endsWith('.desktop')),
      contents.desktopValidation.trim() !== '' && contents.desktopValidation.trim(),
    ),
    mimeInfoRule('.deb', paths, contents.debTexts, e),
    finding(
      `.deb: timbre on the PATH (/usr/bin/timbre starts ${launcher})`,
      onPath ? [`/usr/bin/timbre${onPath.linkTarget ? ` -> ${onPath.linkTarget}` : ''}`, launcher] : [],
      onPath === undefined
        ? 'no /usr/bin/timbre in the package'
        : !startsLauncher
          ? `/usr/bin/timbre does not start ${launcher}`
          : !has(launcher)
            ? `/usr/bin/timbre starts ${launcher}, which the package does not hold`
            : !contents.debFiles.some((file) => file.path === launcher && file.executable) &&
              `${launcher} is not executable`,
    ),
    finding(
      `.deb: the app's binary, its fuses flipped by scripts/after-pack.cjs (RunAsNode off)`,
      [`${e.installDir}/${e.executableName}`],
      !has(`${e.installDir}/${e.executableName}`)
        ? `no ${e.installDir}/${e.executableName}`
        : contents.appRunAsNodeFuse !== false &&
            'the RunAsNode fuse is still on: the afterPack hook did not run',
    ),
    finding(`.deb: keytar's native module unpacked from the asar`, [keytar], !has(keytar) && `no ${keytar}`),
    finding(
      '.deb: the main bundle, the workers and their WebAssembly inside app.asar',
      [...worker, ...e.runtimeWasm].filter((file) => contents.asarFiles.includes(file)),
      (worker.some((file) => !contents.asarFiles.includes(file)) || missingWasm.length > 0) &&
        `missing from app.asar: ${[...worker.filter((file) => !contents.asarFiles.includes(file)), ...missingWasm].join(', ')}`,
    ),
    finding(
      '.deb: no development dependency, source, test or source map inside',
      [
        `${shippedPackages(contents.asarFiles).size} packages in app.asar's node_modules, none a devDependency`,
      ],
      (devShipped.length > 0 || sources.length > 0) &&
        `shipped: ${[...devShipped, ...sources.slice(0, 10)].join(', ')}`,
    ),
    finding(
      `.deb: declares Depends on ${e.depends.join(', ')}`,
      [`Depends: ${contents.debFields.Depends ?? ''}`],
      e.depends.some((dependency) => !declared.includes(dependency)) &&
        `Depends lacks ${e.depends.filter((dependency) => !declared.includes(dependency)).join(', ')}`,
    ),
  ];
}

function appImageRules(contents: PackageContents, e: PackagingExpectations): PackagingFinding[] {
  const files = contents.appImageFiles;
  const wanted = ['/AppRun', `/${e.executableName}`, '/resources/app.asar', '/resources/bin/timbre'];
  const missing = wanted.filter((file) => !files.includes(file));
  return [
    desktopRules('AppImage', contents.appImageTexts, e.mimeType),
    mimeInfoRule('AppImage', files, contents.appImageTexts, e),
    finding(
      'AppImage: the app, its AppRun entry point and the timbre launcher',
      wanted.filter((file) => files.includes(file)),
      missing.length > 0 && `missing: ${missing.join(', ')}`,
    ),
  ];
}

/** Every rule the packaging check verifies, in the order it prints them. */
export function packagingFindings(contents: PackageContents, e: PackagingExpectations): PackagingFinding[] {
  return [...debRules(contents, e), ...appImageRules(contents, e)];
}
