import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SetupProbes } from './setup-plan.mjs';
import { commandFailure, formatPlan, planSetup } from './setup-plan.mjs';
import { detectSystem, findCommand, SYSTEM_TOOLS } from './system-tools.mjs';

const DEBIAN = { kind: 'debian', name: 'Debian/Ubuntu (apt)' } as const;
const MACOS = { kind: 'macos', name: 'macOS (Homebrew)' } as const;
const WINDOWS = { kind: 'windows', name: 'Windows (winget)' } as const;
const FREEBSD = { kind: 'unknown', name: 'freebsd' } as const;

/** Probes of an imagined machine: the files that exist and are executable, the commands and packages it has. */
function machine(
  system: SetupProbes['system'],
  options: {
    files?: string[];
    commands?: string[];
    packages?: string[];
    isRoot?: boolean;
    env?: NodeJS.ProcessEnv;
  },
): SetupProbes {
  const files = new Set(options.files ?? []);
  const platform = system.kind === 'windows' ? 'win32' : system.kind === 'macos' ? 'darwin' : 'linux';
  return {
    system,
    platform,
    env: options.env ?? { PATH: '/usr/bin' },
    isExecutable: (file) => files.has(file),
    isRoot: options.isRoot ?? false,
    hasCommand: (command) => (options.commands ?? []).includes(command),
    packageInstalled: (name) => (options.packages ?? []).includes(name),
  };
}

const allDebianPackages = SYSTEM_TOOLS.flatMap((tool) => tool.debian);

describe('the set-up plan on Debian/Ubuntu', () => {
  it('is quiet and does nothing when every package is installed', () => {
    const plan = planSetup(machine(DEBIAN, { packages: allDebianPackages, commands: ['sudo'] }));
    expect(plan).toEqual({ kind: 'ready' });
    expect(formatPlan(plan)).toBe('');
  });

  it('installs only the missing packages through sudo, saying what each is for and that sudo needs rights', () => {
    const present = allDebianPackages.filter((name) => name !== 'espeak-ng' && name !== 'fakeroot');
    const plan = planSetup(machine(DEBIAN, { packages: present, commands: ['sudo'] }));
    expect(plan).toMatchObject({ kind: 'install', packages: ['espeak-ng', 'fakeroot'] });
    if (plan.kind !== 'install') throw new Error('expected an install plan');
    expect(plan.commands.at(-1)).toEqual([
      'sudo',
      'env',
      'DEBIAN_FRONTEND=noninteractive',
      'apt-get',
      'install',
      '-y',
      '-qq',
      '--no-install-recommends',
      'espeak-ng',
      'fakeroot',
    ]);
    const text = formatPlan(plan, { dryRun: true });
    expect(text).toContain("espeak-ng: the stand-in's offline speech synthesis");
    expect(text).toContain('packaging: the packaging check');
    expect(text).toContain('runs through sudo, which may ask for your password');
    expect(text).toContain('dry run: nothing is run');
  });

  it('includes the packaging check’s squashfs-tools, desktop-file-utils and fakeroot', () => {
    const plan = planSetup(machine(DEBIAN, { isRoot: true }));
    if (plan.kind !== 'install') throw new Error('expected an install plan');
    expect(plan.packages).toEqual(
      expect.arrayContaining(['squashfs-tools', 'desktop-file-utils', 'fakeroot']),
    );
    expect(plan.commands.every((command) => command[0] === 'env')).toBe(true);
    expect(plan.admin).toContain('running as root');
  });

  it('stops, naming the packages, when it is not root and there is no sudo', () => {
    const plan = planSetup(machine(DEBIAN, { packages: allDebianPackages.filter((name) => name !== 'sox') }));
    expect(plan.kind).toBe('stop');
    expect(formatPlan(plan)).toContain('sudo is not installed: run this script as root');
    expect(formatPlan(plan)).toContain('apt-get install sox');
  });
});

