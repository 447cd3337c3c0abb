import { execFile } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * resources/bin/timbre, the POSIX launcher the installers ship (electron-builder extraResources → bin/), run by
 * /bin/sh and dash against a fake app binary that prints how it was started.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const launcher = path.join(root, 'resources', 'bin', 'timbre');
const HEADLESS = ['--ozone-platform=headless', '--disable-gpu'];

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-launcher-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Run {
  code: number;
  binary: string;
  args: string[];
  stderr: string;
}

/** A stand-in for the app's binary: prints its own path and each argument on a line, exits with FAKE_EXIT. */
async function fakeBinary(filePath: string): Promise<string> {
  await mkdir(path.dirname(filePath), { recursive: true });
  await writeFile(filePath, '#!/bin/sh\nprintf \'%s\\n\' "$0" "$@"\nexit "${FAKE_EXIT:-0}"\n');
  await chmod(filePath, 0o755);
  return filePath;
}

/** The launcher copied into `binDir`, as an installer lays it out. */
async function installLauncher(binDir: string): Promise<string> {
  await mkdir(binDir, { recursive: true });
  const copy = path.join(binDir, 'timbre');
  await copyFile(launcher, copy);
  await chmod(copy, 0o755);
  return copy;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}, shell = '/bin/sh'): Promise<Run> {
  const { APPIMAGE: _image, APPDIR: _dir, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(shell, [command, ...args], { env: { ...inherited, ...env } }, (error, stdout, stderr) => {
      const [binary = '', ...rest] = stdout.split('\n').slice(0, -1);
      const code = error ? Number((error as { code?: number }).code ?? 1) : 0;
      resolve({ code, binary, args: rest, stderr });
    });
  });
}

describe('resources/bin/timbre', () => {
  it('runs the Linux install’s binary two folders up with --cli, headless, and the arguments as given', async () => {
    const app = path.join(dir, 'opt', 'Timbre Studio');
    const binary = await fakeBinary(path.join(app, 'timbre-studio'));
    const script = await installLauncher(path.join(app, 'resources', 'bin'));
    for (const shell of ['/bin/sh', '/usr/bin/dash']) {
      const result = await run(script, ['export', 'My book.timbre', '--out', 'a b'], {}, shell);
      expect(result).toEqual({
        code: 0,
        binary,
        args: [...HEADLESS, '--cli', 'export', 'My book.timbre', '--out', 'a b'],
        stderr: '',
      });
    }
  });

  it('passes the tool’s exit code through', async () => {
    const app = path.join(dir, 'opt', 'Timbre Studio');
    await fakeBinary(path.join(app, 'timbre-studio'));
    const script = await installLauncher(path.join(app, 'resources', 'bin'));
    expect((await run(script, ['export'], { FAKE_EXIT: '2' })).code).toBe(2);
    expect((await run(script, ['export'], { FAKE_EXIT: '130' })).code).toBe(130);
  });

  it('finds the app through a chain of symlinks to itself, relative and absolute', async () => {
    const app = path.join(dir, 'Timbre Studio.app', 'Contents');
    const binary = await fakeBinary(path.join(app, 'MacOS', 'Timbre Studio'));
    const script = await installLauncher(path.join(app, 'Resources', 'bin'));
    const onPath = path.join(dir, 'usr', 'local', 'bin');
    await mkdir(onPath, { recursive: true });
    await symlink(script, path.join(dir, 'absolute-link'));
    await symlink(path.join('..', '..', '..', 'absolute-link'), path.join(onPath, 'timbre'));
    const result = await run(path.join(onPath, 'timbre'), ['--version']);
    expect(result.binary).toBe(binary);
    expect(result.args.slice(-2)).toEqual(['--cli', '--version']);
  });

  it('starts the AppImage file from inside its mount, and from a copy away from the app', async () => {
    const image = await fakeBinary(path.join(dir, 'Timbre Studio.AppImage'));
    const mount = path.join(dir, 'mount');
    await fakeBinary(path.join(mount, 'timbre-studio'));
    const inside = await installLauncher(path.join(mount, 'resources', 'bin'));
    const fromMount = await run(inside, ['export', 'x.timbre'], { APPIMAGE: image, APPDIR: mount });
    expect(fromMount.binary).toBe(image);
    expect(fromMount.args).toEqual([...HEADLESS, '--cli', 'export', 'x.timbre']);
    const away = await installLauncher(path.join(dir, 'elsewhere', 'bin'));
    expect((await run(away, ['--help'], { APPIMAGE: image })).binary).toBe(image);
  });

  it('says where it looked when no app is there, exit 1', async () => {
    const away = await installLauncher(path.join(dir, 'lonely', 'bin'));
    const result = await run(away, ['--help']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^timbre: the Timbre Studio app was not found from .*lonely\/bin/u);
  });
});
