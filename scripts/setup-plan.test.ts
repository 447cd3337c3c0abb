import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SetupProbes } from './setup-plan.mjs';
import { alreadyInstalledNote, commandFailure, formatPlan, planSetup } from './setup-plan.mjs';
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
  const locate = (command: string) => {
    const entry = (options.commands ?? []).find((name) => name === command || name.endsWith(`/${command}`));
    return entry === command ? `/usr/bin/${command}` : entry;
  };
  const platform = system.kind === 'windows' ? 'win32' : system.kind === 'macos' ? 'darwin' : 'linux';
  return {
    system,
    platform,
    env: options.env ?? { PATH: '/usr/bin' },
    isExecutable: (file) => files.has(file),
    isRoot: options.isRoot ?? false,
    // A command is a bare name (found in /usr/bin) or a full path (found there, e.g. Homebrew off PATH).
    hasCommand: (command) => locate(command) !== undefined,
    locateCommand: (command) => locate(command),
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

  it('installs no chromium when CHROMIUM_PATH names a browser (CI’s Chrome; Ubuntu’s chromium is a snap wrapper)', () => {
    const allButChromium = allDebianPackages.filter((name) => name !== 'chromium');
    const chrome = { PATH: '/usr/bin', CHROMIUM_PATH: '/usr/bin/google-chrome' };
    const withChrome = { packages: allButChromium, commands: ['sudo'], env: chrome };
    expect(planSetup(machine(DEBIAN, { ...withChrome, files: ['/usr/bin/google-chrome'] }))).toEqual({
      kind: 'ready',
    });
    const plan = planSetup(
      machine(DEBIAN, { ...withChrome, files: ['/usr/bin/google-chrome'], packages: [] }),
    );
    if (plan.kind !== 'install') throw new Error('expected an install plan');
    expect(plan.packages).not.toContain('chromium');
    expect(formatPlan(plan)).toContain('CHROMIUM_PATH names /usr/bin/google-chrome');
    // A CHROMIUM_PATH that names no executable file does not stand in for Chromium.
    expect(planSetup(machine(DEBIAN, withChrome))).toMatchObject({ kind: 'install', packages: ['chromium'] });
  });

  it('stops, naming the packages, when it is not root and there is no sudo', () => {
    const plan = planSetup(machine(DEBIAN, { packages: allDebianPackages.filter((name) => name !== 'sox') }));
    expect(plan.kind).toBe('stop');
    expect(formatPlan(plan)).toContain('sudo is not installed: run this script as root');
    expect(formatPlan(plan)).toContain('apt-get install sox');
  });
});