describe('the set-up plan on macOS', () => {
  const withFfmpeg = ['/opt/homebrew/bin/ffmpeg', '/opt/homebrew/bin/ffprobe'];
  const env = { PATH: '/opt/homebrew/bin:/usr/bin' };

  it('installs what is missing with Homebrew, without administrator rights, and leaves e2e to Linux', () => {
    const plan = planSetup(machine(MACOS, { files: withFfmpeg, commands: ['brew'], env }));
    expect(plan).toMatchObject({ kind: 'install', commands: [['brew', 'install', 'espeak-ng', 'sox']] });
    const text = formatPlan(plan);
    expect(text).toContain('Administrator rights: none');
    expect(text).toContain('chromium: the end-to-end journeys run on Linux (CI)');
    expect(text).toContain('keytar uses the keychain built into macOS and Windows');
    expect(text).not.toContain('ffmpeg (ffmpeg, ffprobe)');
  });

  it('stops with where to get Homebrew, and each tool by hand, when brew is missing', () => {
    const plan = planSetup(machine(MACOS, { env }));
    expect(plan.kind).toBe('stop');
    const text = formatPlan(plan);
    expect(text).toContain('Homebrew is not installed');
    expect(text).toContain('https://brew.sh');
    expect(text).toContain('https://ffmpeg.org/download.html');
  });

  it('is ready when the tools are on PATH', () => {
    const files = ['espeak-ng', 'ffmpeg', 'ffprobe', 'sox'].map((name) => `/opt/homebrew/bin/${name}`);
    expect(planSetup(machine(MACOS, { files, commands: ['brew'], env }))).toEqual({ kind: 'ready' });
  });
});

describe('the set-up plan on Windows', () => {
  const env = {
    Path: 'C:\\Windows\\system32;C:\\Users\\ada\\AppData\\Local\\Microsoft\\WinGet\\Links',
    PATHEXT: '.COM;.EXE;.BAT;.CMD',
    ProgramFiles: 'C:\\Program Files',
    'ProgramFiles(x86)': 'C:\\Program Files (x86)',
  };

  it('installs each missing tool with winget, warns of UAC, and says where an installed tool is off PATH', () => {
    const plan = planSetup(
      machine(WINDOWS, { files: ['C:\\Program Files\\eSpeak NG\\espeak-ng.exe'], commands: ['winget'], env }),
    );
    if (plan.kind !== 'install') throw new Error('expected an install plan');
    expect(plan.commands.map((command) => command[3])).toEqual(['Gyan.FFmpeg', 'ChrisBagwell.SoX']);
    const text = formatPlan(plan);
    expect(text).toContain('UAC');
    expect(text).toContain('Open a new terminal');
    expect(text).toContain('installed in C:\\Program Files\\eSpeak NG, which is not on PATH');
  });

  it('finds commands through PATHEXT, on a PATH spelled "Path"', () => {
    const links = 'C:\\Users\\ada\\AppData\\Local\\Microsoft\\WinGet\\Links';
    const isExecutable = (file: string) => file === `${links}\\ffmpeg.exe`;
    expect(findCommand('ffmpeg', { platform: 'win32', env, isExecutable })).toBe(`${links}\\ffmpeg.exe`);
    expect(findCommand('ffprobe', { platform: 'win32', env, isExecutable })).toBeUndefined();
  });
});

describe('the set-up plan on a system it does not know', () => {
  it('stops with every tool to install by hand, what each is for and where to get it', () => {
    const plan = planSetup(machine(FREEBSD, { env: { PATH: '/usr/local/bin' } }));
    expect(plan.kind).toBe('stop');
    const text = formatPlan(plan);
    expect(text).toContain('this system is freebsd');
    for (const expected of [
      'espeak-ng',
      'ffmpeg (ffmpeg, ffprobe)',
      'sox',
      'chromium (chromium or chromium-browser)',
    ]) {
      expect(text).toContain(`  - ${expected}`);
    }
    expect(text).toContain('https://ffmpeg.org/download.html');
    expect(text).toContain('libsecret-1-dev');
  });

  it('only notes what it cannot check once every tool it can check is there', () => {
    const files = ['espeak-ng', 'ffmpeg', 'ffprobe', 'sox', 'chromium'].map(
      (name) => `/usr/local/bin/${name}`,
    );
    const plan = planSetup(machine(FREEBSD, { files, env: { PATH: '/usr/local/bin' } }));
    expect(plan.kind).toBe('note');
    expect(formatPlan(plan)).toContain('make sure these are installed too');
  });

  it('is told apart from Debian by apt, and named from os-release', () => {
    const fedora = 'NAME="Fedora Linux"\nPRETTY_NAME="Fedora Linux 41 (Workstation Edition)"\n';
    expect(detectSystem({ platform: 'linux', hasCommand: () => false, osRelease: fedora })).toEqual({
      kind: 'unknown',
      name: 'Fedora Linux 41 (Workstation Edition) (linux, no apt)',
    });
    expect(detectSystem({ platform: 'linux', hasCommand: () => true })).toEqual(DEBIAN);
    expect(detectSystem({ platform: 'freebsd', hasCommand: () => true })).toEqual(FREEBSD);
  });
});

