import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** The Debian packages the packaging check runs (scripts/install-system-deps.sh installs them). */
const PACKAGING_CHECK_TOOLS = {
  'dpkg-deb': 'dpkg',
  mksquashfs: 'squashfs-tools',
  unsquashfs: 'squashfs-tools',
  'desktop-file-validate': 'desktop-file-utils',
} as const;

type Tool = keyof typeof PACKAGING_CHECK_TOOLS;

/** An executable's path on PATH (or /usr/sbin, /sbin), or null. */
export function findOnPath(name: string): string | null {
  const folders = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/sbin'];
  for (const folder of folders.filter(Boolean)) {
    const candidate = path.join(folder, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this folder; try the next.
    }
  }
  return null;
}

/** The tool's path, or an error naming the Debian package to install. */
export function requireTool(tool: Tool): string {
  const found = findOnPath(tool);
  if (found !== null) return found;
  const debianPackage = PACKAGING_CHECK_TOOLS[tool];
  throw new Error(
    `The packaging check needs ${tool}, which is not installed: install the Debian package ${debianPackage} ` +
      `(sudo apt-get install ${debianPackage}, or run scripts/install-system-deps.sh).`,
  );
}

/** Runs a tool and returns what it printed; a failure throws with its own message. */
export function runTool(tool: Tool, args: string[]): string {
  return execFileSync(requireTool(tool), args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}