describe('the set-up plan on macOS', () => {
  const withFfmpeg = ['/opt/homebrew/bin/brew', '/opt/homebrew/bin/ffmpeg', '/opt/homebrew/bin/ffprobe'];
  const env = { PATH: '/opt/homebrew/bin:/usr/bin' };

  it('installs what is missing with Homebrew, without administrator rights, and leaves e2e to Linux', () => {
    const plan = planSetup(machine(MACOS, { files: withFfmpeg, commands: ['/opt/homebrew/bin/brew'], env }));
    expect(plan).toMatchObject({
      kind: 'install',
      commands: [['/opt/homebrew/bin/brew', 'install', 'espeak-ng', 'sox']],
      after: [],
    });
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

  it('runs a new Mac’s brew by its full path, off PATH, and says to run brew’s shellenv line afterwards', () => {
    const plan = planSetup(
      machine(MACOS, { commands: ['/opt/homebrew/bin/brew'], env: { PATH: '/usr/bin:/bin' } }),
    );
    if (plan.kind !== 'install') throw new Error('expected an install plan');
    expect(plan.commands).toEqual([['/opt/homebrew/bin/brew', 'install', 'espeak-ng', 'ffmpeg', 'sox']]);
    expect(plan.after).toEqual([expect.stringContaining('run eval "$(/opt/homebrew/bin/brew shellenv)"')]);
    expect(formatPlan(plan)).toContain('Afterwards:\n  Homebrew is in /opt/homebrew/bin');
  });

  it('counts the tools in Homebrew’s folder as installed when PATH lacks it, and says how to add it', () => {
    const files = ['brew', 'espeak-ng', 'ffmpeg', 'ffprobe', 'sox'].map(
      (name) => `/opt/homebrew/bin/${name}`,
    );
    const plan = planSetup(
      machine(MACOS, { files, commands: ['/opt/homebrew/bin/brew'], env: { PATH: '/usr/bin:/bin' } }),
    );
    expect(plan.kind).toBe('note');
    expect(formatPlan(plan)).toContain(
      'installed in /opt/homebrew/bin, which is not on PATH: run eval "$(/opt/homebrew/bin/brew shellenv)"',
    );
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
    for (const command of plan.commands) {
      expect(command).toEqual(
        expect.arrayContaining([
          '--disable-interactivity',
          '--accept-package-agreements',
          '--accept-source-agreements',
        ]),
      );
    }
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

describe('a winget install that finds its package already there', () => {
  const install = ['winget', 'install', '--id', 'Gyan.FFmpeg', '--exact'];

  it('succeeds with a note, whether Node gives the HRESULT unsigned or signed', () => {
    expect(alreadyInstalledNote(install, { status: 0x8a150061 })).toBe(
      '✓ Gyan.FFmpeg is already installed (winget exit code 0x8A150061, APPINSTALLER_CLI_ERROR_PACKAGE_ALREADY_INSTALLED).',
    );
    expect(alreadyInstalledNote(install, { status: 0x8a15002b - 2 ** 32 })).toContain(
      '0x8A15002B, APPINSTALLER_CLI_ERROR_UPDATE_NOT_APPLICABLE',
    );
  });

  it('is a failure for any other code, and for any other command', () => {
    expect(alreadyInstalledNote(install, { status: 0x8a150014 })).toBeUndefined();
    expect(alreadyInstalledNote(install, { status: 0 })).toBeUndefined();
    expect(alreadyInstalledNote(install, { status: null })).toBeUndefined();
    expect(alreadyInstalledNote(['brew', 'install', 'sox'], { status: 0x8a150061 })).toBeUndefined();
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

  it('says so when every tool is here, run for real too (the quick start runs it first)', () => {
    const plan = spawnSync(process.execPath, [script, '--dry-run'], { encoding: 'utf8', timeout: 30_000 });
    // On a machine missing a tool a real run would install it: only a ready machine is run for real here.
    if (!plan.stdout.includes('Nothing to install on ')) {
      expect(plan.stdout).toMatch(/It would run \(dry run: nothing is run\):/);
      return;
    }
    const result = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^✓ Nothing to install on .+: every tool is here\.$/m);
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
    'on Linux, runs update then install (no chromium when CHROMIUM_PATH names one), and checks the tools are there',
    () => {
      const fakes = mkdtempSync(path.join(tmpdir(), 'timbre-fake-apt-'));
      try {
        const log = path.join(fakes, 'calls');
        for (const [name, body] of [
          // chromium is missing too, but CHROMIUM_PATH names a browser (here any executable file) instead.
          ['dpkg-query', 'case "$3" in sox|chromium) exit 1 ;; *) printf "install ok installed" ;; esac'],
          ['apt-get', `echo "apt-get $*" >> '${log}'`],
          ['sudo', 'exec "$@"'],
        ] as const) {
          writeFileSync(path.join(fakes, name), `#!/bin/sh\n${body}\n`);
          chmodSync(path.join(fakes, name), 0o755);
        }
        const result = spawnSync(process.execPath, [script], {
          encoding: 'utf8',
          // npm_config_nodedir: the real script must not seed this home's node-gyp cache from a test.
          env: {
            ...process.env,
            PATH: `${fakes}:${process.env.PATH ?? ''}`,
            npm_config_nodedir: '/usr',
            CHROMIUM_PATH: process.execPath,
          },
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