describe('a failed set-up command', () => {
  it('is named with its exit code, its signal, or why it could not start', () => {
    const argv = ['sudo', 'apt-get', 'install', 'sox'];
    expect(commandFailure(argv, { status: 0, signal: null })).toBeUndefined();
    expect(commandFailure(argv, { status: 100, signal: null })).toBe(
      '✗ `sudo apt-get install sox` failed with exit code 100.',
    );
    expect(commandFailure(argv, { status: null, signal: 'SIGINT' })).toContain('was stopped by SIGINT');
    expect(
      commandFailure(['winget'], { error: new Error('spawn winget ENOENT'), status: null, signal: null }),
    ).toBe('✗ Could not start `winget`: spawn winget ENOENT');
  });
});

describe('scripts/install-system-deps.mjs on this machine', () => {
  const script = path.join(import.meta.dirname, 'install-system-deps.mjs');

  it('prints its plan in --dry-run and changes nothing', () => {
    const result = spawnSync(process.execPath, [script, '--dry-run'], { encoding: 'utf8', timeout: 30_000 });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    // Either everything is here, or the plan says what it would install; a dry run never runs a command.
    expect(result.stdout).toMatch(/Nothing to install on |It would run \(dry run: nothing is run\):/);
    expect(result.stdout).not.toMatch(/^\$ /m);
  });

  it.runIf(process.platform === 'linux')(
    'on Linux, names the apt-get command that failed and exits with its code (fake apt-get, dpkg-query, sudo)',
    () => {
      const fakes = mkdtempSync(path.join(tmpdir(), 'timbre-fake-apt-'));
      try {
        const fake = (name: string, body: string) => {
          writeFileSync(path.join(fakes, name), `#!/bin/sh\n${body}\n`);
          chmodSync(path.join(fakes, name), 0o755);
        };
        // Everything is installed but sox; apt-get's update works, its install fails as apt does (100).
        fake('dpkg-query', 'case "$3" in sox) exit 1 ;; *) printf "install ok installed" ;; esac');
        fake(
          'apt-get',
          'if [ "$1" = install ]; then echo "E: Unable to locate package sox" >&2; exit 100; fi',
        );
        fake('sudo', 'exec "$@"');
        const result = spawnSync(process.execPath, [script], {
          encoding: 'utf8',
          // npm_config_nodedir: the real script must not seed this home's node-gyp cache from a test.
          env: { ...process.env, PATH: `${fakes}:${process.env.PATH ?? ''}`, npm_config_nodedir: '/usr' },
          timeout: 30_000,
        });
        expect(result.stdout).toContain('will install:\n  - sox: the tests');
        expect(result.stderr).toMatch(
          /✗ `(sudo )?env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends sox` failed with exit code 100\./,
        );
        expect(result.status).toBe(100);
      } finally {
        rmSync(fakes, { recursive: true, force: true });
      }
    },
  );

  it.runIf(process.platform === 'linux')(
    'on Linux, runs update then install, and checks the tools are there',
    () => {
      const fakes = mkdtempSync(path.join(tmpdir(), 'timbre-fake-apt-'));
      try {
        const log = path.join(fakes, 'calls');
        for (const [name, body] of [
          ['dpkg-query', 'case "$3" in sox) exit 1 ;; *) printf "install ok installed" ;; esac'],
          ['apt-get', `echo "apt-get $*" >> '${log}'`],
          ['sudo', 'exec "$@"'],
        ] as const) {
          writeFileSync(path.join(fakes, name), `#!/bin/sh\n${body}\n`);
          chmodSync(path.join(fakes, name), 0o755);
        }
        const result = spawnSync(process.execPath, [script], {
          encoding: 'utf8',
          // npm_config_nodedir: the real script must not seed this home's node-gyp cache from a test.
          env: { ...process.env, PATH: `${fakes}:${process.env.PATH ?? ''}`, npm_config_nodedir: '/usr' },
          timeout: 30_000,
        });
        expect(result.stderr).toBe('');
        expect(result.status).toBe(0);
        expect(readFileSync(log, 'utf8')).toBe(
          'apt-get update -qq\napt-get install -y -qq --no-install-recommends sox\n',
        );
        // sox itself is on this machine's PATH, so the check after installing finds it.
        expect(result.stdout).toContain('✓ System tools installed.');
      } finally {
        rmSync(fakes, { recursive: true, force: true });
      }
    },
  );

  it('refuses an option it does not know, with its usage', () => {
    const result = spawnSync(process.execPath, [script, '--yes'], { encoding: 'utf8' });
    expect(result.status).toBe(64);
    expect(result.stderr).toContain('usage: node scripts/install-system-deps.mjs [--dry-run]');
  });
});
