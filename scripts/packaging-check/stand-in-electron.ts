import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

// Where @electron/fuses finds the fuse wire in an Electron binary: this marker, the wire's version, its length,
// then one byte per fuse ('0' off, '1' on). Electron's own defaults here: every fuse on except the asar ones.
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ELECTRON_DEFAULT_WIRE = '11110001';

/** What the stand-in binary says when someone runs it (it is a shell script that refuses to start). */
const STAND_IN_ELECTRON_NOTICE =
  'STAND-IN FOR ELECTRON made by the packaging check: it cannot run Timbre Studio. This package checks packaging, not Electron.';

/**
 * A stand-in for Electron's executable: a shell script that says what it is and exits 1, followed by the fuse
 * wire as in a real binary, so electron-builder's afterPack hook (scripts/after-pack.cjs) can flip its fuses.
 */
export async function writeStandInElectronBinary(file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const wire = Buffer.from(ELECTRON_DEFAULT_WIRE, 'latin1');
  await writeFile(
    file,
    Buffer.concat([
      Buffer.from(
        `#!/bin/sh\necho '${STAND_IN_ELECTRON_NOTICE}' >&2\nexit 1\n# fuse wire: ${FUSE_SENTINEL}`,
        'latin1',
      ),
      Buffer.from([1, wire.length]),
      wire,
      Buffer.from('\n', 'latin1'),
    ]),
  );
  await chmod(file, 0o755);
}

/** The files of an unpacked Electron for Linux that electron-builder moves, renames or keeps, each labelled. */
const DISTRIBUTION_FILES = [
  'LICENSE',
  'LICENSES.chromium.html',
  'chrome-sandbox',
  'chrome_crashpad_handler',
  'icudtl.dat',
  'libffmpeg.so',
  'resources.pak',
  'snapshot_blob.bin',
  'v8_context_snapshot.bin',
  'locales/en-US.pak',
];

/**
 * Makes `<folder>/fake-electron-dist/` for electron-builder's `electronDist`: the stand-in binary named `electron`
 * (electron-builder renames it to the app's executable name) and placeholder files where Electron has its own.
 * Electron's `resources/default_app.asar` is left out: electron-builder deletes it, and only a real asar passes
 * its integrity hashing. Returns the folder.
 */
export async function makeStandInElectronDist(folder: string, electronVersion: string): Promise<string> {
  const dist = path.join(folder, 'fake-electron-dist');
  await mkdir(path.join(dist, 'resources'), { recursive: true });
  await writeStandInElectronBinary(path.join(dist, 'electron'));
  await writeFile(path.join(dist, 'version'), electronVersion);
  for (const name of DISTRIBUTION_FILES) {
    await mkdir(path.dirname(path.join(dist, name)), { recursive: true });
    await writeFile(
      path.join(dist, name),
      `Placeholder for Electron's ${name}, made by the packaging check.\n`,
    );
  }
  return dist;
}
