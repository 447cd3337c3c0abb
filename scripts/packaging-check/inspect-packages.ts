import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { runTool } from './system-tools.js';

/** One entry of a package's file list: its absolute path once installed, and a symlink's target. */
export interface PackagedFile {
  path: string;
  linkTarget?: string;
  executable: boolean;
}

/** What the packaging check read out of the .deb and the AppImage. */
export interface PackageContents {
  debFiles: PackagedFile[];
  /** The control file's fields (Package, Version, Depends…). */
  debFields: Record<string, string>;
  /** The maintainer scripts' names and text (postinst, postrm…). */
  debScripts: Record<string, string>;
  /** Text of the .deb's files the check reads, by installed path (desktop entries, MIME XML, /usr/bin/timbre). */
  debTexts: Record<string, string>;
  /** Whether the installed app binary's RunAsNode fuse is on (null: no fuse wire found). */
  appRunAsNodeFuse: boolean | null;
  /** desktop-file-validate's complaints about the .deb's desktop entries ('' when it has none). */
  desktopValidation: string;
  /** Every path inside the .deb's app.asar, each starting with '/'. */
  asarFiles: string[];
  /** The AppImage's squashfs file list, each path starting with '/'. */
  appImageFiles: string[];
  appImageOffset: number;
  /** Text of the AppImage's desktop entries, by path. */
  appImageTexts: Record<string, string>;
}

type AppImageKey = Extract<keyof PackageContents, `appImage${string}`>;

// `dpkg-deb -c` prints tar's long listing: mode, owner, size, date, time, ./path, then ' -> target' for links.
const LISTING_LINE = /^(\S+)\s+\S+\s+\d+\s+\S+\s+\S+\s+\.(\/.*?)(?: -> (.*))?$/u;

function parseDebListing(listing: string): PackagedFile[] {
  return listing
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const match = LISTING_LINE.exec(line);
      if (match === null) throw new Error(`dpkg-deb -c printed a line the check cannot read: ${line}`);
      const [, mode = '', file = '', linkTarget] = match;
      const entry: PackagedFile = { path: file.replace(/\/$/u, '') || '/', executable: mode.includes('x') };
      return linkTarget === undefined ? entry : { ...entry, linkTarget };
    });
}

/** Control fields from `dpkg-deb --field`: `Name: value` lines, continuation lines appended. */
function parseControlFields(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  let current = '';
  for (const line of text.split('\n')) {
    const field = /^([A-Za-z-]+): ?(.*)$/u.exec(line);
    if (field !== null) {
      current = field[1] ?? '';
      fields[current] = field[2] ?? '';
    } else if (line.startsWith(' ') && current !== '') {
      fields[current] += `\n${line}`;
    }
  }
  return fields;
}

const isTextToRead = (file: string): boolean =>
  file.endsWith('.desktop') || file.startsWith('/usr/share/mime/packages/') || file.startsWith('/usr/bin/');

/** A fuse's byte in the wire when it is on ('1'; '0' off). */
const FUSE_ON = '1'.charCodeAt(0);

/** Whether the binary's RunAsNode fuse is on, read as @electron/fuses reads it; null without a fuse wire. */
async function runAsNodeFuse(binary: string): Promise<boolean | null> {
  try {
    return (await getCurrentFuseWire(binary))[FuseV1Options.RunAsNode] === FUSE_ON;
  } catch {
    return null;
  }
}

async function inspectDeb(deb: string, appBinary: string): Promise<Omit<PackageContents, AppImageKey>> {
  const debFiles = parseDebListing(runTool('dpkg-deb', ['-c', deb]));
  const debFields = parseControlFields(runTool('dpkg-deb', ['--field', deb]));
  const unpacked = await mkdtemp(`${deb}-contents-`);
  const control = await mkdtemp(`${deb}-control-`);
  try {
    runTool('dpkg-deb', ['-x', deb, unpacked]);
    runTool('dpkg-deb', ['-e', deb, control]);
    const debScripts: Record<string, string> = {};
    for (const name of (await readdir(control)).filter((file) => file !== 'control')) {
      debScripts[name] = await readFile(path.join(control, name), 'utf8');
    }
    const debTexts: Record<string, string> = {};
    for (const file of debFiles.filter(
      (entry) => entry.linkTarget === undefined && isTextToRead(entry.path),
    )) {
      debTexts[file.path] = await readFile(path.join(unpacked, file.path), 'utf8');
    }
    const desktopEntries = debFiles.filter((file) => file.path.endsWith('.desktop'));
    const desktopValidation = desktopEntries
      .map((file) => runTool('desktop-file-validate', [path.join(unpacked, file.path)]))
      .join('');
    const asar = debFiles.find((file) => file.path.endsWith('/resources/app.asar'));
    const asarFiles = asar ? listPackage(path.join(unpacked, asar.path), { isPack: false }) : [];
    const appRunAsNodeFuse = await runAsNodeFuse(path.join(unpacked, appBinary));
    return { debFiles, debFields, debScripts, debTexts, appRunAsNodeFuse, desktopValidation, asarFiles };
  } finally {
    await rm(unpacked, { recursive: true, force: true });
    await rm(control, { recursive: true, force: true });
  }
}

/**
 * The AppImage's squashfs starts right after its runtime; the runtime (the real one and the check's stand-in)
 * prints that offset when run with --appimage-offset.
 */
function inspectAppImage(appImage: string): Pick<PackageContents, AppImageKey> {
  const appImageOffset = Number(execFileSync(appImage, ['--appimage-offset'], { encoding: 'utf8' }).trim());
  if (!Number.isInteger(appImageOffset) || appImageOffset <= 0) {
    throw new Error(`${appImage} did not print its squashfs offset for --appimage-offset`);
  }
  const offset = String(appImageOffset);
  const appImageFiles = runTool('unsquashfs', ['-o', offset, '-l', '-d', '', appImage])
    .split('\n')
    .filter((line) => line.startsWith('/'));
  const appImageTexts: Record<string, string> = {};
  for (const file of appImageFiles.filter(isTextToRead)) {
    appImageTexts[file] = runTool('unsquashfs', ['-o', offset, '-cat', appImage, file]);
  }
  return { appImageFiles, appImageOffset, appImageTexts };
}

/** Reads both packages; `appBinary` is the app's installed path in the .deb (/opt/…/<executable>). */
export async function inspectPackages(
  deb: string,
  appImage: string,
  appBinary: string,
): Promise<PackageContents> {
  return { ...(await inspectDeb(deb, appBinary)), ...inspectAppImage(appImage) };
}
