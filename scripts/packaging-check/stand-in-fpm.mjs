#!/usr/bin/env node
// STAND-IN FOR fpm, used only by the packaging check (scripts/check-packaging.ts) where the real fpm (a Ruby gem
// electron-builder downloads from GitHub) cannot be had. electron-builder runs it as `CUSTOM_FPM_PATH` with the
// arguments it gives fpm; this script builds the .deb from exactly those arguments with Debian's dpkg-deb, so the
// package's layout is dpkg-deb's, not fpm's (no md5sums file, fpm's own control fields left out). An option it does
// not know stops it, naming the option, so a new electron-builder argument is never silently dropped.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** fpm options that take a value, mapped to what this stand-in does with them. */
const VALUE_OPTIONS = new Set([
  '-s',
  '-t',
  '-d',
  '--deb-recommends',
  '--deb-compression',
  '--deb-priority',
  '--architecture',
  '--after-install',
  '--after-remove',
  '--description',
  '--version',
  '--package',
  '--name',
  '--maintainer',
  '--vendor',
  '--url',
  '--license',
  '--iteration',
  '--category',
]);
const FLAG_OPTIONS = new Set(['--force', '--debug']);

function fail(message) {
  console.error(`stand-in fpm: ${message}`);
  process.exit(2);
}

/** The options (repeatable ones as lists) and the `src=dest` mappings, in order. */
function parseArguments(argv) {
  const options = new Map();
  const mappings = [];
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (VALUE_OPTIONS.has(argument)) {
      const value = argv[index + 1];
      if (value === undefined) fail(`${argument} needs a value`);
      options.set(argument, [...(options.get(argument) ?? []), value]);
      index += 1;
    } else if (FLAG_OPTIONS.has(argument)) {
      options.set(argument, ['yes']);
    } else if (argument.startsWith('-')) {
      fail(`unknown option ${argument}: this stand-in handles only what electron-builder passed it so far`);
    } else {
      const separator = argument.lastIndexOf('=');
      if (separator <= 0) fail(`expected a src=dest mapping, got ${argument}`);
      mappings.push({ source: argument.slice(0, separator), destination: argument.slice(separator + 1) });
    }
  }
  return { options, mappings };
}

function only(options, name, fallback) {
  const values = options.get(name);
  if (values === undefined) {
    if (fallback !== undefined) return fallback;
    fail(`${name} is required`);
  }
  return values[values.length - 1];
}

/** Copies one mapping as fpm's dir source does: `dir/=dest` copies the folder's contents into dest. */
function copyMapping(root, { source, destination }) {
  const target = path.join(root, destination);
  const from = path.resolve(source);
  let stats;
  try {
    stats = statSync(from);
  } catch {
    fail(`File not found: ${source} (mapped to ${destination})`);
  }
  if (stats.isDirectory()) {
    mkdirSync(target, { recursive: true });
    for (const name of readdirSync(from)) {
      cpSync(path.join(from, name), path.join(target, name), { recursive: true, verbatimSymlinks: true });
    }
  } else {
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(from, target, { verbatimSymlinks: true });
  }
}

function installedKilobytes(folder) {
  let bytes = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return Math.ceil(bytes / 1024);
}

/** Debian control text: multi-line descriptions continue on lines starting with a space, blank ones as " .". */
function controlFile(options, root) {
  const [synopsis = '', ...rest] = only(options, '--description', '').split('\n');
  const longDescription = rest.map((line) => (line.trim() === '' ? ' .' : ` ${line.trim()}`));
  const iteration = options.get('--iteration');
  const fields = [
    ['Package', only(options, '--name')],
    ['Version', iteration ? `${only(options, '--version')}-${iteration.at(-1)}` : only(options, '--version')],
    ['License', options.get('--license')?.at(-1)],
    ['Vendor', options.get('--vendor')?.at(-1)],
    ['Architecture', only(options, '--architecture')],
    ['Maintainer', only(options, '--maintainer')],
    ['Installed-Size', String(installedKilobytes(root))],
    ['Depends', options.get('-d')?.join(', ')],
    ['Recommends', options.get('--deb-recommends')?.join(', ')],
    ['Section', options.get('--category')?.at(-1) ?? 'default'],
    ['Priority', only(options, '--deb-priority', 'optional')],
    ['Homepage', options.get('--url')?.at(-1)],
    ['Description', [synopsis.trim(), ...longDescription].join('\n')],
  ];
  return `${fields
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n')}\n`;
}

const { options, mappings } = parseArguments(process.argv.slice(2));
if (only(options, '-s') !== 'dir' || only(options, '-t') !== 'deb') {
  fail('this stand-in builds only a .deb from a folder (-s dir -t deb)');
}
const output = only(options, '--package');
const root = mkdtempSync(path.join(tmpdir(), 'stand-in-fpm-'));
// The folder becomes the package's ./ entry: give it the mode an installed root has, not mkdtemp's 0700.
chmodSync(root, 0o755);
try {
  for (const mapping of mappings) copyMapping(root, mapping);
  const control = path.join(root, 'DEBIAN');
  mkdirSync(control);
  writeFileSync(path.join(control, 'control'), controlFile(options, root));
  for (const [option, script] of [
    ['--after-install', 'postinst'],
    ['--after-remove', 'postrm'],
  ]) {
    const source = options.get(option)?.at(-1);
    if (source === undefined) continue;
    cpSync(source, path.join(control, script));
    chmodSync(path.join(control, script), 0o755);
  }
  rmSync(output, { force: true });
  const built = spawnSync(
    'dpkg-deb',
    // The compressor electron-builder asked for, at its fastest level: xz's default level took three quarters of
    // the whole check's time, and the level changes no file in the package.
    [`-Z${only(options, '--deb-compression', 'xz')}`, '-z1', '--root-owner-group', '--build', root, output],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (built.error) fail(`dpkg-deb could not be started (${built.error.message}); install Debian's dpkg`);
  if (built.status !== 0) fail(`dpkg-deb failed with exit code ${built.status}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
