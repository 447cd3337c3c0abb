import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { requireTool } from './system-tools.js';

/** Bytes the stand-in runtime is padded to, so the squashfs after it starts at a fixed, stated offset. */
const STAND_IN_RUNTIME_SIZE = 4096;

/**
 * A stand-in for the AppImage runtime (the ELF that mounts the squashfs appended to it, which electron-builder
 * downloads from GitHub): a shell script that answers `--appimage-offset` as the real runtime does, so the
 * image's file list can be read with `unsquashfs -o`, and otherwise says what it is and exits 1.
 */
function standInRuntime(): Buffer {
  const script = [
    '#!/bin/sh',
    '# STAND-IN FOR THE APPIMAGE RUNTIME, made by the packaging check: this image cannot be started.',
    `if [ "$1" = --appimage-offset ]; then echo ${STAND_IN_RUNTIME_SIZE}; exit 0; fi`,
    "echo 'STAND-IN AppImage runtime: this image checks packaging, not Electron; it cannot run.' >&2",
    'exit 1',
    '',
  ].join('\n');
  const bytes = Buffer.alloc(STAND_IN_RUNTIME_SIZE, '#');
  bytes.write(script, 'latin1');
  bytes[STAND_IN_RUNTIME_SIZE - 1] = 0x0a;
  return bytes;
}

/**
 * Makes an `APPIMAGE_TOOLS_PATH` folder in electron-builder's FUSE2 layout (the default `toolsets.appimage`):
 * Debian's mksquashfs and desktop-file-validate under `linux-x64/`, the stand-in runtime as `runtime-x64`, and
 * an empty `lib/x64/` (the real toolset's bundled libraries, which the stand-in runtime does not need).
 */
export async function makeAppImageTools(folder: string): Promise<string> {
  const tools = path.join(folder, 'appimage-tools');
  await mkdir(path.join(tools, 'linux-x64'), { recursive: true });
  await mkdir(path.join(tools, 'lib', 'x64'), { recursive: true });
  for (const tool of ['mksquashfs', 'desktop-file-validate'] as const) {
    await symlink(requireTool(tool), path.join(tools, 'linux-x64', tool));
  }
  const runtime = path.join(tools, 'runtime-x64');
  await writeFile(runtime, standInRuntime());
  await chmod(runtime, 0o755);
  return tools;
}
